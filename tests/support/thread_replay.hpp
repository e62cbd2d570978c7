#pragma once
// The driver with the calling thread's scratch (rules/common/thread_scratch.hpp), for tests that
// replay one game at a time: the product passes the scratch it reuses (play/replay_game.hpp).

#include "rules/common/thread_scratch.hpp"
#include "rules/game/replay.hpp"

namespace floe::rules {

/// read_syntax with the calling thread's scratch (ThreadScratch).
template <MovetextSource R>
std::uint32_t read_syntax(R& reader, DiagnosticLog& log, std::uint32_t from, std::uint32_t depth,
                          std::uint32_t opened = NoOpen, bool quiet = false) {
    return read_syntax(reader, log, ThreadScratch::current().get<SyntaxScratch>(), from, depth,
                       opened, quiet);
}

/// replay with the calling thread's scratch for engine G (ThreadScratch).
template <Game G, MovetextSource R, GameVisitor<G> V>
Replayed<G> replay(G& game, R& reader, const typename G::State& start, V& visitor,
                   DiagnosticLog& log) {
    return replay(game, reader, start, visitor, log,
                  ThreadScratch::current().get<ReplayScratch<G>>());
}

}  // namespace floe::rules
