// Move writers: SAN, LAN, UCI, figurine and the Ice Age event text (docs/rules/notation.md §3,
// §4.2), on the reference positions of docs/rules/ice-age-chess.md §5.

#include "notation/san.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "notation/fen.hpp"

namespace {

using floe::formats::make_figurine;
using floe::formats::make_lan;
using floe::formats::make_move;
using floe::formats::make_san;
using floe::formats::make_uci;
using floe::formats::MoveNotation;
using floe::rules::chess::ice_age_variant;
using floe::rules::chess::Move;
using floe::rules::chess::MoveList;
using floe::rules::chess::Position;
using floe::rules::chess::standard_variant;
using floe::rules::chess::Variant;

Position parse(const Variant& variant, std::string_view fen) {
    auto result = floe::formats::parse_fen(variant, fen);
    if (!result.position) ADD_FAILURE() << "FEN rejected: " << fen;
    return result.position.value_or(Position::start(variant));
}

Position ice(std::string_view fen) { return parse(ice_age_variant(), fen); }
Position orthodox(std::string_view fen) { return parse(standard_variant(), fen); }

std::string square_name(int s) {
    return {static_cast<char>('a' + s % 8), static_cast<char>('1' + s / 8)};
}

// The legal move given by coordinates (`e2e4`, `b7c8q`), found without the writers under test.
Move find(const Position& p, std::string_view coords) {
    MoveList moves;
    p.legal_moves(moves);
    for (const Move& m : moves) {
        std::string c = square_name(m.from) + square_name(m.to);
        if (m.promotion != floe::rules::chess::PieceType::None)
            c += "pnbrqk"[floe::rules::chess::index(m.promotion)];
        if (c == coords) return m;
    }
    ADD_FAILURE() << "no legal move " << coords;
    return Move{};
}

Move null_move() {
    Move m;
    m.kind = floe::rules::chess::MoveKind::Null;
    return m;
}

// Every legal move of `p` written in `notation`, sorted in byte order.
std::vector<std::string> all_moves(const Position& p, MoveNotation notation = MoveNotation::San) {
    MoveList moves;
    p.legal_moves(moves);
    std::vector<std::string> out;
    for (const Move& m : moves) out.push_back(make_move(p, m, notation));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

constexpr std::string_view IceStart =
    "rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// --- SAN ----------------------------------------------------------------------------------

TEST(SanWrite, IceAgeStartHasEighteenIceCaptures) {  // reference 1
    EXPECT_EQ(
        all_moves(ice(IceStart)),
        sorted({"ax*b3", "bx*a3", "bx*c3", "cx*b3", "cx*d3", "dx*c3", "dx*e3", "ex*d3", "ex*f3",
                "fx*e3", "fx*g3", "gx*f3", "gx*h3", "hx*g3", "Nx*a3", "Nx*c3", "Nx*f3", "Nx*h3"}));
}

TEST(SanWrite, PromotionByIceCaptureChecksOnlyWhenItHolds) {  // reference 13
    EXPECT_EQ(all_moves(ice("***4k/1P6/8/8/8/8/8/K7 w - - 0 6")),
              sorted({"bx*a8=Q", "bx*a8=R", "bx*a8=B", "bx*a8=N", "bx*c8=Q+", "bx*c8=R+", "bx*c8=B",
                      "bx*c8=N", "Ka2", "Kb1", "Kb2"}));
}

TEST(SanWrite, IceAgeCancelsTheMateMark) {  // reference 6
    const Position p = ice("r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 20");
    EXPECT_EQ(make_san(p, find(p, "a8a1")), "Ra1");
}

TEST(SanWrite, MateWithoutIceAgeIsMarked) {  // reference 6, full-move 19
    const Position p = ice("r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 19");
    EXPECT_EQ(make_san(p, find(p, "a8a1")), "Ra1#");
}

TEST(SanWrite, NoMarkWhenTheIceAgeFreezesAKing) {
    // Reference 7: 20...h6 freezes the white king; reference 9: the black king walks into
    // isolation; reference 8: both kings freeze. The freeze ends the game: no mark.
    const Position seven = ice("7k/6pp/8/8/8/8/8/K7 b - - 0 20");
    EXPECT_EQ(make_san(seven, find(seven, "h7h6")), "h6");
    const Position nine = ice("8/8/8/8/8/6k1/5P2/5K2 b - - 0 20");
    EXPECT_EQ(make_san(nine, find(nine, "g3h4")), "Kh4");
    const Position eight = ice("7k/8/8/8/8/8/8/K7 b - - 0 20");
    EXPECT_EQ(make_san(eight, find(eight, "h8g8")), "Kg8");
}

TEST(SanWrite, CaptureOfAPieceBesideIce) {  // reference 3
    const Position p = ice("2rq1rk1/3bpp2/1*1p1bP1/1p2n3/4P2P/1NN2P1*/PPPQ4/1K1R3R b - - 0 20");
    EXPECT_EQ(make_san(p, find(p, "c8c3")), "Rxc3");
}

TEST(SanWrite, RookBehindIce) {  // reference 4: the a1 rook's moves
    const Position p =
        ice("r3kb1r/1bqnnpp1/*pppppp*/********/********/*PPPPPP*/1BPNNPB1/R2QK2R w KQkq - 0 11");
    std::vector<std::string> rook;
    for (const char* to : {"a2", "a3", "b1", "c1"})
        rook.push_back(make_san(p, find(p, std::string("a1") + to)));
    EXPECT_EQ(rook, (std::vector<std::string>{"Ra2", "Rx*a3", "Rb1", "Rc1"}));
}

TEST(SanWrite, DisambiguatesByFile) {
    const Position p = orthodox("7k/8/8/8/8/8/8/R4R1K w - - 0 1");
    EXPECT_EQ(make_san(p, find(p, "a1c1")), "Rac1");
    EXPECT_EQ(make_san(p, find(p, "f1c1")), "Rfc1");
    EXPECT_EQ(make_san(p, find(p, "f1g1")), "Rg1");  // the a1 rook is blocked
}

TEST(SanWrite, DisambiguatesByRank) {
    const Position p = orthodox("7k/8/8/8/R7/8/8/R6K w - - 0 1");
    EXPECT_EQ(make_san(p, find(p, "a1a2")), "R1a2");
    EXPECT_EQ(make_san(p, find(p, "a4a3")), "R4a3");
    EXPECT_EQ(make_san(p, find(p, "a4a8")), "Ra8+");
}

TEST(SanWrite, DisambiguatesByFileAndRank) {
    const Position p = orthodox("6k1/8/8/8/8/Q7/7K/Q1Q5 w - - 0 1");
    EXPECT_EQ(make_san(p, find(p, "a1b2")), "Qa1b2");
    EXPECT_EQ(make_san(p, find(p, "c1b2")), "Qcb2");
    EXPECT_EQ(make_san(p, find(p, "a3b2")), "Q3b2");
}

TEST(SanWrite, PinnedPieceDoesNotCount) {
    const Position pinned = orthodox("4r1k1/8/8/7N/8/8/4N3/4K3 w - - 0 1");
    EXPECT_EQ(make_san(pinned, find(pinned, "h5g3")), "Ng3");
    const Position free = orthodox("6k1/8/8/7N/8/8/4N3/4K3 w - - 0 1");
    EXPECT_EQ(make_san(free, find(free, "h5g3")), "Nhg3");
    EXPECT_EQ(make_san(free, find(free, "e2g3")), "Neg3");
}

TEST(SanWrite, BlockedPieceDoesNotCount) {  // conformance B03
    const Position p = orthodox("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    EXPECT_EQ(make_san(p, find(p, "a1d1")), "Rd1");
}

TEST(SanWrite, Castling) {
    const Position both = orthodox("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(make_san(both, find(both, "e1g1")), "O-O");
    EXPECT_EQ(make_san(both, find(both, "e1c1")), "O-O-O");
    const Position check = orthodox("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1");
    EXPECT_EQ(make_san(check, find(check, "e1c1")), "O-O-O+");
    const Position iced = ice("2k5/8/8/8/8/8/8/R3K*1R w KQ - 0 6");  // reference 10
    EXPECT_EQ(make_san(iced, find(iced, "e1c1")), "O-O-O");
}

TEST(SanWrite, EnPassantIsAPlainCapture) {  // reference 12
    Position p      = ice("k7/8/8/8/3p4/8/4P3/K7 w - - 0 6");
    const Move push = find(p, "e2e4");
    EXPECT_EQ(make_san(p, push), "e4");
    p.play(push);
    const Move ep = find(p, "d4e3");
    EXPECT_EQ(ep.kind, floe::rules::chess::MoveKind::EnPassant);
    EXPECT_EQ(make_san(p, ep), "dxe3");
    EXPECT_EQ(make_lan(p, ep), "d4xe3");
    EXPECT_EQ(make_uci(p, ep), "d4e3");
}

TEST(SanWrite, PromotionWithCheck) {
    const Position p = orthodox("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    EXPECT_EQ(make_san(p, find(p, "e7d8q")), "exd8=Q+");
    EXPECT_EQ(make_san(p, find(p, "e7d8n")), "exd8=N");
    EXPECT_EQ(make_san(p, find(p, "e7e8r")), "e8=R+");
}

TEST(SanWrite, Checkmate) {
    const Position p = orthodox("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    EXPECT_EQ(make_san(p, find(p, "a1a8")), "Ra8#");
}

TEST(SanWrite, NullMove) {
    const Position p = ice(IceStart);
    EXPECT_EQ(make_san(p, null_move()), "--");
    EXPECT_EQ(make_lan(p, null_move()), "--");
    EXPECT_EQ(make_uci(p, null_move()), "0000");
    EXPECT_EQ(make_figurine(p, null_move()), "--");
}

TEST(SanWrite, AppendReusesTheBuffer) {
    const Position p = ice(IceStart);
    std::string out  = "1. ";
    floe::formats::append_san(out, p, find(p, "d2e3"));
    out += ' ';
    floe::formats::append_move(out, p, find(p, "g1f3"), MoveNotation::Uci);
    EXPECT_EQ(out, "1. dx*e3 g1f3");
}

// --- LAN, UCI, figurine -------------------------------------------------------------------

TEST(LanWrite, Forms) {
    const Position start = orthodox("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(make_lan(start, find(start, "g1f3")), "Ng1-f3");
    EXPECT_EQ(make_lan(start, find(start, "e2e4")), "e2-e4");
    const Position iced = ice(IceStart);
    EXPECT_EQ(make_lan(iced, find(iced, "d2e3")), "d2x*e3");
    EXPECT_EQ(make_lan(iced, find(iced, "b1c3")), "Nb1x*c3");
    const Position promo = orthodox("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    EXPECT_EQ(make_lan(promo, find(promo, "e7d8q")), "e7xd8=Q+");
    const Position castle = orthodox("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    EXPECT_EQ(make_lan(castle, find(castle, "e8g8")), "O-O");
    EXPECT_EQ(make_lan(castle, find(castle, "e8c8")), "O-O-O");
    const Position mate = ice("r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 19");
    EXPECT_EQ(make_lan(mate, find(mate, "a8a1")), "Ra8-a1#");
}

TEST(UciWrite, Forms) {
    const Position iced = ice(IceStart);
    EXPECT_EQ(make_uci(iced, find(iced, "d2e3")), "d2e3");
    const Position promo = ice("***4k/1P6/8/8/8/8/8/K7 w - - 0 6");
    EXPECT_EQ(make_uci(promo, find(promo, "b7c8q")), "b7c8q");
    EXPECT_EQ(make_uci(promo, find(promo, "b7a8n")), "b7a8n");
    const Position castle = orthodox("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(make_uci(castle, find(castle, "e1g1")), "e1g1");
    EXPECT_EQ(make_uci(castle, find(castle, "e1c1")), "e1c1");
}

TEST(UciWrite, IceStartSortedList) {  // the `moves` command's order (docs/rules/notation.md §9.3)
    EXPECT_EQ(all_moves(ice(IceStart), MoveNotation::Uci),
              sorted({"a2b3", "b2a3", "b2c3", "c2b3", "c2d3", "d2c3", "d2e3", "e2d3", "e2f3",
                      "f2e3", "f2g3", "g2f3", "g2h3", "h2g3", "b1a3", "b1c3", "g1f3", "g1h3"}));
}

TEST(FigurineWrite, EachSideUsesItsOwnGlyphs) {
    const Position iced = ice(IceStart);
    EXPECT_EQ(make_figurine(iced, find(iced, "g1f3")), "♘x*f3");
    EXPECT_EQ(make_figurine(iced, find(iced, "d2e3")), "dx*e3");
    const Position black = ice("r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 19");
    EXPECT_EQ(make_figurine(black, find(black, "a8a1")), "♜a1#");
    EXPECT_EQ(make_figurine(black, find(black, "g8f8")), "♚f8");
    const Position promo = ice("***4k/1P6/8/8/8/8/8/K7 w - - 0 6");
    EXPECT_EQ(make_figurine(promo, find(promo, "b7c8q")), "bx*c8=♕+");
    EXPECT_EQ(make_figurine(promo, find(promo, "a1b2")), "♔b2");
    const Position files = orthodox("7k/8/8/8/8/8/8/R4R1K w - - 0 1");
    EXPECT_EQ(make_figurine(files, find(files, "a1c1")), "♖ac1");
    const Position queens = orthodox("q6k/8/8/8/8/8/8/1B1K4 b - - 0 1");
    EXPECT_EQ(make_figurine(queens, find(queens, "a8b7")), "♛b7");
    const Position knight = orthodox("7k/8/8/8/8/8/n7/1B1K4 b - - 0 1");
    EXPECT_EQ(make_figurine(knight, find(knight, "a2b4")), "♞b4");
    const Position bishop = orthodox("7k/8/8/8/8/8/b7/3K4 b - - 0 1");
    EXPECT_EQ(make_figurine(bishop, find(bishop, "a2b1")), "♝b1");
    const Position white = orthodox("8/7k/8/8/8/8/8/Q2K1B1N w - - 0 1");
    EXPECT_EQ(make_figurine(white, find(white, "a1a2")), "♕a2");
    EXPECT_EQ(make_figurine(white, find(white, "f1e2")), "♗e2");
}

TEST(MoveWrite, DispatchesByNotation) {
    const Position p = ice(IceStart);
    const Move m     = find(p, "g1f3");
    EXPECT_EQ(make_move(p, m, MoveNotation::San), "Nx*f3");
    EXPECT_EQ(make_move(p, m, MoveNotation::Lan), "Ng1x*f3");
    EXPECT_EQ(make_move(p, m, MoveNotation::Uci), "g1f3");
    EXPECT_EQ(make_move(p, m, MoveNotation::Figurine), "♘x*f3");
}

// --- Ice Age event ------------------------------------------------------------------------

TEST(IceAgeEventWrite, ListsFrozenPiecesInSquareOrder) {  // reference 3
    Position p       = ice("2rq1rk1/3bpp2/1*1p1bP1/1p2n3/4P2P/1NN2P1*/PPPQ4/1K1R3R b - - 0 20");
    const auto event = p.play(find(p, "c8c3"));
    EXPECT_EQ(floe::formats::make_ice_age_event(event), "<ice age: Rh1 Ph4 pb5>");
}

TEST(IceAgeEventWrite, NothingFrozen) {  // reference 6: every piece touches another
    Position p       = ice("r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 20");
    const auto event = p.play(find(p, "a8a1"));
    EXPECT_TRUE(event.happened);
    EXPECT_EQ(floe::formats::make_ice_age_event(event), "<ice age>");
}

TEST(IceAgeEventWrite, NoEventGivesNothing) {
    Position p       = ice(IceStart);
    const auto event = p.play(find(p, "d2e3"));
    EXPECT_FALSE(event.happened);
    EXPECT_EQ(floe::formats::make_ice_age_event(event), "");
}

TEST(IceAgeEventWrite, KingsAndBothColours) {  // reference 8: both kings freeze
    Position p       = ice("7k/8/8/8/8/8/8/K7 b - - 0 20");
    const auto event = p.play(find(p, "h8g8"));
    EXPECT_EQ(floe::formats::make_ice_age_event(event), "<ice age: Ka1 kg8>");
}

}  // namespace
