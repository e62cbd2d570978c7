#pragma once
// The replay validator for Glacial Shift records (notation.md §4, §5, §8): decodes each ply
// `[seat:] move`, plays it against the rules, carries out the mates it triggers and matches
// them with the record's `<mate: …>` events, and checks the termination marker.
//
// A second replayer beside rules/chess/replay.hpp, not one driver over both engines:
// docs/decisions.md says why.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/diagnostic.hpp"
#include "rules/glacial/position.hpp"
#include "rules/record.hpp"

namespace floe::rules::glacial {

/// A ply token as written, decoded without the rules (notation.md §5).
struct PlyToken {
    bool ok             = false;   ///< the text has the shape of a ply
    int seat            = NoSeat;  ///< the seat written, or NoSeat when missing
    bool seat_glued     = false;   ///< `Y:y1e3-e4`, no space after the colon
    bool drop           = false;
    int colour          = -1;  ///< the piece's colour letter, -1 when the piece name is missing
    int size            = 0;   ///< its size digit, 0 when missing
    Square from         = NoSquare;
    Square to           = NoSquare;
    char capture        = 0;                ///< the separator written: '-' or 'x' (0 for a drop)
    Promotion promotion = Promotion::None;  ///< `^` (Made) or `^0` (Spent) as written
    bool check          = false;            ///< `+` written
};

/// Decodes a ply token: `[seat:] [piece] from - to`, `[seat:] [piece] from x to`,
/// `[seat:] piece @ to`, each with optional `^` or `^0`, then `+`. Never throws.
PlyToken decode_ply(std::string_view text);

struct ReplayOptions {
    /// Keep every main-line position in ReplayResult::positions.
    bool keep_positions = false;
    /// Keep every ply played, in every line (ReplayResult::line_moves), for writers.
    bool keep_moves = false;
    /// Names a legal ply canonically (formats::make_glacial_move), for messages. Without it,
    /// plies are named by their squares.
    std::string (*name_move)(const Position&, const Move&) = nullptr;
};

/// A ply played in some line: the index of its Move element in Line::elements, the ply, the
/// mates it triggered and the position after them (which depends on the line's history).
struct LineMove {
    std::uint32_t element = 0;
    Move move;
    MateEvents mates;
    Position after;
};

/// One main-line ply as replayed.
struct ReplayedPly {
    Move move;
    PlyInfo info;
    MateEvents mates;  ///< the mates the ply triggered, in order
};

struct ReplayResult {
    /// Mates due before the first ply (the seat to move at the start cannot move, §4).
    MateEvents start_mates;
    /// Main-line plies replayed, in order, up to the first error of the main line.
    std::vector<ReplayedPly> plies;
    /// With keep_positions: positions[0] is the start (after its mates), positions[k] the
    /// position after ply k and the mates it triggered. Otherwise the start and the last one.
    std::vector<Position> positions;
    /// With keep_moves: per line of the record, the plies played in it, up to its first error.
    std::vector<std::vector<LineMove>> line_moves;
    /// With keep_moves: for each line, where it stopped (LineStop::at is None when it was read
    /// to its end): at its first error, the parser's or the rules'. The writers keep the rest
    /// from there as text (notation.md §7).
    std::vector<LineStop> line_stops;
    /// True when an error stopped the main line before its end.
    bool main_line_failed = false;
    /// Diagnostics in text order, spans into the record's text.
    std::vector<Diagnostic> diagnostics;
    /// For each diagnostic about a ply, the position before it (index-aligned with
    /// diagnostics). The caller writes it as a position string.
    std::vector<std::optional<Position>> positions_before;

    const Position& final_position() const { return positions.back(); }
};

/// Replays every line of a Glacial Shift `record` from `start` (a position string's position:
/// its mates, if due, are carried out first). Variations start from the position before the
/// ply they replace. Never throws. Errors: `unreadable-move`, `illegal-move`, `wrong-seat`,
/// `moves-after-end`, `wrong-event`, `unexpected-event`, `syntax-error` (a two-player result).
/// Lenient forms are warnings grouped per kind (notation.md §5, §8).
ReplayResult replay(const GameRecord& record, const Position& start, const ReplayOptions& options);

/// The termination marker a position forces: `1-0-0-0` … `0-0-0-1` when one player is left,
/// else `*`.
std::string forced_result(const Position& position);

/// The canonical event of a mate: `<mate: G by Y>` or `<bare mate: G by Y>` (notation.md §4).
std::string mate_event_text(const MateEvent& mate);

}  // namespace floe::rules::glacial
