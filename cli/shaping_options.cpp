#include "cli/shaping_options.hpp"

#include "cli/notation_option.hpp"
#include "cli/typo_suggestion.hpp"
#include "cli/usage.hpp"

namespace floe::cli {

void add_shaping_options(CLI::App& cmd, ShapingOptions& options, const std::string& moves_help) {
    add_moves_option(cmd, options.moves, moves_help)->each([&options](const std::string&) {
        options.moves_given = true;
    });
    cmd.add_option("--strip", options.strip,
                   "Leave out of each game (comma-separated): comments, nags, variations, tags "
                   "(tags keeps the roster and Variant, FEN, SetUp; floe's error markers stay)")
        ->allow_extra_args(false)
        ->delimiter(',');
    cmd.add_option("--add-tags", options.add_tags,
                   "Add tags to each game (comma-separated): PlyCount (main-line plies), FEN "
                   "(the start position, with SetUp)")
        ->allow_extra_args(false)
        ->delimiter(',');
    cmd.add_flag("--no-move-numbers", options.no_move_numbers,
                 "No move numbers; with --moves uci, one line of moves per game and nothing else");
}

formats::PgnOptions pgn_options(const ShapingOptions& options, bool fix_result, bool json) {
    formats::PgnOptions pgn;
    pgn.moves        = options.moves;
    pgn.fix_result   = fix_result;
    pgn.move_numbers = !options.no_move_numbers;
    // One message shape for a bad value (typo_suggestion.hpp): the nearest word, or the list.
    const auto words = [](const auto& known) {
        return std::vector<std::string>(known.begin(), known.end());
    };
    for (const std::string& word : options.strip)
        if (!formats::strip_word(pgn, word))
            throw UsageError("--strip: " + unknown_value(word, "word", words(formats::StripWords)));
    for (const std::string& name : options.add_tags)
        if (!formats::add_tag_name(pgn, name))
            throw UsageError("--add-tags: " +
                             unknown_value(name, "tag", words(formats::AddedTagNames)));
    if (json && (!options.strip.empty() || !options.add_tags.empty() || options.no_move_numbers))
        throw UsageError("--strip, --add-tags and --no-move-numbers shape PGN, not --to json");
    return pgn;
}

}  // namespace floe::cli
