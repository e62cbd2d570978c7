#include "cli/notation_option.hpp"

#include "cli/word_choice.hpp"

namespace floe::cli {

CLI::Option* add_moves_option(CLI::App& cmd, formats::MoveNotation& moves,
                              const std::string& help) {
    return accept_words<formats::MoveNotation>(cmd.add_option("--moves", moves, help),
                                               {{"san", formats::MoveNotation::San},
                                                {"lan", formats::MoveNotation::Lan},
                                                {"uci", formats::MoveNotation::Uci},
                                                {"figurine", formats::MoveNotation::Figurine}});
}

}  // namespace floe::cli
