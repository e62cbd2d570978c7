#pragma once
// From a record to a replayed game: chooses the engine and variant once
// (docs/rules/notation.md §2), sets up the start position from a FEN tag (§2.10), runs the one
// replay driver (rules/game/replay.hpp) with the caller's visitor, and completes the diagnostics
// with the canonical names of the positions they name (FEN, position string), which
// rules/ does not write.

#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "notation/fen.hpp"
#include "notation/glacial_position.hpp"
#include "parser/movetext_reader.hpp"
#include "parser/parse_record.hpp"
#include "parser/tags.hpp"
#include "play/game_result.hpp"
#include "play/overloaded.hpp"
#include "play/untagged_variant.hpp"
#include "rules/chess/game.hpp"
#include "rules/chess/variant.hpp"
#include "rules/common/thread_scratch.hpp"
#include "rules/diagnostic.hpp"
#include "rules/game/replay.hpp"
#include "rules/glacial/game.hpp"
#include "rules/record.hpp"
#include "rules/variants.hpp"

namespace floe::formats {

struct GameOptions {
    /// The variant --variant names (the variant table's row), or nullptr: the plies of a game
    /// without a Variant tag then decide its variant (docs/rules/notation.md §2.7).
    const rules::VariantEntry* variant = nullptr;
    /// Without --variant: the variant of the input's first decided game (input_variant), which
    /// the games whose plies decide nothing take (docs/rules/notation.md §2.7); nullptr when no
    /// game decided (they are then Ice Age Chess).
    const rules::VariantEntry* undecided = nullptr;
    bool strict           = false;  ///< warnings become errors (docs/rules/notation.md §3.5)
    bool allow_null_moves = false;
    /// convert: a game of a variant floe cannot replay is passed through as written, so its
    /// unsupported-variant diagnostic is a warning, an error under --strict
    /// (docs/rules/notation.md §2.9).
    bool pass_through = false;
    /// The reader's options (variation depth, encoding).
    parser::ParseOptions parse;
    /// A last word `0-0` of a game without a marker is read as a move, never tried as the
    /// result (detail::zeros_as_result's own trial replay).
    bool zeros_as_move = false;
};

/// A game played by one engine: where it started, and what its replay found.
template <class G>
struct Play {
    typename G::Position start;  ///< before what was due at the start (Glacial Shift mates)
    rules::Replayed<G> result;
    /// The positions the diagnostics name (Diagnostic::position indexes them).
    std::vector<typename G::Position> positions;
};
using ChessPlay   = Play<rules::chess::Game>;
using GlacialPlay = Play<rules::glacial::Game>;

/// A game that cannot be replayed: its variant is unknown, or its FEN tag unusable.
struct Unplayable {};
/// A chess game's start: its variant and the position it starts from.
struct ChessStart {
    const rules::chess::Variant* variant = nullptr;
    rules::chess::Position position;
};
/// A Glacial Shift game's start.
struct GlacialStart {
    rules::glacial::Position position;
};
/// The engine a record is played by, and where it starts: the one engine value, dispatched on
/// with std::visit (play/overloaded.hpp).
using Start = std::variant<Unplayable, ChessStart, GlacialStart>;

/// A game of `variant` from the variant's own start.
Start usual_start(const rules::VariantEntry& variant);

/// The engine and start a record is played from, decided before the replay.
struct GameSetup {
    /// How the variant was decided (tag, --variant, the plies or the default), and which.
    VariantReading reading;
    Start start;
    /// The game's result, from its marker or its Result tag (game_result).
    GameResult result;
    /// The variant the game is read in, replayable or not (its FEN tag may be unusable);
    /// nullptr for a Variant tag floe does not know, or a game too large to read.
    const rules::VariantEntry* variant() const { return reading.entry; }
    /// The game can be replayed: its variant is known and its FEN tag usable.
    bool playable() const { return !std::holds_alternative<Unplayable>(start); }
};

struct ReplayedGame {
    GameSetup setup;
    /// Nothing when the game could not be replayed (an unknown variant, an unusable FEN tag).
    std::variant<std::monostate, ChessPlay, GlacialPlay> play;
    /// Every diagnostic of the game, the parser's, the setup's and the replay's, sorted by
    /// position in the text, FENs filled in, --strict applied.
    rules::DiagnosticLog log;

