#pragma once
// Glacial Shift as a model of the game concept (rules/game/game.hpp): how a ply element
// `[seat:] move` is read and played, the mates it triggers and their matching with the record's
// `<mate: …>` events, the ply numbers and the termination marker (docs/rules/notation.md §4, §5,
// §8; docs/rules/glacial-shift.md). The one replay driver does the rest.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/diagnostic.hpp"
#include "rules/game/element.hpp"
#include "rules/game/game.hpp"
#include "rules/glacial/position.hpp"

namespace floe::rules::glacial {

/// Why a ply is not played: the error and its message.
struct PlyError {
    DiagCode code;
    std::string message;
};

class Game {
public:
    using Position = glacial::Position;
    using Move     = glacial::Move;
    using Events   = MateEvents;

    /// What a line carries from ply to ply. The repetition ban needs the earlier boards: they
    /// are one history shared by every line (a variation only ever continues a prefix of its
    /// parent's), of which a state keeps where its own part starts and that part itself (its
    /// last ply and mates, at most five boards), to put back when its line goes on.
    struct State {
        Position pos;             ///< after the mates of the last ply
        std::uint32_t plies = 0;  ///< plies from the game's start to `pos`
        bool has_last       = false;
        Span last_span;
        MateEvents due;                  ///< the mates of the last ply (or of the start)
        int matched                = 0;  ///< how many of them the record has named
        std::uint32_t history_mark = 0;
        std::array<std::uint64_t, 5> tail{};
        std::uint8_t tail_count = 0;
    };

    struct Options {
        /// Names a legal ply canonically (formats::make_glacial_move), for messages.
        std::string (*name_move)(const Position&, const Move&) = nullptr;
        /// The record's termination marker (empty when none) and its span; its Result tag.
        std::string_view termination;
        Span termination_span;
        std::optional<std::string> result_tag;
    };

    /// A model reporting through `positions`, as chess::Game does.
    Game(Options options, std::vector<Position>& positions)
        : options_(std::move(options)), positions_(positions) {}

    /// The state at the start of a game from `start`, after the mates due there
    /// (docs/rules/notation.md §4.5).
    State start(const Position& start);

    static const Position& position(const State& s) { return s.pos; }
    const Events& events(const State& s) const { return s.due; }

    void number(State& s, const Element& e, DiagnosticLog& log) const;
    Played<Move> play(State& s, const Element& e, bool main_line, DiagnosticLog& log);
    std::optional<DiagCode> event(State& s, const State* before_last, const Element& e,
                                  DiagnosticLog& log);
    Annotation annotation(State&, const State*, const Element&, DiagnosticLog&) const { return {}; }
    void close_events(State& s, DiagnosticLog& log) const;
    State branch(const State& s) const;
    void resume(State& s) { sync(s); }
    void finish(const State& s, DiagnosticLog& log) const;

private:
    void add(DiagnosticLog& log, Diagnostic d, const Position* before) const {
        report_at(log, std::move(d), before, positions_);
    }
    std::string name(const Position& p, const Move& m) const;
    // Makes the shared history that of `s`: its prefix, then its own part.
    void sync(const State& s);
    // play()'s steps: a ply that is not played, reported with its ply number and the token as
    // written; a played ply's position, mates and history made the state's.
    Played<Move> reject(const State& s, const Element& e, PlyError why, DiagnosticLog& log) const;
    void advance(State& s, const Element& e, const Position& after, const MateEvents& mates,
                 std::size_t mark) const;

    Options options_;
    std::vector<Position>& positions_;
    History history_;
};

static_assert(rules::Game<Game>);

/// The termination marker a position forces: `1-0-0-0` … `0-0-0-1` when one player is left,
/// else `*`.
std::string forced_result(const Position& position);

/// The canonical event of a mate: `<mate: G by Y>` or `<bare mate: G by Y>`
/// (docs/rules/notation.md §4.2).
std::string mate_event_text(const MateEvent& mate);

}  // namespace floe::rules::glacial
