#include "cli/game_selection.hpp"

#include "cli/input.hpp"
#include "cli/replay_options.hpp"
#include "cli/untagged_context.hpp"
#include "cli/variant_option.hpp"
#include "parser/parse_record.hpp"

namespace floe::cli {

std::unique_ptr<SelectedGame> select_game(const std::string& file, int number,
                                          const std::string& variant, rules::Encoding encoding,
                                          std::size_t max_game_bytes, std::string_view command,
                                          bool allow_null_moves) {
    auto selected  = std::make_unique<SelectedGame>();
    selected->file = file == "-" ? "<stdin>" : file;
    InputStream in(file, command);
    formats::GameOptions& options = selected->options;
    options = replay_options(variant, allow_null_moves, encoding, max_game_bytes);
    parser::GameSource source(in.get(), options.parse);
    // An undecided untagged game takes the input's first decided variant (docs/rules/notation.md
    // §2.7), as in `fen
    // --all`: the file's first games are searched for it, and read from where they are held.
    UntaggedContext context;
    context.prepare(file, command, Shard{}, source, options);
    int seen = 0;
    while (context.next(source, selected->text)) {
        if (++seen < number) continue;
        parser::open_game(selected->text, selected->record, selected->log, options.parse);
        return selected;
    }
    if (source.read_failed()) throw UsageError("cannot read " + file);
    throw UsageError(fmt::format("{} has {} game{}, not game {}", selected->file, seen,
                                 seen == 1 ? "" : "s", number));
}

}  // namespace floe::cli
