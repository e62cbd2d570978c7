#include "cli/untagged_context.hpp"

#include <utility>

#include "cli/input.hpp"
#include "cli/usage.hpp"

namespace floe::cli {

const rules::VariantEntry* UntaggedContext::search(parser::GameSource& source,
                                                   const formats::GameOptions& options, bool hold) {
    std::size_t bytes = 0;
    parser::GameText text;
    rules::GameRecord record;
    while (bytes < WindowBytes && source.next(text)) {
        bytes += text.game().size();
        rules::DiagnosticLog ignored;  // the game's own run reports it
        parser::open_game(text, record, ignored, options.parse);
        const rules::VariantEntry* decided = formats::deciding_variant(record, options);
        if (hold) held_.push_back(std::move(text));
        if (decided) return decided;
    }
    return nullptr;
}

void UntaggedContext::prepare(const std::string& file, std::string_view command, const Shard& shard,
                              parser::GameSource& source, formats::GameOptions& options) {
    if (options.variant) return;
    if (!shard.active()) {
        options.undecided = search(source, options, true);
        return;
    }
    // A part reads the file's first games as the whole run does: the same window from the
    // file's start, whichever part it is.
    InputStream in(file, command);
    parser::GameSource from_start(in.get(), options.parse);
    options.undecided = search(from_start, options, false);
    if (from_start.read_failed()) throw UsageError("cannot read " + file);
}

bool UntaggedContext::next(parser::GameSource& source, parser::GameText& out) {
    if (held_.empty()) return source.next(out);
    out = std::move(held_.front());
    held_.pop_front();
    return true;
}

}  // namespace floe::cli
