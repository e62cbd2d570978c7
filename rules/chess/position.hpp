#pragma once
// The chess position: bitboards for both armies plus an ice layer
// (docs/rules/ice-age-chess.md §1-§4), and the pockets and promoted pieces of Crazyhouse
// (docs/rules/notation.md §2.5). Copy-make: a Position is small and trivially copyable;
// undo is a copy.

#include <array>
#include <bit>
#include <cstdint>
#include <optional>

#include "rules/chess/move.hpp"
#include "rules/chess/types.hpp"
#include "rules/chess/variant.hpp"

namespace floe::rules::chess {

/// The pieces a side holds in its pocket, counted by type: index(Pawn) .. index(Queen).
using Pocket = std::array<std::uint8_t, 5>;

/// An unvalidated position, as a FEN reader produces it. notation/fen.hpp validates it.
struct Setup {
    std::array<Piece, 64> board{};  ///< type None = empty square
    Bitboard ice = 0;               ///< squares holding an ice cube (never also a piece)
    Color turn   = Color::White;
    /// Castling rights as CastlingRight bits (`KQkq`): each names the outermost rook on its side
    /// of the king, which outside Chess960 must be the corner rook with the king on the e-file.
    std::uint8_t castling = 0;
    /// Castling rights as the squares of their rooks (Chess960's file letters, `HAha`), on top
    /// of `castling`.
    Bitboard castling_rooks = 0;
    Square en_passant       = NoSquare;  ///< the square a double step passed over, or NoSquare
    int halfmove_clock      = 0;
    int fullmove_number     = 1;
    std::array<Pocket, 2> pockets{};  ///< by Color; always empty without Variant::pockets
    Bitboard promoted = 0;            ///< pieces that were pawns (FEN `~`), with pockets only
};

/// What an Ice Age did (docs/rules/ice-age-chess.md §3). Fixed capacity: no heap per move.
struct IceAgeEvent {
    bool happened    = false;
    Bitboard filled  = 0;  ///< empty squares that became ice
    Bitboard frozen  = 0;  ///< squares whose piece froze (now ice)
    int frozen_count = 0;
    /// The frozen pieces in square order a1, b1, ..., h8 (docs/rules/notation.md §4.2).
    std::array<std::pair<Square, Piece>, 32> frozen_pieces{};
};

enum class Termination : std::uint8_t {
    None,  ///< the game goes on
    Checkmate,
    Stalemate,
    KingFrozen,       ///< one king froze in an Ice Age: its owner loses
    BothKingsFrozen,  ///< draw
};

/// The squares an Ice Age changes, both computed on one board
/// (docs/rules/ice-age-chess.md §3.2-§3.4).
struct IceAgeSquares {
    Bitboard filled = 0;  ///< empty squares not closed on all four orthogonal sides by pieces
    Bitboard frozen = 0;  ///< pieces with no piece among their 8 neighbours
};

/// The Ice Age's fill and freeze for a board with the given piece and ice squares. The board
/// edge closes a side; ice neither closes a side nor counts as a neighbour.
IceAgeSquares ice_age_squares(Bitboard pieces, Bitboard ice);

/// The decided end of a position (docs/rules/ice-age-chess.md §4.1). `winner` is empty for draws
/// and None.
struct Outcome {
    Termination termination = Termination::None;
    std::optional<Color> winner;
};

class Position {
public:
    /// The variant's start position.
    static Position start(const Variant& variant);
    /// Builds a position from a setup that the caller has validated (formats::parse_fen does).
    static Position from_setup(const Variant& variant, const Setup& setup);
    /// The setup of this position (for FEN writing).
    Setup to_setup() const;

