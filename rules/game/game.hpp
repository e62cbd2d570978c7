#pragma once
// The game concept: what an engine gives the one replay driver (rules/game/replay.hpp). Chess
// (rules/chess/game.hpp) and Glacial Shift (rules/glacial/game.hpp) model it; the driver holds
// the frame loop, the variation stack, the canonical order and the line stops for both.
//
// A model is an object that knows its record (the termination marker, the Result tag) and how
// messages name moves (formats/ passes the notation: rules/ writes none). Its State is what a
// line carries from move to move: the position, the ply count, and what the rules still await
// (an Ice Age, a mate, to be matched with the record's events).

#include <concepts>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "rules/diagnostic.hpp"
#include "rules/game/element.hpp"

namespace floe::rules {

/// The outcome of playing one move element: the move, or the error that ends the line (already
/// reported). The move comes first: a chess Move is 8 bytes, so each half of the returned pair
/// is read back as it was stored (the other order cost a store-forwarding stall per move).
template <class Move>
struct Played {
    Move move      = {};
    bool ok        = false;
    DiagCode error = DiagCode::IllegalMove;
};

/// A move element that is no move of its own (chess's `e.p.` written apart): absorbed by the
/// move before it (a lenient form, reported), or an error that ends the line.
struct Annotation {
    enum Kind : std::uint8_t { None, Absorbed, Error } kind = None;
    DiagCode error                                          = DiagCode::IllegalMove;
};

/// Reports `d` into `log` for a model that keeps the positions its diagnostics are about: with
/// `before`, d.position indexes `positions`, to which `before` is appended when the log keeps
/// the diagnostic (chess::Game and glacial::Game report through this).
template <class Position>
void report_at(DiagnosticLog& log, Diagnostic d, const Position* before,
               std::vector<Position>& positions) {
    if (before) d.position = static_cast<std::int32_t>(positions.size());
    if (log.add(std::move(d)) >= 0 && before) positions.push_back(*before);
}

template <class G>
concept Game = requires(G& game, typename G::State& state, const typename G::State& const_state,
                        const Element& element, DiagnosticLog& log, bool main_line) {
    typename G::Position;
    typename G::Move;
    typename G::Events;  ///< what a ply (or the start) made the rules do: an Ice Age, mates
    typename G::State;
    /// The position a state stands at, and the events its last move triggered (asked while
    /// the group after that move is read, before any of its variations is walked).
    { G::position(const_state) } -> std::same_as<const typename G::Position&>;
    { game.events(const_state) } -> std::same_as<const typename G::Events&>;
    /// A move number before the next move: warned about when it disagrees.
    game.number(state, element, log);
    /// Plays a move element (legal, readable, unambiguous) into `state`, reporting its lenient
    /// forms and marks; or reports why not and leaves `state` as it was.
    { game.play(state, element, main_line, log) } -> std::same_as<Played<typename G::Move>>;
    /// A recorded event after the last move (or before the first): the error code when it is
    /// wrong or none is due, after reporting it. `before_last` is the state before the last
    /// move (nullptr before the first), which a diagnostic may name.
    { game.event(state, &const_state, element, log) } -> std::same_as<std::optional<DiagCode>>;
    /// A move element that belongs to the move before it (Annotation); `before_last` as above.
    { game.annotation(state, &const_state, element, log) } -> std::same_as<Annotation>;
    /// The group after the last move is over: the events the rules caused and the record left
    /// out are reported.
    game.close_events(state, log);
    /// The start of a variation that replaces the move after `const_state`.
    { game.branch(const_state) } -> std::same_as<typename G::State>;
    /// `state`'s line goes on after one of its variations was walked.
    game.resume(state);
    /// The main line ended without error at `const_state`: its result is checked.
    game.finish(const_state, log);
};

}  // namespace floe::rules
