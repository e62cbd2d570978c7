#include "cli/notation_option.hpp"

#include <map>

namespace floe::cli {

CLI::Option* add_moves_option(CLI::App& cmd, formats::MoveNotation& moves,
                              const std::string& help) {
    const std::map<std::string, formats::MoveNotation> notations = {
        {"san", formats::MoveNotation::San},
        {"lan", formats::MoveNotation::Lan},
        {"uci", formats::MoveNotation::Uci},
        {"figurine", formats::MoveNotation::Figurine}};
    return cmd.add_option("--moves", moves, help)
        ->transform(CLI::CheckedTransformer(notations, CLI::ignore_case));
}

}  // namespace floe::cli
