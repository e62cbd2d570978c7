#pragma once
// Reading a chess move token: syntax (decode_move) separated from meaning (resolve_move).
// docs/rules/notation.md §3: canonical SAN plus every lenient form, each reported by its own code.

#include <array>
#include <cstdint>
#include <string_view>

#include "rules/chess/move.hpp"
#include "rules/chess/position.hpp"
#include "rules/diagnostic.hpp"

namespace floe::rules::chess {

/// Lenient forms of docs/rules/notation.md §3.2 as bits. Decoding finds the written ones; resolving
/// adds those only the position reveals (a plain `x` taking ice, a missing `x`, ...).
enum LenientForm : std::uint32_t {
    FormFigurine          = 1u << 0,   ///< `♘f3`
    FormColonCapture      = 1u << 1,   ///< `N:f3`
    FormCastlingZero      = 1u << 2,   ///< `0-0`
    FormCastlingCase      = 1u << 3,   ///< `o-o`
    FormEnPassantSuffix   = 1u << 4,   ///< `exf6 e.p.`, `exf6ep`
    FormPromotion         = 1u << 5,   ///< `e8Q`, `e8(Q)`, `e8/Q`, `e8=q`
    FormDoublePlus        = 1u << 6,   ///< `++` for mate
    FormLan               = 1u << 7,   ///< `Ng1-f3`, `e2-e4`, `d2xe3`
    FormUci               = 1u << 8,   ///< `e2e4`, `e7e8q`
    FormLowerCasePiece    = 1u << 9,   ///< `nf3`
    FormPawnDropNoLetter  = 1u << 10,  ///< `@d4`
    FormPlainIceCapture   = 1u << 11,  ///< `dxe3` taking ice (canonical `dx*e3`)
    FormMissingCapture    = 1u << 12,  ///< `ed5`, `Nf3` taking a piece
    FormRedundantDisambig = 1u << 13,  ///< `Ngf3` when one knight can go there
    FormNullMoveZ0        = 1u << 14,  ///< ChessBase's null move `Z0` (canonical `--`)
    FormKingTakesRook     = 1u << 15,  ///< castling as UCI's king-takes-rook `e1h1`
    FormPawnLetter        = 1u << 16,  ///< `Pe4`, `Pxd5`: the pawn's letter (PGN standard 8.2.3.2)
    FormLookAlike         = 1u << 17,  ///< castling with a Unicode look-alike `0–0`, `О-О`
};
constexpr int LenientFormCount = 18;

/// The diagnostic code of one lenient form (a single bit).
DiagCode lenient_form_code(LenientForm form);
/// The message of a (possibly grouped) lenient-form warning, e.g.
/// "18 ice captures written with plain x (canonical: x*)".
std::string lenient_form_message(LenientForm form, int count);

enum class CheckMark : std::uint8_t { None, Check, Mate };

/// One syntactic reading of a token. `piece` None means "whatever stands on the from square"
/// (LAN or UCI without a piece letter).
struct MoveReading {
    PieceType piece       = PieceType::None;
    MoveKind castle       = MoveKind::Normal;  ///< CastleKing / CastleQueen for castling tokens
    std::int8_t from_file = -1;                ///< disambiguation or origin, -1 when absent
    std::int8_t from_rank = -1;
    Square to             = NoSquare;
    PieceType promotion   = PieceType::None;
    bool capture_mark     = false;  ///< `x` or `:`
    bool ice_mark         = false;  ///< `x*`
    bool drop             = false;  ///< `P@d4`
    bool null_move        = false;  ///< `--`, or ChessBase's `Z0` (FormNullMoveZ0)
    CheckMark check       = CheckMark::None;
    std::uint32_t forms   = 0;  ///< LenientForm bits found in the text
};

/// The readings of a token: none (unreadable), one, or two when a lower-case `b` may be a pawn's
/// file or a bishop (docs/rules/notation.md §3.3); readings[0] is then the pawn
/// reading, as written.
struct MoveToken {
    std::array<MoveReading, 2> readings{};
    std::uint8_t count = 0;
};

/// Decodes a move token's syntax without looking at a position. count == 0 when the token is
/// no chess move in any form. Allocation-free.
MoveToken decode_move(std::string_view token);

/// decode_move without its shortcut for canonical SAN: every token through the general reader of
/// all forms. The same result for every token; tests compare the two.
MoveToken decode_move_general(std::string_view token);

enum class ResolveStatus : std::uint8_t {
    Ok,
    Illegal,    ///< no legal move matches
    Ambiguous,  ///< several legal moves match; `candidates` holds two of them
    GameOver,   ///< the side to move has no legal move (the game has ended)
};

struct Resolution {
    ResolveStatus status = ResolveStatus::Illegal;
    Move move;                              ///< the move when Ok
    std::uint32_t forms = 0;                ///< every lenient form used (written and revealed)
    CheckMark check     = CheckMark::None;  ///< the mark as written
    std::array<Move, 2> candidates{};       ///< two matching moves when Ambiguous
    const char* reason = nullptr;           ///< for Illegal: a short reason when one is known
};

/// Matches a decoded token against the legal moves `legal` of `position`
/// (docs/rules/notation.md §3.2, §3.3).
/// Letter case binds first: the as-written reading (readings[0]) wins when it names exactly one
/// legal move and needs no lenient form beyond those that only spell its letters differently
/// (plain `x` for `x*`, `:`, `++`, `0-0`, `o-o`, a promotion without `=`, `e.p.`, figurines), so
/// `bxc4` onto ice is the b-pawn's even when a bishop could take the cube. A coordinate reading
/// (LAN or UCI: `b1d2`, `b7xc6`) that names exactly one legal move wins the same way, so that
/// floe's own `--moves uci` and `--moves lan` read back. Otherwise (`bc6`, a
/// missing `x` or a lower-case bishop) the token is accepted only when exactly one legal move
/// matches over all readings, else Ambiguous with two of them; the reader never guesses.
/// A UCI or LAN king move onto its own rook (`e1h1`, `e8a8`) matches the castling it names when
/// that castling is legal (FormKingTakesRook). Check marks are not matched: the caller compares
/// them with the move played. Returns Illegal when nothing matches, GameOver when `legal` is
/// empty.
Resolution resolve_move(const Position& position, const MoveList& legal, const MoveToken& token);

/// resolve_move against the legal moves of `position`, generating only the candidates the
/// token's readings can name (their piece types to their target squares): the same result,
/// for a fraction of the work. The full list is generated only when no candidate exists.
Resolution resolve_move(const Position& position, const MoveToken& token);

/// A short description of a reading that matches no legal move of `position`, for an
/// illegal-move message, e.g. "no knight can reach f6". When pieces could make the move but
/// their king would be attacked after it, it names why: "no knight can reach d2: the knight on
/// c3 is pinned by the bishop on b4", "the king on e1 cannot move to f2: it would be in check
/// from the bishop on c5", "no rook can reach d1: it would leave White's king in check from the
/// queen on h4" (Ice Age vchess: judged after the Ice Age the move triggers,
/// docs/rules/ice-age-chess.md §3.8). For a drop, the first reason that holds: "drop in a non-drop
/// variant" (with unmatched_hint's hint), "no knight in White's pocket", "pawn drop on 8th rank",
/// "d4 is not empty", "the drop leaves White's king in check from the rook on e8"
/// (docs/rules/notation.md §2.5, conformance B40 and B42).
std::string describe_unmatched(const Position& position, const MoveReading& reading);

/// The hint that goes with describe_unmatched's description: Hint::VariantCrazyhouseDrop for a
/// drop in a variant without pockets, else Hint::None.
Hint unmatched_hint(const Position& position, const MoveReading& reading);

/// The name of a square, e.g. "e4".
std::string square_name(Square s);

}  // namespace floe::rules::chess