    const Variant& variant() const { return *variant_; }
    Color side_to_move() const { return turn_; }
    /// The piece on a square; type None when the square is empty or iced.
    Piece piece_at(Square s) const;
    bool is_ice(Square s) const { return (ice_ >> s) & 1; }
    Bitboard ice() const { return ice_; }
    Bitboard pieces(Color c) const { return by_color_[index(c)]; }
    Bitboard pieces(Color c, PieceType t) const { return by_color_[index(c)] & by_type_[index(t)]; }
    /// Squares holding a piece or ice: everything that blocks a slider.
    Bitboard occupied() const { return by_color_[0] | by_color_[1] | ice_; }
    /// The castling rights as CastlingRight bits (each side's right, whatever its rook's file).
    std::uint8_t castling_rights() const;
    /// The castling rights as the squares of their rooks: at most one rook on each side of
    /// each king, on its own back rank (the corners outside Chess960).
    Bitboard castling_rooks() const { return castling_rooks_; }
    /// The rook that castles with `c`'s king on the king side (`king_side`) or queen side, or
    /// NoSquare when that right is gone.
    Square castling_rook(Color c, bool king_side) const;
    /// The square a double step just passed over, or NoSquare. The engine keeps it only while
    /// a legal en-passant capture exists (docs/rules/notation.md §6.2), so FEN writing needs no
    /// extra test.
    Square en_passant_square() const { return en_passant_; }
    /// True when some legal en-passant capture exists (the FEN writer's policy,
    /// docs/rules/notation.md §6.2).
    bool en_passant_capturable() const;
    /// The square the last move's double step passed over, kept even when no legal en-passant
    /// capture exists (en_passant_square() is NoSquare then), or NoSquare. Only for explaining
    /// why an en-passant capture is illegal: it takes no part in equality or move generation.
    Square passed_square() const { return passed_; }
    int halfmove_clock() const { return halfmove_; }
    int fullmove_number() const { return fullmove_; }
    /// The king's square, or NoSquare when that side has no king (it froze).
    Square king_square(Color c) const {
        const Bitboard k = pieces(c, PieceType::King);
        return k ? static_cast<Square>(std::countr_zero(k)) : NoSquare;
    }
    /// How many pieces of type `t` (Pawn .. Queen) side `c` holds in its pocket (Crazyhouse).
    int pocket_count(Color c, PieceType t) const { return pockets_[index(c)][index(t)]; }
    const Pocket& pocket(Color c) const { return pockets_[index(c)]; }
    /// Squares whose piece was promoted from a pawn (FEN `~`); tracked only with pockets, where
    /// such a piece returns to the capturer's pocket as a pawn.
    Bitboard promoted() const { return promoted_; }

    /// True when the side to move's king is attacked.
    bool in_check() const { return checkers_ != 0; }
    /// The squares of the other side's pieces that attack the side to move's king (0 when it
    /// has none, or no king): attackers(king, ~side_to_move()), kept with the position.
    Bitboard checkers() const { return checkers_; }
    /// The side to move's pieces pinned to its king: each is the only piece or ice cube between
    /// the king and a slider of the other side on one of the king's lines (ice blocks a line,
    /// docs/rules/ice-age-chess.md §2.2). Kept with the position.
    Bitboard pinned() const { return pinned_; }
    /// The squares of `by`'s pieces that attack `s` (ice blocks lines and gives no attack);
    /// is_attacked() as a set, for messages that name the attackers.
    Bitboard attackers(Square s, Color by) const;
    /// The squares of the other side's pieces that would attack the mover's king after the
    /// pseudo-legal move `m`, under the variant's legality reading
    /// (docs/rules/ice-age-chess.md §3.7, §3.8): right after the move, or after the Ice Age it
    /// triggers in Ice Age vchess. 0 when the king is not attacked then (or froze). Explains why a
    /// pseudo-legal move is not legal.
    Bitboard king_attackers_after(const Move& m) const;
    /// The pseudo-legal moves of the pieces in `types` to the squares in `dests`: what
    /// legal_moves(out, types, dests) returns before the king-safety test (castling already
    /// passes only over unattacked squares). For explaining why a move is illegal.
    void pseudo_legal_moves(MoveList& out, PieceSet types, Bitboard dests) const;
    /// True when `by` attacks `s` (ice blocks lines and gives no attack).
    bool is_attacked(Square s, Color by) const { return is_attacked(s, by, occupied()); }
    /// is_attacked with the blockers `occ` instead of the board's.
    bool is_attacked(Square s, Color by, Bitboard occ) const;

