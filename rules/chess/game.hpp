#pragma once
// Chess as a model of the game concept (rules/game/game.hpp), for every chess variant: how a
// move element is read and played, which lenient forms and marks it is reported with, how the
// Ice Age events of a record are matched, and how the main line's result is checked
// (docs/rules/notation.md §3, §4, §8; docs/rules/ice-age-chess.md §3, §4). The one replay driver
// does the rest.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/chess/position.hpp"
#include "rules/diagnostic.hpp"
#include "rules/game/element.hpp"
#include "rules/game/game.hpp"

namespace floe::rules::chess {

struct MoveToken;
struct Resolution;

class Game {
public:
    using Position = chess::Position;
    using Move     = chess::Move;
    using Events   = IceAgeEvent;

    /// What a line carries from move to move.
    struct State {
        Position pos;
        std::uint32_t ply = 0;  ///< plies from the game's start to `pos`
        bool has_last     = false;
        Move last_move;          ///< for an `e.p.` written apart
        Span last_span;          ///< the last move's token, for a missing event's warning
        bool event_due = false;  ///< the last move's Ice Age is not yet matched with the record
        bool ice_age   = false;  ///< the last move triggered an Ice Age (Game::events)
    };

    struct Options {
        /// Null moves `--` in the main line; always allowed in variations
        /// (docs/rules/notation.md §1.8).
        bool allow_null_moves = false;
        /// Names a legal move canonically, for messages ("ambiguous: Nbd2 or Nfd2"). rules/
        /// writes no notation itself: formats/ passes make_san. Without it, moves are in UCI.
        std::string (*name_move)(const Position&, const Move&) = nullptr;
        /// Names an Ice Age event canonically (formats::make_ice_age_event), for messages.
        std::string (*name_event)(const IceAgeEvent&) = nullptr;
        /// The record's termination marker (empty when none) and its span; its Result tag.
        std::string_view termination;
        Span termination_span;
        std::optional<std::string> result_tag;
    };

    /// A model reporting through `positions`: the position before a move that a diagnostic is
    /// about is appended there, and the diagnostic's `position` indexes it.
    Game(Options options, std::vector<Position>& positions)
        : options_(std::move(options)), positions_(positions) {}

    /// The state at the start of a game from `start`.
    static State start(const Position& start) {
        State s;
        s.pos = start;
        return s;
    }

    static const Position& position(const State& s) { return s.pos; }
    /// The Ice Age the last move of `s` triggered (none when it triggered none). Valid while
    /// the group after that move is read: the event is kept once, not copied with each state.
    const Events& events(const State& s) const { return s.ice_age ? last_event_ : none_; }

    // number(), annotation() and close_events() are asked for every move: the common case (a
    // right number, no `e.p.`, no Ice Age due) is decided here, inline, and only the rest
    // costs a call.
    void number(State& s, const Element& e, DiagnosticLog& log) const {
        if (e.value != static_cast<std::uint32_t>(s.pos.fullmove_number()) ||
            ((e.flags & BlackDots) && s.pos.side_to_move() == Color::White))
            wrong_number(s, e, log);
    }
    Played<Move> play(State& s, const Element& e, bool main_line, DiagnosticLog& log);
    std::optional<DiagCode> event(State& s, const State* before_last, const Element& e,
                                  DiagnosticLog& log);
    Annotation annotation(State& s, const State* before_last, const Element& e,
                          DiagnosticLog& log) {
        // Only `e.p.` and `ep` are one: the first byte rules out nearly every move.
        if (e.text.empty() || e.text[0] != 'e') return {};
        return en_passant_apart(s, before_last, e, log);
    }
    void close_events(State& s, DiagnosticLog& log) const {
        if (s.event_due) missing_event(s, log);
    }
    State branch(const State& s) const {
        State child    = s;
        child.has_last = false;
        child.ice_age = child.event_due = false;
        return child;
    }
    void resume(State&) const {}
    void finish(const State& s, DiagnosticLog& log) const;

private:
    void add(DiagnosticLog& log, Diagnostic d, const Position* before) const {
        report_at(log, std::move(d), before, positions_);
    }
    std::string name(const Position& p, const Move& m) const;
    // The slow paths of number(), annotation() and close_events(): a move number that
    // disagrees, a move element starting with `e`, an Ice Age left unrecorded.
    void wrong_number(const State& s, const Element& e, DiagnosticLog& log) const;
    Annotation en_passant_apart(State& s, const State* before_last, const Element& e,
                                DiagnosticLog& log);
    void missing_event(State& s, DiagnosticLog& log) const;
    // The slow paths of play(): a move that is not played, reported with its move number and
    // the token as written; the reasons a token names no single legal move.
    Played<Move> reject(const State& s, const Element& e, DiagCode code, std::string message,
                        DiagnosticLog& log, Hint hint = Hint::None) const;
    Played<Move> reject_unresolved(const State& s, const Element& e, const MoveToken& token,
                                   const Resolution& r, DiagnosticLog& log) const;

    Options options_;
    std::vector<Position>& positions_;
    IceAgeEvent last_event_;  // the last move's Ice Age (events())
    IceAgeEvent none_;
};

static_assert(rules::Game<Game>);

/// The result a decided outcome forces: "1-0", "0-1", "1/2-1/2", or "*" when undecided.
const char* forced_result(const Outcome& outcome);

/// A short description of an outcome, e.g. "checkmate by Black", "White's king froze".
std::string describe_outcome(const Outcome& outcome);

}  // namespace floe::rules::chess
