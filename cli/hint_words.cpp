#include "cli/hint_words.hpp"

#include <string>

#include "rules/variants.hpp"

namespace floe::cli {

formats::HintText hint_words(const rules::Diagnostic& d) {
    switch (d.hint) {
        case rules::Hint::None:
            return {};
        case rules::Hint::AllowNullMoves:
            return {.message_suffix = {},
                    .note           = "--allow-null-moves reads null moves in the main line"};
        case rules::Hint::VariantCrazyhouseDrop:
            return {.message_suffix = {},
                    .note           = "drops are Crazyhouse moves: use --variant crazyhouse"};
        case rules::Hint::VariantCrazyhousePocket:
            return {.message_suffix = {},
                    .note           = "pockets are Crazyhouse's: use --variant crazyhouse"};
        case rules::Hint::MaxGameBytes:
            return {.message_suffix = {}, .note = "--max-game-bytes sets the limit"};
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
