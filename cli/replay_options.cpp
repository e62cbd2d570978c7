#include "cli/replay_options.hpp"

#include "cli/variant_option.hpp"

namespace floe::cli {

CLI::Option* add_null_moves_option(CLI::App& cmd, bool& allow) {
    return cmd.add_flag("--allow-null-moves", allow, "Accept the null move -- in the main line");
}

formats::GameOptions replay_options(const std::string& variant, bool allow_null_moves,
                                    rules::Encoding encoding, std::size_t max_game_bytes) {
    formats::GameOptions options;
    options.variant                = named_variant(variant);
    options.allow_null_moves       = allow_null_moves;
    options.parse.untagged_variant = options.variant;
    options.parse.encoding         = encoding;
    options.parse.max_game_bytes   = max_game_bytes;
    return options;
}

}  // namespace floe::cli