    /// Every legal move of the side to move (empty once the game is over by a frozen king); in
    /// variants with pockets the drops follow the board moves.
    void legal_moves(MoveList& out) const;
    /// The legal moves of the pieces in `types` (a drop counts as its piece's type) to the
    /// squares in `dests` (castling: the king's destination), in legal_moves() order: the same
    /// generator, restricted. The move readers use it to look only at the candidates of a move.
    void legal_moves(MoveList& out, PieceSet types, Bitboard dests) const;
    /// The legal moves of the side to move's pieces of type `piece` to the square `to`, castling
    /// and drops left out, in legal_moves() order: legal_moves(out, piece_set(piece), bit(to))
    /// without them. Straight from the attack tables (the pieces that reach `to`, a pawn's
    /// few origins), for reading a SAN token (docs/rules/notation.md §3.1). Empty once a king
    /// froze (docs/rules/ice-age-chess.md §4.1).
    void legal_moves_to(MoveList& out, PieceType piece, Square to) const;
    /// True when the side to move has a legal move (false once a king froze, §4.1).
    bool has_legal_move() const;
    /// True when `m` is one of legal_moves().
    bool is_legal(const Move& m) const;
    /// True when playing a move of the side to move now triggers an Ice Age (§3.1).
    bool ice_age_due() const;

    /// Plays a legal move (one of legal_moves(), or a null move), then the Ice Age it triggers,
    /// if any (§3.2-§3.5). Returns what that Ice Age did; `happened` is false when none was due.
    IceAgeEvent play(const Move& m);
    /// play() for the replay: writes the Ice Age into `event` only when one happened and returns
    /// whether it did. An IceAgeEvent is large, and filling an empty one every ply cost more than
    /// the move itself (docs/performance.md).
    bool play(const Move& m, IceAgeEvent& event);

    /// The decided end of this position: frozen kings first, then checkmate and stalemate.
    Outcome outcome() const;

    /// The legal move from `from` to `to` (castling: the king's from and to squares, as in UCI)
    /// with the given promotion piece (None when no promotion), or nullopt when there is none.
    /// Drops have no from square and are never found here.
    std::optional<Move> find_legal(Square from, Square to,
                                   PieceType promotion = PieceType::None) const;

    friend bool operator==(const Position& a, const Position& b);

private:
    // Board edits and bookkeeping (position.cpp).
    void put(Color c, PieceType t, Square s);
    PieceType type_at(Square s) const;
    /// Plays `m` alone: no Ice Age, no en-passant normalisation.
    void make(const Move& m);
    /// The rooks that may hold a castling right: each side's rooks on its back rank when its king
    /// stands there too; outside Chess960 only the corner rooks, with the king on the e-file.
    Bitboard castling_candidates() const;
    /// Keeps the en-passant square only when a legal en-passant capture exists, so that equal
    /// game states compare equal and make_fen can write the field as it is.
    void keep_capturable_en_passant();
    /// Computes checkers_ and pinned_ for the board as it stands; every public way to a new
    /// position (start, from_setup, play) ends with it.
    void update_checks();

    // Move generation (movegen.cpp).
    void add_king_moves(MoveList& out, Square king, Bitboard targets, Bitboard dests) const;
    void add_drops(MoveList& out, PieceSet types, Bitboard dests) const;
    /// The mover's king is not attacked right after `m`, before any Ice Age.
    bool king_safe_after(const Move& m) const;
    /// Legality of a pseudo-legal move under the variant's legality reading (§3.7, §3.8).
    bool is_legal_pseudo(const Move& m) const;

    // The Ice Age (ice_age.cpp).
    IceAgeEvent ice_age();

    const Variant* variant_ = nullptr;
    std::array<Bitboard, 2> by_color_{};
    std::array<Bitboard, 6> by_type_{};
    Bitboard ice_            = 0;
    Color turn_              = Color::White;
    Bitboard castling_rooks_ = 0;  ///< the rooks that keep a castling right
    Square en_passant_       = NoSquare;
    Square passed_           = NoSquare;  ///< passed_square(); not compared
    int halfmove_            = 0;
    int fullmove_            = 1;
    std::array<Pocket, 2> pockets_{};
    Bitboard promoted_ = 0;
    // Derived from the board (update_checks), so operator== leaves them out. Asked for every
    // legality test and check mark: computed once per position instead.
    Bitboard checkers_ = 0;
    Bitboard pinned_   = 0;
};

/// Number of leaf nodes of the legal move tree of `depth` plies (Ice Ages included).
std::uint64_t perft(const Position& position, int depth);

}  // namespace floe::rules::chess
