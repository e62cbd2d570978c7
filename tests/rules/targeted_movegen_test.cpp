// The replay's shortcuts (docs/performance.md) against the full move list they replace, at every
// position of random games in each chess variant:
// - legal_moves(out, types, dests) is exactly the full list filtered to those piece types and
//   target squares, in the same order;
// - has_legal_move() is exactly "the full list is not empty" (mate and stalemate, frozen kings);
// - legal_moves_to(out, type, square) is exactly the full list filtered to that type and square,
//   castling and drops left out; checkers() and pinned() are the attackers of the king and the
//   pieces whose removal lets a slider see it;
// - resolve_move(position, token), which generates only a token's candidates, gives the same
//   Resolution as resolve_move against the full list, for SAN-like, LAN-like and bare tokens
//   (ambiguous and illegal ones included).

#include <gtest/gtest.h>

#include <bit>
#include <string>

#include "rules/chess/move_reader.hpp"
#include "rules/chess/variant.hpp"
#include "rules/common/split_mix64.hpp"
#include "tests/rules/chess_helpers.hpp"

namespace floe::test {
namespace {

using chess::Bitboard;
using chess::Move;
using chess::MoveList;
using chess::PieceType;

constexpr PieceType Types[] = {PieceType::Pawn, PieceType::Knight, PieceType::Bishop,
                               PieceType::Rook, PieceType::Queen,  PieceType::King};

MoveList filtered(const MoveList& all, chess::PieceSet types, Bitboard dests) {
    MoveList out;
    for (const Move& m : all)
        if ((types & chess::piece_set(m.piece)) && (dests & chess::bit(m.to))) out.push(m);
    return out;
}

bool same_list(const MoveList& a, const MoveList& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(a[i] == b[i])) return false;
    return true;
}

bool same_resolution(const chess::Resolution& a, const chess::Resolution& b) {
    if (a.status != b.status || a.forms != b.forms || a.check != b.check) return false;
    if (a.status == chess::ResolveStatus::Ok) return a.move == b.move;
    if (a.status == chess::ResolveStatus::Ambiguous)
        return a.candidates[0] == b.candidates[0] && a.candidates[1] == b.candidates[1];
    return true;
}

constexpr char Letters[] = "PNBRQK";

// Tokens naming the moves of `m`'s piece to its square: "Nf3" (may be ambiguous), "Ng1f3",
// and "f3" (a pawn reading: often illegal).
std::vector<std::string> tokens_for(const Move& m) {
    const std::string to = square_name(m.to);
    const std::string letter(1, Letters[chess::index(m.piece)]);
    if (m.kind == chess::MoveKind::Drop) return {letter + "@" + to};
    const std::string from       = square_name(m.from);
    std::vector<std::string> out = {letter + to, letter + from + to, to, from + to};
    // SAN's own forms: capture marks (x, x* for ice), a file or rank hint, promotions.
    const std::string file(1, from[0]), rank(1, from[1]);
    const std::string x = m.captures_ice ? "x*" : "x";
    if (m.piece == PieceType::Pawn) {
        const std::string promotion =
            m.promotion == PieceType::None
                ? std::string()
                : "=" + std::string(1, Letters[chess::index(m.promotion)]);
        out.insert(out.end(), {to + promotion, file + x + to + promotion, file + to + promotion,
                               file + "x" + to + promotion});
    } else {
        out.insert(out.end(), {letter + x + to, letter + file + to, letter + rank + x + to,
                               letter + "x" + to});
    }
    return out;
}

// The side to move's pieces whose removal lets a slider of the other side see its king: the
// pins, found the slow way.
Bitboard pinned_the_slow_way(const chess::Position& p) {
    const chess::Color us    = p.side_to_move();
    const chess::Square king = p.king_square(us);
    if (king == chess::NoSquare) return 0;
    const Bitboard before = p.attackers(king, ~us);
    Bitboard out          = 0;
    for (Bitboard b = p.pieces(us) & ~chess::bit(king); b; b &= b - 1) {
        const auto s       = static_cast<chess::Square>(std::countr_zero(b));
        chess::Setup setup = p.to_setup();
        setup.board[s]     = {};
        const auto without = chess::Position::from_setup(p.variant(), setup);
        if (without.attackers(king, ~us) & ~before) out |= chess::bit(s);
    }
    return out;
}

struct Counts {
    int positions = 0, in_check = 0, no_move = 0, ambiguous = 0, illegal = 0;
};

void check_game(const chess::Variant& variant, std::uint64_t seed, Counts& counts) {
    rules::SplitMix64 rng(seed);
    chess::Position p = chess::Position::start(variant);
    for (int ply = 0; ply < 400; ++ply) {
        ++counts.positions;
        MoveList all;
        p.legal_moves(all);
        if (p.king_square(p.side_to_move()) != chess::NoSquare && p.in_check()) ++counts.in_check;
        if (all.empty()) ++counts.no_move;
        ASSERT_EQ(p.has_legal_move(), !all.empty()) << seed << " ply " << ply;
        const chess::Square king = p.king_square(p.side_to_move());
        ASSERT_EQ(p.checkers(), king == chess::NoSquare ? 0 : p.attackers(king, ~p.side_to_move()));
        ASSERT_EQ(p.pinned(), pinned_the_slow_way(p)) << seed << " ply " << ply;
        MoveList board_moves;  // legal_moves_to leaves out castling and drops
        for (const Move& m : all)
            if (m.kind != chess::MoveKind::Drop && m.kind != chess::MoveKind::CastleKing &&
                m.kind != chess::MoveKind::CastleQueen)
                board_moves.push(m);

        for (const PieceType t : Types) {
            for (int s = 0; s < 64; s += 9) {  // a diagonal of single squares
                const Bitboard dests = chess::bit(static_cast<chess::Square>(s));
                MoveList some;
                p.legal_moves(some, chess::piece_set(t), dests);
                ASSERT_TRUE(same_list(some, filtered(all, chess::piece_set(t), dests))) << seed;
            }
            for (chess::Square s = 0; s < 64; ++s) {
                MoveList to;
                p.legal_moves_to(to, t, s);
                ASSERT_TRUE(
                    same_list(to, filtered(board_moves, chess::piece_set(t), chess::bit(s))))
                    << seed << " ply " << ply << " " << square_name(s);
            }
            MoveList of_type;
            p.legal_moves(of_type, chess::piece_set(t), ~Bitboard{0});
            ASSERT_TRUE(same_list(of_type, filtered(all, chess::piece_set(t), ~Bitboard{0})));
        }
        for (const Move& m : all) {
            for (const std::string& text : tokens_for(m)) {
                const chess::MoveToken token = chess::decode_move(text);
                const chess::Resolution full = chess::resolve_move(p, all, token);
                if (full.status == chess::ResolveStatus::Ambiguous) ++counts.ambiguous;
                if (full.status == chess::ResolveStatus::Illegal) ++counts.illegal;
                ASSERT_TRUE(same_resolution(chess::resolve_move(p, token), full))
                    << seed << " ply " << ply << " " << text;
            }
        }
        if (all.empty()) break;
        p.play(all[rng.below(static_cast<std::uint32_t>(all.size()))]);
    }
}

class TargetedGeneration : public ::testing::TestWithParam<const chess::Variant* (*)()> {};

TEST_P(TargetedGeneration, MatchesTheFullListOnRandomGames) {
    const chess::Variant& variant = *GetParam()();
    Counts counts;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) check_game(variant, seed, counts);
    // The shortcuts were really exercised: checks, ends, ambiguous and illegal tokens.
    EXPECT_GT(counts.positions, 2000);
    EXPECT_GT(counts.in_check, 50);
    EXPECT_GT(counts.no_move, 0);
    EXPECT_GT(counts.ambiguous, 0);
    EXPECT_GT(counts.illegal, 0);
}

INSTANTIATE_TEST_SUITE_P(Variants, TargetedGeneration,
                         ::testing::Values([] { return &chess::standard_variant(); },
                                           [] { return &chess::ice_age_variant(); },
                                           [] { return &chess::ice_age_vchess_variant(); },
                                           [] { return &chess::crazyhouse_variant(); }));

}  // namespace
}  // namespace floe::test
