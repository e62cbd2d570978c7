#pragma once
// The variant that the games whose plies decide nothing take: the input's first decided game's
// (docs/rules/notation.md §2.7, docs/decisions/variants.md "Undecided untagged games take the
// input's first decided variant (issue 24)"). Found before the input's games are worked on, so that
// every game is replayed once, on any thread, and a `--shard` part reads as the whole run.

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

#include "cli/shard.hpp"
#include "parser/parse_record.hpp"
#include "play/replay_game.hpp"

namespace floe::cli {

/// The games of one input as a command reads them, and the input's variant for its undecided
/// games. Without --variant, prepare() looks for the first game that decides a variant (its
/// Variant tag, or its plies: formats::deciding_variant) among the input's first games, up to
/// WindowBytes of their text; next() then gives the games it read ahead first.
class UntaggedContext {
public:
    /// The look-ahead: games whose text adds up to less than this are searched (the game that
    /// crosses it too). Held in memory when the input is read once (standard input, a whole
    /// file), so it is part of the memory bound.
    static constexpr std::size_t WindowBytes = std::size_t{1} << 20;

    /// Sets options.undecided to the input's first decided variant (nullptr when no game within
    /// the window decides), unless --variant was given. A `--shard` part (`shard` active, after
    /// apply_shard) reads FILE `file` again from its start, with a source of its own, and keeps
    /// nothing; otherwise the games are read from `source` and held for next().
    void prepare(const std::string& file, std::string_view command, const Shard& shard,
                 parser::GameSource& source, formats::GameOptions& options);

    /// The next game of the input: the held games first, then `source`'s.
    bool next(parser::GameSource& source, parser::GameText& out);

private:
    // Reads games from `source` into `held` (when `hold`) until one decides or the window is
    // passed; returns the decided variant or nullptr.
    const rules::VariantEntry* search(parser::GameSource& source,
                                      const formats::GameOptions& options, bool hold);

    std::deque<parser::GameText> held_;
};

}  // namespace floe::cli
