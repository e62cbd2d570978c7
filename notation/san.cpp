#include "notation/san.hpp"

#include <array>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace floe::formats {

namespace {

// A move's text, built on the stack and appended to the caller's string once: appending it byte
// by byte was most of writing a move. 32 bytes hold any move, figurines included.
struct MoveText {
    std::array<char, 32> bytes;
    std::size_t size = 0;
    MoveText& operator+=(char c) {
        bytes[size++] = c;
        return *this;
    }
    MoveText& operator+=(std::string_view s) {
        std::memcpy(bytes.data() + size, s.data(), s.size());
        size += s.size();
        return *this;
    }
    void append_to(std::string& out) const { out.append(bytes.data(), size); }
};

using rules::chess::bit;
using rules::chess::Bitboard;
using rules::chess::Color;
using rules::chess::file_of;
using rules::chess::index;
using rules::chess::Move;
using rules::chess::MoveKind;
using rules::chess::MoveList;
using rules::chess::NoSquare;
using rules::chess::PieceType;
using rules::chess::Position;
using rules::chess::rank_of;
using rules::chess::Square;

/// How a writer names the pieces, indexed by PieceType (pawns unnamed).
using PieceNames = std::array<std::string_view, 6>;

// clang-format off
constexpr PieceNames Letters     = {"", "N", "B", "R", "Q", "K"};
constexpr PieceNames WhiteGlyphs = {"", "♘", "♗", "♖", "♕", "♔"};
constexpr PieceNames BlackGlyphs = {"", "♞", "♝", "♜", "♛", "♚"};
// clang-format on

template <class Out>
void append_square(Out& out, Square s) {
    out += static_cast<char>('a' + file_of(s));
    out += static_cast<char>('1' + rank_of(s));
}

template <class Out>
void append_capture_mark(Out& out, const Move& m) {
    out += m.captures_ice ? "x*" : "x";
}

template <class Out>
void append_promotion(Out& out, const Move& m, const PieceNames& names) {
    if (m.promotion == PieceType::None) return;
    out += '=';
    out += names[index(m.promotion)];
}

// A drop (docs/rules/notation.md §3.1): the piece's name, `P` for a pawn, then `@` and the square.
template <class Out>
void append_drop(Out& out, const Move& m, const PieceNames& names) {
    if (m.piece == PieceType::Pawn) {
        out += 'P';
    } else {
        out += names[index(m.piece)];
    }
    out += '@';
    append_square(out, m.to);
}

int sign(int v) { return (v > 0) - (v < 0); }

// True when a piece of type `t` on `from` could move to `to` by its pattern, ignoring pins and
// the colour on `to`. A cheap filter: most moves have no rival, and then no move list is needed.
bool may_reach(Bitboard occupied, PieceType t, Square from, Square to) {
    const int df  = file_of(to) - file_of(from);
    const int dr  = rank_of(to) - rank_of(from);
    const int adf = std::abs(df), adr = std::abs(dr);
    if (t == PieceType::Knight) return (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
    const bool diagonal   = adf == adr && adf != 0;
    const bool orthogonal = (adf == 0) != (adr == 0);
    const bool fits       = (t == PieceType::Bishop && diagonal) ||
                      (t == PieceType::Rook && orthogonal) ||
                      (t == PieceType::Queen && (diagonal || orthogonal));
    if (!fits) return false;
    const int step = sign(dr) * 8 + sign(df);
    for (int s = from + step; s != to; s += step)
        if (occupied & bit(static_cast<Square>(s))) return false;
    return true;
}

// SAN disambiguation (docs/rules/notation.md §3.1): against the other legal moves of the same piece
// type to the same square; file first, then rank, then both. Pawns need none (a pawn capture names
// its file, and no two pawns of one file reach one square) and there is one king.
template <class Out>
void append_disambiguation(Out& out, const Position& before, const Move& m) {
    if (m.piece == PieceType::Pawn || m.piece == PieceType::King) return;
    const Bitboard occupied = before.occupied();
    Bitboard rivals         = before.pieces(before.side_to_move(), m.piece) & ~bit(m.from);
    bool any_rival          = false;
    for (; rivals != 0 && !any_rival; rivals &= rivals - 1) {
        const auto s = static_cast<Square>(__builtin_ctzll(rivals));
        any_rival    = may_reach(occupied, m.piece, s, m.to);
    }
    if (!any_rival) return;

    MoveList legal;
    before.legal_moves(legal, rules::chess::piece_set(m.piece), bit(m.to));
    bool ambiguous = false, same_file = false, same_rank = false;
    for (const Move& other : legal) {
        if (other.kind == MoveKind::Drop || other.piece != m.piece || other.to != m.to ||
            other.from == m.from)
            continue;
        ambiguous = true;
        same_file |= file_of(other.from) == file_of(m.from);
        same_rank |= rank_of(other.from) == rank_of(m.from);
    }
    if (!ambiguous) return;
    if (!same_file) {
        out += static_cast<char>('a' + file_of(m.from));
    } else if (!same_rank) {
        out += static_cast<char>('1' + rank_of(m.from));
    } else {
        append_square(out, m.from);
    }
}

// The position after `m` and its Ice Age, for a writer whose caller did not pass it.
Position played(const Position& before, const Move& m) {
    Position after = before;
    after.play(m);
    return after;
}

// `+` or `#` as the opponent faces `after`, the position after the move and its Ice Age
// (docs/rules/ice-age-chess.md §3.9). A frozen king ends the game and the freeze decides (§3.6), so
// a position with a king missing gets no mark.
template <class Out>
void append_check_mark(Out& out, const Position& after, const Move& m) {
    if (m.kind == MoveKind::Null) return;
    if (after.king_square(Color::White) == NoSquare || after.king_square(Color::Black) == NoSquare)
        return;
    if (!after.in_check()) return;
    out += after.has_legal_move() ? '+' : '#';
}

// SAN with the piece names of `names` (letters or glyphs).
template <class Out>
void append_san_with(Out& out, const Position& before, const Move& m, const Position& after,
                     const PieceNames& names) {
    switch (m.kind) {
        case MoveKind::Null:
            out += "--";
            return;
        case MoveKind::CastleKing:
            out += "O-O";
            break;
        case MoveKind::CastleQueen:
            out += "O-O-O";
            break;
        case MoveKind::Drop:
            append_drop(out, m, names);
            break;
        default:
            if (m.piece == PieceType::Pawn) {
                if (m.is_capture()) {
                    out += static_cast<char>('a' + file_of(m.from));
                    append_capture_mark(out, m);
                }
            } else {
                out += names[index(m.piece)];
                append_disambiguation(out, before, m);
                if (m.is_capture()) append_capture_mark(out, m);
            }
            append_square(out, m.to);
            append_promotion(out, m, names);
    }
    append_check_mark(out, after, m);
}

const PieceNames& glyphs_of(Color c) { return c == Color::White ? WhiteGlyphs : BlackGlyphs; }

template <class Out>
void append_lan(Out& out, const Move& m, const Position& after) {
    switch (m.kind) {
        case MoveKind::Null:
            out += "--";
            return;
        case MoveKind::CastleKing:
            out += "O-O";
            break;
        case MoveKind::CastleQueen:
            out += "O-O-O";
            break;
        case MoveKind::Drop:
            append_drop(out, m, Letters);
            break;
        default:
            out += Letters[index(m.piece)];
            append_square(out, m.from);
            if (m.is_capture()) {
                append_capture_mark(out, m);
            } else {
                out += '-';
            }
            append_square(out, m.to);
            append_promotion(out, m, Letters);
    }
    append_check_mark(out, after, m);
}

template <class Out>
void append_uci(Out& out, const Position& before, const Move& m) {
    if (m.kind == MoveKind::Null) {
        out += "0000";
        return;
    }
    if (m.kind == MoveKind::Drop) {
        append_drop(out, m, Letters);  // UCI writes drops as SAN does: `P@d4`, `N@f3`
        return;
    }
    append_square(out, m.from);
    // Chess960 castling is the king taking its own rook (`e1h1`), UCI's form for it: the king's
    // destination may be its own square or its rook's.
    const bool castling = m.kind == MoveKind::CastleKing || m.kind == MoveKind::CastleQueen;
    if (castling && before.variant().castling_960) {
        append_square(out,
                      before.castling_rook(before.side_to_move(), m.kind == MoveKind::CastleKing));
        return;
    }
    append_square(out, m.to);
    if (m.promotion != PieceType::None) out += "pnbrqk"[index(m.promotion)];
}

}  // namespace

void append_san(std::string& out, const Position& before, const Move& m) {
    append_san_with(out, before, m, played(before, m), Letters);
}

std::string make_san(const Position& before, const Move& m) {
    std::string out;
    append_san(out, before, m);
    return out;
}

std::string make_lan(const Position& before, const Move& m) {
    std::string out;
    append_lan(out, m, played(before, m));
    return out;
}

std::string make_uci(const Position& before, const Move& m) {
    std::string out;
    append_uci(out, before, m);
    return out;
}

std::string make_figurine(const Position& before, const Move& m) {
    std::string out;
    append_san_with(out, before, m, played(before, m), glyphs_of(before.side_to_move()));
    return out;
}

void append_move(std::string& out, const Position& before, const Move& m, const Position& after,
                 MoveNotation notation) {
    MoveText text;
    switch (notation) {
        case MoveNotation::San:
            append_san_with(text, before, m, after, Letters);
            break;
        case MoveNotation::Lan:
            append_lan(text, m, after);
            break;
        case MoveNotation::Uci:
            append_uci(text, before, m);
            break;
        case MoveNotation::Figurine:
            append_san_with(text, before, m, after, glyphs_of(before.side_to_move()));
            break;
    }
    text.append_to(out);
}

void append_move(std::string& out, const Position& before, const Move& m, MoveNotation notation) {
    if (notation == MoveNotation::Uci) {  // no check mark: no position after needed
        append_uci(out, before, m);
        return;
    }
    append_move(out, before, m, played(before, m), notation);
}

std::string make_move(const Position& before, const Move& m, MoveNotation notation) {
    std::string out;
    append_move(out, before, m, notation);
    return out;
}

std::string make_move(const Position& before, const Move& m, const Position& after,
                      MoveNotation notation) {
    std::string out;
    append_move(out, before, m, after, notation);
    return out;
}

void append_ice_age_event(std::string& out, const rules::chess::IceAgeEvent& event) {
    if (!event.happened) return;
    if (event.frozen_count == 0) {
        out += "<ice age>";
        return;
    }
    out += "<ice age:";
    for (int i = 0; i < event.frozen_count; ++i) {
        const auto& [square, piece] = event.frozen_pieces[i];
        const char letter           = rules::chess::piece_letter(piece.type);
        out += ' ';
        out += piece.color == Color::White ? letter : static_cast<char>(letter - 'A' + 'a');
        append_square(out, square);
    }
    out += '>';
}

std::string make_ice_age_event(const rules::chess::IceAgeEvent& event) {
    std::string out;
    append_ice_age_event(out, event);
    return out;
}

}  // namespace floe::formats
