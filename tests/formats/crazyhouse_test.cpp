// Crazyhouse (docs/rules/notation.md §2.5, §3.1, §6.4): pockets and promoted markers in FEN, drops
// in the engine and in every move notation, the diagram's pockets, and perft. The perft numbers
// were compared with Fairy-Stockfish before they were pinned; CrazyhousePerft.MatchesFairyStockfish
// repeats that comparison wherever /usr/games/fairy-stockfish is installed, and skips
// itself elsewhere.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "formats/diagram_chess.hpp"
#include "formats/diagram_text.hpp"
#include "notation/fen.hpp"
#include "notation/san.hpp"
#include "rules/chess/move_reader.hpp"

namespace {

namespace chess = floe::rules::chess;
using chess::Color;
using chess::PieceType;
using floe::formats::FenResult;
using floe::formats::make_fen;
using floe::formats::parse_fen;
using floe::rules::DiagCode;
using floe::rules::Severity;

const chess::Variant& zh() { return chess::crazyhouse_variant(); }

constexpr std::string_view Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
// Two positions with full pockets: "kiwipete" (castling, en passant, pins, promotions) with every
// piece type in both pockets, and one with a promoted queen and pawns about to promote.
constexpr std::string_view FullPockets1 =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[QRBNPqrbnp] w KQkq - 0 1";
constexpr std::string_view FullPockets2 =
    "r3k2r/pPpp1ppp/8/8/Q~7/8/PpPP1PPP/R3K2R[BNPbnp] w KQkq - 0 1";

chess::Position accept(std::string_view fen, const chess::Variant& variant = zh()) {
    const FenResult r = parse_fen(variant, fen);
    EXPECT_TRUE(r.diagnostics.empty()) << fen << ": " << r.diagnostics.front().message;
    if (!r.position) {
        ADD_FAILURE() << "FEN rejected: " << fen;
        return chess::Position::start(variant);
    }
    return *r.position;
}

// The move a SAN token names in `p` (it must be legal).
chess::Move move(const chess::Position& p, std::string_view san) {
    chess::MoveList legal;
    p.legal_moves(legal);
    const auto r = chess::resolve_move(p, legal, chess::decode_move(san));
    EXPECT_EQ(r.status, chess::ResolveStatus::Ok) << san;
    return r.move;
}

chess::Position play(chess::Position p, std::string_view san) {
    p.play(move(p, san));
    return p;
}

// ---- FEN ----

TEST(CrazyhouseFen, PocketsRoundTrip) {
    for (const std::string_view fen :
         {Start, FullPockets1, FullPockets2,
          std::string_view("r1bqkbnr/pppp1ppp/8/4n3/4P3/8/PPPP1PPP/RNBQKB1R[Pn] w KQkq - 0 4"),
          std::string_view("4k3/8/8/8/8/8/8/4K3[QQRRBBNNPPPPqrbnpppp] b - - 7 40")})
        EXPECT_EQ(make_fen(accept(fen)), fen);
}

TEST(CrazyhouseFen, EmptyPocketForms) {
    const std::string board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for (const std::string pocket : {"[]", "[-]", ""})
        EXPECT_EQ(make_fen(accept(board + pocket + " w KQkq - 0 1")), Start) << pocket;
}

TEST(CrazyhouseFen, PocketsAreWrittenQueenToPawnWhiteFirst) {
    EXPECT_EQ(make_fen(accept("4k3/8/8/8/8/8/8/4K3[pnPQbN] w - - 0 1")),
              "4k3/8/8/8/8/8/8/4K3[QNPbnp] w - - 0 1");
}

TEST(CrazyhouseFen, NinthRankPocketIsReadWithAWarning) {
    const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Pp w KQkq - 0 1";
    const FenResult r     = parse_fen(zh(), fen);
    ASSERT_TRUE(r.position.has_value());
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].severity, Severity::Warning);
    EXPECT_EQ(r.diagnostics[0].code, DiagCode::FenPocketForm);
    EXPECT_EQ(r.diagnostics[0].span.begin, 44u);
    EXPECT_EQ(make_fen(*r.position),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 1");
    EXPECT_FALSE(parse_fen(zh(), fen, true).position.has_value());  // --strict
}

