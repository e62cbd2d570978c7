#include "cli/hint_words.hpp"

#include <string>

#include "rules/variants.hpp"

namespace floe::cli {

formats::HintText hint_words(const rules::Diagnostic& d) {
    switch (d.hint) {
        case rules::Hint::None:
            return {};
        case rules::Hint::AllowNullMoves:
            return {.message_suffix = " (use --allow-null-moves)", .note = {}};
        case rules::Hint::VariantCrazyhouseDrop:
            return {.message_suffix = "; use --variant crazyhouse", .note = {}};
        case rules::Hint::VariantCrazyhousePocket:
            return {.message_suffix = " (Crazyhouse has: use --variant crazyhouse)", .note = {}};
        case rules::Hint::MaxGameBytes:
            return {.message_suffix = " (the limit set by --max-game-bytes)", .note = {}};
        case rules::Hint::OverriddenVariant: {
            if (d.hint_variant == nullptr) return {};
            const std::string name(d.hint_variant->name);
            const bool quoted = d.hint_variant->engine == rules::Engine::GlacialShift;
            return {.message_suffix = " --variant " + (quoted ? '"' + name + '"' : name),
                    .note           = {}};
        }
    }
    return {};
}

}  // namespace floe::cli