    const std::vector<rules::Diagnostic>& diagnostics() const { return log.list(); }
    int errors() const;
    int warnings() const;
    /// Main-line plies replayed, in either game.
    std::uint32_t plies() const;
    bool main_line_failed() const;
};

using parser::SetupTags;

/// Decides the engine, variant and start of `record`, reporting into `log`: the Variant tag wins
/// over --variant, with a warning when they disagree (docs/rules/notation.md §2.8); without
/// either, the plies decide (§2.7, untagged_variant, with `reader` when given: the replay's,
/// put back where it stood; else one of its own); a FEN tag (§2.10). The result's `reading`
/// says which of these decided.
GameSetup setup_game(const rules::GameRecord& record, const SetupTags& tags,
                     const GameOptions& options, rules::DiagnosticLog& log,
                     parser::MovetextReader* reader = nullptr);

/// How the variant of `record` is decided under `options` (setup_game's `reading`), with a
/// reader of its own that reports nothing: for games that are counted, not replayed (the
/// untagged-variant note of a `--shard` part, docs/decisions/variants.md). A game too large to read
/// has no reading (entry nullptr).
VariantReading read_variant(const rules::GameRecord& record, const GameOptions& options);

/// The variant `record` decides for its input (docs/rules/notation.md §2.7): its Variant tag's,
/// when floe knows that variant, else the one its plies decide (untagged_variant); nullptr when
/// neither decides (no tag and undecided plies, an unknown variant, a game too large to read).
/// --variant is not looked at: under it no game needs the input's variant.
const rules::VariantEntry* deciding_variant(const rules::GameRecord& record,
                                            const GameOptions& options);

namespace detail {

std::string san_name(const rules::chess::Position& p, const rules::chess::Move& m);
std::string event_name(const rules::chess::IceAgeEvent& e);
rules::chess::Game::Options chess_options(const GameResult& result, const GameOptions& options);
rules::glacial::Game::Options glacial_options(const GameResult& result);
// A game without a termination marker whose last word is zeros joined by a dash (`0-0`): that
// word is its result, the double forfeit, when its Result tag says 0-0 or when castling is
// illegal there (a trial replay); never an illegal castling (docs/rules/notation.md §1.9).
// Then `out` is the record with that word as its marker, the warnings about a missing marker
// leave `log`, and `result-or-castling` names both readings.
bool zeros_as_result(const rules::GameRecord& record, const GameOptions& options,
                     rules::DiagnosticLog& log, rules::GameRecord& out);
// Sorts the diagnostics, names their positions, applies --strict, and for chess adds the hint
// of a FEN tag that holds the game's end (docs/rules/notation.md §2.10).
void finish(const rules::GameRecord& record, const GameOptions& options, ReplayedGame& game);

}  // namespace detail

/// Replays `record`, walking it for a visitor `Visitor<G>` of the engine chosen, built as
/// `Visitor<G>(record, setup, args...)`. `log` holds the game's diagnostics so far (open_game's);
/// they move into the result. Problems are diagnostics, never exceptions.
template <template <class> class Visitor, class... Args>
ReplayedGame replay_game(const rules::GameRecord& given, const GameOptions& options,
                         rules::DiagnosticLog log, Args&&... args) {
    ReplayedGame game;
    game.log = std::move(log);
    // Too large to read (game-too-large, reported by open_game): not set up nor replayed.
    if (given.too_large) return game;
    rules::GameRecord zeros;  // the record with its last `0-0` as its result, when it is one
    const rules::GameRecord& record =
        detail::zeros_as_result(given, options, game.log, zeros) ? zeros : given;
    // The reader reports the tag section's problems first, the setup then reads its tags.
    parser::MovetextReader reader(record, game.log, options.parse);
    const SetupTags& tags = reader.setup_tags();
    game.setup            = setup_game(record, tags, options, game.log, &reader);
    game.setup.result     = game_result(record, tags.result, game.setup.variant(), game.log);
    // The engine's model over the play's positions, then one walk with the caller's visitor.
    auto walk = [&](auto& model, auto& play) {
        using G = std::remove_cvref_t<decltype(model)>;
        Visitor<G> visitor(record, game.setup, std::forward<Args>(args)...);
        // The thread's frame stack, kept from game to game: no allocation per game.
        auto& scratch = rules::ThreadScratch::current().get<rules::ReplayScratch<G>>();
        play.result =
            rules::replay(model, reader, model.start(play.start), visitor, game.log, scratch);
    };
    std::visit(
        overloaded{[&](const Unplayable&) {  // its movetext is still read for its syntax problems
                       rules::read_syntax(
                           reader, game.log,
                           rules::ThreadScratch::current().get<rules::SyntaxScratch>(), 0, 0);
                   },
                   [&](const ChessStart& start) {
                       ChessPlay& play = game.play.emplace<ChessPlay>();
                       play.start      = start.position;
                       rules::chess::Game model(detail::chess_options(game.setup.result, options),
                                                play.positions);
                       walk(model, play);
                   },
                   [&](const GlacialStart& start) {
                       GlacialPlay& play = game.play.emplace<GlacialPlay>();
                       play.start        = start.position;
                       rules::glacial::Game model(detail::glacial_options(game.setup.result),
                                                  play.positions);
                       walk(model, play);
                   }},
        game.setup.start);
    detail::finish(record, options, game);
    return game;
}

/// The result to write for a replayed game (its GameResult's JSON result: the marker, `½-½` as
/// `1/2-1/2`, a missing one as the Result tag's, or `*`), or with fix_result the result that a
/// decided end of the main line forces.
std::string termination_marker(const rules::GameRecord& record, const ReplayedGame& game,
                               bool fix_result);

/// A visitor that takes nothing: validate.
template <class G>
struct NoVisitor : rules::IgnoreGame<G> {
    NoVisitor(const rules::GameRecord&, const GameSetup&) {}
};

}  // namespace floe::formats
