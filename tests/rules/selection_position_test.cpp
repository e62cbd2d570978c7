// Equal positions and their Zobrist hash (docs/rules/selection.md §1): transpositions compare and
// hash equal, a change in each counted component makes them differ, the clocks do not, and over
// many random games equal positions always hash equal.

#include <gtest/gtest.h>

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "rules/chess/random_game.hpp"
#include "rules/glacial/random_game.hpp"
#include "rules/selection/same_position.hpp"
#include "tests/rules/chess_helpers.hpp"

namespace floe::test {
namespace {

namespace glacial = rules::glacial;
using rules::selection::same_position;
using rules::selection::zobrist;

chess::Position play_all(chess::Position p, std::initializer_list<std::string_view> moves) {
    for (const auto m : moves) p = after(p, m);
    return p;
}

void expect_same(const chess::Position& a, const chess::Position& b) {
    EXPECT_TRUE(same_position(a, b)) << fen_of(a) << " vs " << fen_of(b);
    EXPECT_EQ(zobrist(a), zobrist(b)) << fen_of(a) << " vs " << fen_of(b);
}

void expect_differ(const chess::Position& a, const chess::Position& b) {
    EXPECT_FALSE(same_position(a, b)) << fen_of(a) << " vs " << fen_of(b);
    EXPECT_NE(zobrist(a), zobrist(b)) << fen_of(a) << " vs " << fen_of(b);
}

// §1.1, §1.3: a transposition reaches the same position with another halfmove clock.
TEST(SelectionSamePosition, ChessTranspositionIgnoresTheClock) {
    const auto start = chess::Position::start(chess::standard_variant());
    const auto a     = play_all(start, {"e2e4", "e7e5", "g1f3"});
    const auto b     = play_all(start, {"g1f3", "e7e5", "e2e4"});
    EXPECT_EQ(fen_of(a), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    EXPECT_EQ(fen_of(b), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 2");
    EXPECT_FALSE(a == b);  // the engine's own equality counts the clock
    expect_same(a, b);
}

// §1.1: Ice Age Chess, the ice captured in either order.
TEST(SelectionSamePosition, IceAgeTransposition) {
    const auto start = chess::Position::start(chess::ice_age_variant());
    const auto a     = play_all(start, {"h2g3", "g8f6", "a2b3", "b8c6"});
    const auto b     = play_all(start, {"a2b3", "b8c6", "h2g3", "g8f6"});
    expect_same(a, b);
}

// §1.3: the fullmove number, and with it the Ice Age countdown, is left out.
TEST(SelectionSamePosition, FullmoveNumberAndIceAgeCountdownLeftOut) {
    const auto& v = chess::ice_age_variant();
    const auto a  = fen_position(v, "4k3/8/8/8/8/8/8/4K3 b - - 0 20");  // Ice Age after this move
    const auto b  = fen_position(v, "4k3/8/8/8/8/8/8/4K3 b - - 7 5");
    EXPECT_TRUE(a.ice_age_due());
    EXPECT_FALSE(b.ice_age_due());
    expect_same(a, b);
}

// §1.3: positions of two variants compare by their contents alone.
TEST(SelectionSamePosition, VariantLeftOut) {
    expect_same(chess::Position::start(chess::standard_variant()),
                chess::Position::start(chess::crazyhouse_variant()));
}

// §1.1: each counted component.
TEST(SelectionSamePosition, PieceMatters) {
    const auto& v = chess::standard_variant();
    expect_differ(fen_position(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
                  fen_position(v, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"));
    expect_differ(fen_position(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
                  fen_position(v, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"));
}

TEST(SelectionSamePosition, IceMatters) {
    const auto& v = chess::ice_age_variant();
    expect_differ(fen_position(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
                  fen_position(v, "4k3/8/8/8/3*4/8/8/4K3 w - - 0 1"));
}

TEST(SelectionSamePosition, SideToMoveMatters) {
    const auto& v = chess::standard_variant();
    expect_differ(fen_position(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
                  fen_position(v, "4k3/8/8/8/8/8/8/4K3 b - - 0 1"));
}

TEST(SelectionSamePosition, CastlingRightsMatter) {
    const auto& v = chess::standard_variant();
    expect_differ(fen_position(v, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
                  fen_position(v, "4k3/8/8/8/8/8/8/4K2R w - - 0 1"));
}

// §1.1: Chess960's rights compare by their rooks: with rooks on a1 and b1, `A` and `B` differ.
TEST(SelectionSamePosition, Chess960CastlingRooksMatter) {
    const auto& v = chess::chess960_variant();
    const auto a  = fen_position(v, "4k3/8/8/8/8/8/8/RR2K3 w A - 0 1");
    const auto b  = fen_position(v, "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    ASSERT_EQ(a.castling_rooks(), chess::bit(square_of("a1")));
    ASSERT_EQ(b.castling_rooks(), chess::bit(square_of("b1")));
    expect_differ(a, b);
    expect_same(a, fen_position(v, "4k3/8/8/8/8/8/8/RR2K3 w A - 5 9"));
}

// §1.1: a double step whose square no pawn can take on is no part of the position.
TEST(SelectionSamePosition, EnPassantOnlyWhenCapturable) {
    const auto& v = chess::standard_variant();
    expect_same(fen_position(v, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"),
                fen_position(v, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"));
    // A black pawn on d4 can take on e3.
    expect_differ(fen_position(v, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"),
                  fen_position(v, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1"));
    // The same pawn, pinned to its king along the rank: the capture is illegal.
    expect_same(fen_position(v, "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1"),
                fen_position(v, "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1"));
}

chess::Setup crazyhouse_setup() {
    return fen_position(chess::crazyhouse_variant(), "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1").to_setup();
}

TEST(SelectionSamePosition, PocketsMatter) {
    const auto& v          = chess::crazyhouse_variant();
    chess::Setup with_pawn = crazyhouse_setup();
    with_pawn.pockets[index(chess::Color::White)][index(chess::PieceType::Pawn)] = 1;
    chess::Setup black_pawn = crazyhouse_setup();
    black_pawn.pockets[index(chess::Color::Black)][index(chess::PieceType::Pawn)] = 1;
    chess::Setup two_pawns                                                        = with_pawn;
    two_pawns.pockets[index(chess::Color::White)][index(chess::PieceType::Pawn)]  = 2;
    const auto none = chess::Position::from_setup(v, crazyhouse_setup());
    expect_differ(none, chess::Position::from_setup(v, with_pawn));
    expect_differ(chess::Position::from_setup(v, with_pawn),
                  chess::Position::from_setup(v, black_pawn));
    expect_differ(chess::Position::from_setup(v, with_pawn),
                  chess::Position::from_setup(v, two_pawns));
}

// §1.1: a promoted queen (FEN `Q~`) returns to a pocket as a pawn: it is not the same queen.
TEST(SelectionSamePosition, PromotedMarkMatters) {
    const auto& v         = chess::crazyhouse_variant();
    chess::Setup promoted = crazyhouse_setup();
    promoted.promoted     = chess::bit(square_of("a1"));
    expect_differ(chess::Position::from_setup(v, crazyhouse_setup()),
                  chess::Position::from_setup(v, promoted));
}

// §1.4: over random games of each variant, equal positions hash equal, and (with these fixed
// seeds) no two unequal positions share a hash.
TEST(SelectionSamePosition, RandomChessGamesHashLikeTheyCompare) {
    for (const chess::Variant* v :
         {&chess::standard_variant(), &chess::ice_age_variant(), &chess::crazyhouse_variant()}) {
        std::unordered_map<std::uint64_t, std::vector<chess::Position>> seen;
        int positions = 0, repeated = 0;
        rules::SplitMix64 rng(20240611);
        for (int game = 0; game < 60; ++game) {
            chess::Position p = chess::Position::start(*v);
            for (const chess::Move& m : chess::random_game(p, rng, 120)) {
                p.play(m);
                // The same position by another way, with other clocks.
                chess::Setup setup    = p.to_setup();
                setup.halfmove_clock  = 0;
                setup.fullmove_number = 1;
                const auto rebuilt    = chess::Position::from_setup(*v, setup);
                ASSERT_TRUE(same_position(p, rebuilt)) << fen_of(p);
                ASSERT_EQ(zobrist(p), zobrist(rebuilt)) << fen_of(p);
                auto& bucket = seen[zobrist(p)];
                for (const chess::Position& q : bucket) {
                    ASSERT_TRUE(same_position(p, q)) << fen_of(p) << " vs " << fen_of(q);
                }
                if (!bucket.empty()) ++repeated;
                if (bucket.empty()) bucket.push_back(p);
                ++positions;
            }
        }
        // Equal positions were met (kings and knights walk back and forth), so the hash was
        // tested on them.
        EXPECT_GT(repeated, 0) << v->name;
        EXPECT_GT(positions, 1000) << v->name;
    }
}

// --- Glacial Shift ------------------------------------------------------------------------------

struct GlacialLine {
    glacial::Position position = glacial::Position::start();
    glacial::History history;
    GlacialLine() { history.push(position.board_hash()); }
    bool play(const glacial::Move& m) {
        if (!position.is_legal(m, history)) return false;
        position.play(m);
        history.push(position.board_hash());
        position.resolve_mates(history);
        return true;
    }
};

void expect_same(const glacial::Position& a, const glacial::Position& b) {
    EXPECT_TRUE(same_position(a, b));
    EXPECT_EQ(zobrist(a), zobrist(b));
}

void expect_differ(const glacial::Position& a, const glacial::Position& b) {
    EXPECT_FALSE(same_position(a, b));
    EXPECT_NE(zobrist(a), zobrist(b));
}

// §1.2: two Yellow moves played in either order, the other seats' moves between them the same.
TEST(SelectionSamePosition, GlacialTransposition) {
    glacial::MoveList yellow;
    glacial::History start_history;
    start_history.push(glacial::Position::start().board_hash());
    glacial::Position::start().legal_moves(yellow, start_history);
    // The first moves each other seat has in a line.
    const auto others = [](GlacialLine& line) {
        for (int k = 0; k < 3; ++k) {
            glacial::MoveList list;
            line.position.legal_moves(list, line.history);
            if (list.empty() || !line.play(list[0])) return false;
        }
        return true;
    };
    int found = 0;
    for (std::size_t i = 0; i < yellow.size() && !found; ++i) {
        for (std::size_t j = i + 1; j < yellow.size() && !found; ++j) {
            GlacialLine a, b;
            if (!a.play(yellow[i]) || !others(a) || !a.play(yellow[j])) continue;
            if (!b.play(yellow[j]) || !others(b) || !b.play(yellow[i])) continue;
            if (!a.position.same_board(b.position)) continue;
            ++found;
            expect_same(a.position, b.position);
        }
    }
    EXPECT_EQ(found, 1);
}

glacial::Position from(const glacial::Setup& setup) { return glacial::Position::from_setup(setup); }

// §1.3: the ply number is left out.
TEST(SelectionSamePosition, GlacialPlyNumberLeftOut) {
    glacial::Setup later = glacial::Position::start().to_setup();
    later.ply            = 41;
    expect_same(glacial::Position::start(), from(later));
}

// §1.2: each counted component.
TEST(SelectionSamePosition, GlacialComponentsMatter) {
    const glacial::Position start = glacial::Position::start();
    const glacial::Setup base     = start.to_setup();
    // d2 holds Yellow's small yellow piece at the start (docs/rules/glacial-shift.md §9.1).
    const glacial::Square d2 = glacial::make_square(3, 1);
    ASSERT_EQ(base.board[d2], glacial::lying(glacial::Yellow, glacial::Yellow, 1));

    glacial::Setup spent = base;
    spent.board[d2].sizes |= glacial::SpentBit;
    expect_differ(start, from(spent));

    glacial::Setup cell = base;
    cell.board[d2]      = glacial::upright(glacial::Yellow, 1);
    expect_differ(start, from(cell));

    glacial::Setup turn = base;
    turn.turn           = glacial::Green;
    expect_differ(start, from(turn));

    glacial::Setup hand = base;  // a small yellow pyramid from the stash to Green's hand
    --hand.stash[glacial::kind_index(glacial::Yellow, 1)];
    ++hand.hands[glacial::Green][glacial::kind_index(glacial::Yellow, 1)];
    expect_differ(start, from(hand));

    glacial::Setup other_hand = base;  // the same pyramid in Blue's hand
    --other_hand.stash[glacial::kind_index(glacial::Yellow, 1)];
    ++other_hand.hands[glacial::Blue][glacial::kind_index(glacial::Yellow, 1)];
    expect_differ(from(hand), from(other_hand));

    glacial::Setup stash = base;
    --stash.stash[glacial::kind_index(glacial::Red, 3)];
    expect_differ(start, from(stash));

    glacial::Setup attacker               = base;
    attacker.last_attacker[glacial::Blue] = glacial::Red;
    expect_differ(start, from(attacker));
}

// docs/rules/selection.md §1.4: random Glacial Shift games. A board never repeats in a game
// (docs/rules/glacial-shift.md §7.2), so the equal positions are the rebuilt ones; a hash shared
// with an unequal position would fail.
TEST(SelectionSamePosition, RandomGlacialGamesHashLikeTheyCompare) {
    std::unordered_map<std::uint64_t, std::vector<glacial::Position>> seen;
    int positions = 0;
    rules::SplitMix64 rng(7);
    for (int game = 0; game < 20; ++game) {
        GlacialLine line;
        for (const glacial::Move& m : glacial::random_game(line.position, rng, 150, 0)) {
            ASSERT_TRUE(line.play(m));
            glacial::Setup setup = line.position.to_setup();
            setup.ply            = 1;
            ASSERT_TRUE(same_position(line.position, from(setup)));
            ASSERT_EQ(zobrist(line.position), zobrist(from(setup)));
            auto& bucket = seen[zobrist(line.position)];
            for (const glacial::Position& q : bucket) ASSERT_TRUE(same_position(line.position, q));
            if (bucket.empty()) bucket.push_back(line.position);
            ++positions;
        }
    }
    EXPECT_GT(positions, 1000);
}

}  // namespace
}  // namespace floe::test