TEST(CrazyhouseFen, CountedPocketIsReadWithAWarning) {
    const FenResult r = parse_fen(zh(), "4k3/8/8/8/8/8/8/4K3[N3Pbp] w - - 0 1");
    ASSERT_TRUE(r.position.has_value());
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].code, DiagCode::FenPocketForm);
    EXPECT_EQ(r.diagnostics[0].message,
              "pocket: counts before letters (canonical: the letter repeated)");
    EXPECT_EQ(make_fen(*r.position), "4k3/8/8/8/8/8/8/4K3[NPPPbp] w - - 0 1");
    const FenResult strict = parse_fen(zh(), "4k3/8/8/8/8/8/8/4K3[N3Pbp] w - - 0 1", true);
    EXPECT_FALSE(strict.position.has_value());
    ASSERT_EQ(strict.diagnostics.size(), 1u);
    EXPECT_EQ(strict.diagnostics[0].severity, Severity::Error);
}

TEST(CrazyhouseFen, PromotedMarkersRoundTripAndAreRejectedElsewhere) {
    const std::string fen = "rnQ~qkb1r/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR[p] b KQ - 0 5";
    const auto p          = accept(fen);
    EXPECT_EQ(p.promoted(), chess::bit(chess::make_square(2, 7)));
    EXPECT_EQ(make_fen(p), fen);

    const FenResult standard = parse_fen(
        chess::standard_variant(), "rnb~qkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_FALSE(standard.position.has_value());
    ASSERT_EQ(standard.diagnostics.size(), 1u);
    EXPECT_EQ(standard.diagnostics[0].code, DiagCode::FenPromotedMarker);
    EXPECT_EQ(standard.diagnostics[0].message,
              "board: promoted marker `~` on c8 not allowed in standard chess");
    EXPECT_EQ(standard.diagnostics[0].span.begin, 2u);
    EXPECT_EQ(standard.diagnostics[0].span.end, 4u);
}

// One rejection per problem, with its code and message.
TEST(CrazyhouseFen, Rejections) {
    struct Case {
        const chess::Variant* variant;
        std::string_view fen;
        DiagCode code;
        std::string_view message;
    };
    const Case cases[] = {
        {&zh(), "4k3/8/8/8/8/8/8/4K3[Px] w - - 0 1", DiagCode::FenPocket,
         "pocket: 'x' is not a piece letter"},
        {&zh(), "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", DiagCode::FenPocket,
         "pocket: 'K': a king is never in a pocket"},
        {&zh(), "4k3/8/8/8/8/8/8/4K3[P w - - 0 1", DiagCode::FenPocket,
         "pocket: '[' without a closing ']'"},
        {&zh(), "4k3/8/8/8/8/8/8/4K3[P3] w - - 0 1", DiagCode::FenPocket,
         "pocket: a count without its letter"},
        {&zh(), "4k3/8/8/8/8/8/8/4K3[65P] w - - 0 1", DiagCode::FenPocket,
         "pocket: more than 64 of 'P'"},
        {&zh(), "4k3/8/8/8/8/8/4P~3/4K3[] w - - 0 1", DiagCode::FenPromotedMarker,
         "board: promoted marker `~` on e2: a pawn is never promoted"},
        {&zh(), "4k3/8/8/8/8/8/8/~4K3[] w - - 0 1", DiagCode::FenPromotedMarker,
         "board: promoted marker `~` must follow a piece letter"},
        {&chess::standard_variant(), "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", DiagCode::FenPocket,
         "pocket: standard chess has no pockets"},
        {&chess::ice_age_variant(), "4k3/8/8/8/8/8/8/4Q~K2 w - - 0 1", DiagCode::FenPromotedMarker,
         "board: promoted marker `~` on e1 not allowed in Ice Age Chess"},
    };
    // Exactly one error each (the counted case also warns about its counted form).
    for (const Case& c : cases) {
        const FenResult r = parse_fen(*c.variant, c.fen);
        EXPECT_FALSE(r.position.has_value()) << c.fen;
        std::vector<floe::rules::Diagnostic> errors;
        for (const auto& d : r.diagnostics)
            if (d.severity == Severity::Error) errors.push_back(d);
        ASSERT_EQ(errors.size(), 1u) << c.fen;
        EXPECT_EQ(errors[0].code, c.code) << c.fen;
        EXPECT_EQ(errors[0].message, c.message) << c.fen;
        // Only pockets in a variant without them point to Crazyhouse (worded by cli/).
        const floe::rules::Hint hint = c.code == DiagCode::FenPocket && c.variant != &zh()
                                           ? floe::rules::Hint::VariantCrazyhousePocket
                                           : floe::rules::Hint::None;
        EXPECT_EQ(errors[0].hint, hint) << c.fen;
    }
}

// ---- The engine ----

TEST(CrazyhouseRules, CapturesGoToTheCapturersPocket) {
    auto p = chess::Position::start(zh());
    for (const char* san : {"e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5"}) p = play(p, san);
    EXPECT_EQ(p.pocket_count(Color::White, PieceType::Pawn), 1);
    EXPECT_EQ(p.pocket_count(Color::Black, PieceType::Pawn), 1);
    p = play(p, "P@d4");
    EXPECT_EQ(p.pocket_count(Color::White, PieceType::Pawn), 0);
    EXPECT_EQ(make_fen(p), "rnb1kbnr/ppp1pppp/8/q7/3P4/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 0 4");
}

TEST(CrazyhouseRules, APromotedPieceKeepsItsMarkerAndReturnsAsAPawn) {
    // The promoted queen carries `~` wherever it goes; what it captures is a rook as usual.
    auto p = accept("1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1");
    for (const char* san : {"a8=Q", "Kd7", "Qxb8"}) p = play(p, san);
    EXPECT_EQ(make_fen(p), "1Q~6/3k4/8/8/8/8/8/4K3[R] b - - 0 2");
    // Taken, it goes to Black's pocket as a pawn.
    p = accept("1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1");
    for (const char* san : {"a8=Q", "Rxa8"}) p = play(p, san);
    EXPECT_EQ(make_fen(p), "r3k3/8/8/8/8/8/8/4K3[p] w - - 0 2");
    EXPECT_EQ(p.promoted(), 0u);
}

TEST(CrazyhouseRules, DropRules) {
    const auto p = accept("4k3/8/8/8/8/8/8/4K3[PN] w - - 0 1");
    chess::MoveList legal;
    p.legal_moves(legal);
    int pawn_drops = 0, knight_drops = 0;
    for (const auto& m : legal) {
        if (m.kind != chess::MoveKind::Drop) continue;
        EXPECT_EQ(m.from, chess::NoSquare);
        (m.piece == PieceType::Pawn ? pawn_drops : knight_drops)++;
        if (m.piece == PieceType::Pawn) {
            EXPECT_NE(chess::rank_of(m.to), 0);
            EXPECT_NE(chess::rank_of(m.to), 7);
        }
    }
    EXPECT_EQ(pawn_drops, 48 - 0);  // ranks 2-7 are empty
    EXPECT_EQ(knight_drops, 62);    // every empty square
}

TEST(CrazyhouseRules, MateCountsDrops) {
    // Back-rank check: mate in orthodox chess, but a drop on f8..b8 blocks it in Crazyhouse.
    const std::string board = "R5k1/5ppp/8/8/8/8/8/6K1";
    EXPECT_EQ(accept(board + "[] b - - 0 1").outcome().termination, chess::Termination::Checkmate);
    EXPECT_EQ(accept(board + "[n] b - - 0 1").outcome().termination, chess::Termination::None);
    // A contact check cannot be blocked: still mate with a full pocket.
    EXPECT_EQ(accept("6k1/5pQp/6pB/8/8/8/8/6K1[qrbnp] b - - 0 1").outcome().termination,
              chess::Termination::Checkmate);
    // Stalemate without a pocket, a drop to play with one.
    EXPECT_EQ(accept("7k/5Q2/8/8/8/8/8/K7[] b - - 0 1").outcome().termination,
              chess::Termination::Stalemate);
    EXPECT_EQ(accept("7k/5Q2/8/8/8/8/8/K7[p] b - - 0 1").outcome().termination,
              chess::Termination::None);
}

// ---- Notations ----

TEST(CrazyhouseNotation, DropsInEveryNotation) {
    const auto p      = accept("r1bqkbnr/pppp1ppp/8/4n3/4P3/8/PPPP1PPP/RNBQKB1R[Pn] b KQkq - 0 4");
    const auto knight = move(p, "N@f3+");
    EXPECT_EQ(floe::formats::make_san(p, knight), "N@f3+");
    EXPECT_EQ(floe::formats::make_lan(p, knight), "N@f3+");
    EXPECT_EQ(floe::formats::make_uci(p, knight), "N@f3");
    EXPECT_EQ(floe::formats::make_figurine(p, knight), "♞@f3+");
    const auto w    = accept("r1bqkbnr/pppp1ppp/8/4n3/4P3/8/PPPP1PPP/RNBQKB1R[Pn] w KQkq - 0 4");
    const auto pawn = move(w, "P@d4");
    EXPECT_EQ(floe::formats::make_san(w, pawn), "P@d4");
    EXPECT_EQ(floe::formats::make_uci(w, pawn), "P@d4");
    EXPECT_EQ(floe::formats::make_figurine(w, pawn), "P@d4");
    for (const std::string_view token : {"@d4", "P@d4", "p@d4"}) EXPECT_EQ(move(w, token), pawn);
    EXPECT_EQ(move(p, "♘@f3+"), knight);
    EXPECT_EQ(move(p, "n@f3"), knight);
}

TEST(CrazyhouseNotation, DropsAreNoRivalsForDisambiguation) {
    const auto p = accept("4k3/8/8/8/8/8/8/4K1N1[N] w - - 0 1");
    EXPECT_EQ(floe::formats::make_san(p, move(p, "Nf3")), "Nf3");
    chess::MoveList legal;
    p.legal_moves(legal);
    const auto r = chess::resolve_move(p, legal, chess::decode_move("Ngf3"));
    ASSERT_EQ(r.status, chess::ResolveStatus::Ok);
    EXPECT_TRUE(r.forms & chess::FormRedundantDisambig);
}

TEST(CrazyhouseNotation, IllegalDropReasons) {
    const auto p = accept("4k3/8/8/8/8/8/8/r3K3[P] w - - 0 1");
    auto why     = [&](std::string_view token) {
        return chess::describe_unmatched(p, chess::decode_move(token).readings[0]);
    };
    EXPECT_EQ(why("N@f3"), "no knight in White's pocket");
    EXPECT_EQ(why("K@f3"), "no king in White's pocket");
    EXPECT_EQ(why("P@d8"), "pawn drop on 8th rank");
    EXPECT_EQ(why("P@d1"), "pawn drop on 1st rank");
    EXPECT_EQ(why("P@e1"), "pawn drop on 1st rank");
    EXPECT_EQ(why("P@e8").substr(0, 8), "pawn dro");
    EXPECT_EQ(why("P@f4"), "the drop leaves White's king in check from the rook on a1");
    const auto orthodox = accept("4k3/8/8/8/8/8/8/4K3 w - - 0 1", chess::standard_variant());
    const auto drop     = chess::decode_move("P@d4").readings[0];
    EXPECT_EQ(chess::describe_unmatched(orthodox, drop), "drop in a non-drop variant");
    EXPECT_EQ(chess::unmatched_hint(orthodox, drop), floe::rules::Hint::VariantCrazyhouseDrop);
    EXPECT_EQ(chess::unmatched_hint(orthodox, chess::decode_move("Nf3").readings[0]),
              floe::rules::Hint::None);
}

// ---- Diagram ----

TEST(CrazyhouseDiagram, TextDiagramShowsBothPockets) {
    const auto p = accept("r1bqkbnr/pppp1ppp/8/4n3/4P3/8/PPPP1PPP/RNBQKB1R[QPPn] w KQkq - 0 4");
    EXPECT_EQ(floe::formats::make_text_diagram(p),
              "8  r . b q k b n r\n"
              "7  p p p p . p p p\n"
              "6  . . . . . . . .\n"
              "5  . . . . n . . .\n"
              "4  . . . . P . . .\n"
              "3  . . . . . . . .\n"
              "2  P P P P . P P P\n"
              "1  R N B Q K B . R\n"
              "   a b c d e f g h\n"
              "White in hand: Q P P\n"
              "Black in hand: n\n"
              "White to move\n");
    const auto empty = floe::formats::make_chess_diagram(accept(Start));
    ASSERT_EQ(empty.panels.size(), 2u);
    EXPECT_TRUE(empty.panels[0].pieces.empty());
    EXPECT_EQ(floe::formats::make_chess_diagram(chess::Position::start(chess::standard_variant()))
                  .panels.size(),
              0u);
}

// ---- Perft ----

struct PerftCase {
    std::string_view fen;
    int depth;
    std::uint64_t nodes;
};

// Checked against Fairy-Stockfish 11.1 (`go perft`) before being pinned; orthodox chess has
// 4865609 at depth 5 from the start, Crazyhouse more: the first drops come at ply 5.
constexpr std::array<PerftCase, 12> Perft = {{
    {Start, 1, 20},
    {Start, 2, 400},
    {Start, 3, 8902},
    {Start, 4, 197281},
    {Start, 5, 4888832},
    {FullPockets1, 1, 198},
    {FullPockets1, 2, 35414},
    {FullPockets1, 3, 5717064},
    {FullPockets2, 1, 162},
    {FullPockets2, 2, 22129},
    {FullPockets2, 3, 2755865},
    {"4k3/8/8/8/8/8/8/r3K3[Nn] w - - 0 1", 4, 514537},
}};

TEST(CrazyhousePerft, PinnedNumbers) {
    for (const PerftCase& c : Perft)
        EXPECT_EQ(chess::perft(accept(c.fen), c.depth), c.nodes) << c.fen << " depth " << c.depth;
}

// Fairy-Stockfish's `go perft N` total for a Crazyhouse FEN, or -1 when it could not be run.
long long fairy_stockfish_perft(std::string_view fen, int depth) {
    const std::string script =
        "printf 'uci\\nsetoption name UCI_Variant value crazyhouse\\n"
        "position fen " +
        std::string(fen) + "\\ngo perft " + std::to_string(depth) +
        "\\nquit\\n' | /usr/games/fairy-stockfish 2>/dev/null";
    FILE* pipe = popen(script.c_str(), "r");
    if (!pipe) return -1;
    std::string out;
    std::array<char, 4096> buffer{};
    while (fgets(buffer.data(), static_cast<int>(buffer.size()), pipe)) out += buffer.data();
    pclose(pipe);
    const std::string key = "Nodes searched: ";
    const auto at         = out.find(key);
    if (at == std::string::npos) return -1;
    return std::stoll(out.substr(at + key.size()));
}

TEST(CrazyhousePerft, MatchesFairyStockfish) {
    if (!std::filesystem::exists("/usr/games/fairy-stockfish"))
        GTEST_SKIP() << "fairy-stockfish is not installed (Debian package fairy-stockfish)";
    for (const PerftCase& c : Perft) {
        const long long reference = fairy_stockfish_perft(c.fen, c.depth);
        ASSERT_GE(reference, 0) << "fairy-stockfish gave no count for " << c.fen;
        EXPECT_EQ(chess::perft(accept(c.fen), c.depth), static_cast<std::uint64_t>(reference))
            << c.fen << " depth " << c.depth;
    }
}

}  // namespace
