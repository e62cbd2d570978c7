// Crazyhouse on the command line: the conformance cases of ../shared/cases/conformance.md, rows E
// (B40-B44), each with its exact diagnostic or output, and the three real drop games of the
// corpora: they validate, their canonical output re-reads to the same positions, and `fen --all`
// prints pockets that match the captures and drops ply by ply.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_checks.hpp"
#include "support/json_moves.hpp"

namespace floe::test {
namespace {

const std::string Zh       = "[Variant \"Crazyhouse\"]\n\n";
const std::string B40Moves = "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 *";

// ---- E. Variants: drops, pockets, promoted pieces ----

TEST(ConformanceE, B40DropsNeedTheVariant) {
    // With the tag: legal; White's pocket holds the pawn from d5 (and Black's the one from e4).
    EXPECT_EQ(validate_json(Zh + B40Moves), std::vector<Diag>{});
    const RunResult before = run_floe("fen --ply 6 -", Zh + B40Moves);
    EXPECT_EQ(before.out, "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 2 4\n");
    EXPECT_EQ(run_floe("fen -", Zh + B40Moves).out,
              "rnb1kbnr/ppp1pppp/8/q7/3P4/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 0 4\n");
    // Without it, under --variant standard: an error at 1:37 that names the fix, no crash.
    const auto d = validate_json(B40Moves, "--variant standard");
    ASSERT_EQ(d, std::vector<Diag>{error("illegal-move", 1, 37)});
    EXPECT_EQ(d[0].message, "4. P@d4: drop in a non-drop variant");
    const RunResult r = run_floe("validate --variant standard -", B40Moves);
    EXPECT_EQ(r.exit_code, 1);
    // The fix is a note line of its own after the excerpt.
    EXPECT_NE(r.err.find("\n<stdin>:1:37: note: drops are Crazyhouse moves: use --variant "
                         "crazyhouse\n"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.out, "<stdin>: 1 games, 6 plies, 1 errors, 0 warnings\n");
    // --variant crazyhouse (or zh) instead of the tag.
    EXPECT_EQ(validate_json(B40Moves, "--variant crazyhouse"), std::vector<Diag>{});
    EXPECT_EQ(validate_json(B40Moves, "--variant zh"), std::vector<Diag>{});
}

TEST(ConformanceE, B41PawnDropWithAndWithoutItsLetter) {
    const std::string lenient = Zh + "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. @d4 *";
    const auto d              = validate_json(lenient);
    ASSERT_EQ(d, std::vector<Diag>{warning("pawn-drop-letter", 3, 37)});
    EXPECT_EQ(d[0].message, "pawn drop written without P (canonical: P@)");
    EXPECT_EQ(validate_json(lenient, "--strict"),
              std::vector<Diag>{error("pawn-drop-letter", 3, 37)});
    EXPECT_EQ(validate_json(Zh + B40Moves), std::vector<Diag>{});
    // One canonical form: lichess's P@d4.
    EXPECT_EQ(convert_movetext(lenient), B40Moves);
    EXPECT_EQ(convert_movetext(Zh + B40Moves), B40Moves);
    EXPECT_EQ(convert_movetext(Zh + B40Moves, "--moves lan"),
              "1. e2-e4 d7-d5 2. e4xd5 Qd8xd5 3. Nb1-c3 Qd5-a5 4. P@d4 *");
    EXPECT_EQ(convert_movetext(Zh + B40Moves, "--moves uci"),
              "1. e2e4 d7d5 2. e4d5 d8d5 3. b1c3 d5a5 4. P@d4 *");
    // The UCI and LAN output read back as the same game.
    const std::string uci = run_floe("convert --moves uci -", Zh + B40Moves).out;
    EXPECT_EQ(run_floe("fen -", uci).out, run_floe("fen -", Zh + B40Moves).out);
}

TEST(ConformanceE, B42IllegalDrops) {
    const std::string tags =
        "[Variant \"Crazyhouse\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[P] w - - 0 1\"]\n[SetUp \"1\"]\n\n";
    auto d = validate_json(tags + "1. P@d8 *");
    ASSERT_EQ(d, std::vector<Diag>{error("illegal-move", 5, 4)});
    EXPECT_EQ(d[0].message, "1. P@d8: pawn drop on 8th rank");
    d = validate_json(tags + "1. N@f3 *");
    ASSERT_EQ(d, std::vector<Diag>{error("illegal-move", 5, 4)});
    EXPECT_EQ(d[0].message, "1. N@f3: no knight in White's pocket");
    EXPECT_EQ(validate_json(tags + "1. P@d7+ *"), std::vector<Diag>{});
}

TEST(ConformanceE, B43PocketDialectsReadAndWrittenCanonically) {
    const std::string board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    auto game               = [](const std::string& fen) {
        return "[Variant \"Crazyhouse\"]\n[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n*\n";
    };
    struct Case {
        std::string fen, canonical;
        std::vector<Diag> diagnostics;
    };
    const std::vector<Case> cases = {
        {board + "[-] w KQkq - 0 1", board + "[] w KQkq - 0 1", {}},
        {board + "[] w KQkq - 0 1", board + "[] w KQkq - 0 1", {}},
        {board + "/Pp w KQkq - 0 1",
         board + "[Pp] w KQkq - 0 1",
         {warning("fen-pocket-form", 2, 51)}},
        {board + "[N3Pbp] w KQkq - 0 1",
         board + "[NPPPbp] w KQkq - 0 1",
         {warning("fen-pocket-form", 2, 51)}},
        {"rnQ~q1b1r/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pb] b KQ - 0 5",
         "rnQ~q1b1r/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pb] b KQ - 0 5",
         {}},
    };
    for (const Case& c : cases) {
        EXPECT_EQ(validate_json(game(c.fen)), c.diagnostics) << c.fen;
        const RunResult fen = run_floe("fen -", game(c.fen));
        EXPECT_EQ(fen.out, c.canonical + "\n") << c.fen;
        // The canonical FEN reads back to itself: the pocket is never dropped.
        EXPECT_EQ(run_floe("fen -", game(c.canonical)).out, c.canonical + "\n");
        EXPECT_EQ(run_floe("moves --variant crazyhouse '" + c.fen + "'").exit_code, 0) << c.fen;
    }
    // The counted and ninth-rank forms only in lenient mode.
    for (const std::string& fen : {board + "/Pp w KQkq - 0 1", board + "[N3Pbp] w KQkq - 0 1"}) {
        EXPECT_EQ(validate_json(game(fen), "--strict"),
                  std::vector<Diag>{error("fen-pocket-form", 2, 51)});
    }
    const auto counted = validate_json(game(board + "[N3Pbp] w KQkq - 0 1"));
    EXPECT_EQ(counted[0].message,
              "FEN tag: pocket: counts before letters (canonical: the letter repeated)");
    // Pockets survive play and the canonical writer: captures arrive, drops leave.
    const std::string played =
        "[Variant \"Crazyhouse\"]\n[FEN \"rnQ~q1b1r/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pb] b KQ - "
        "0 "
        "5\"]\n[SetUp \"1\"]\n\n5... Qxc8 6. P@d6+ *\n";
    const RunResult all = run_floe("fen --all -", played);
    EXPECT_EQ(all.out,
              "rnQ~q1b1r/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pb] b KQ - 0 5\n"
              "rnq2b1r/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pbp] w KQ - 0 6\n"
              "rnq2b1r/ppppkppp/3P4/8/8/8/PPPPPPPP/RNBQKBNR[bp] b KQ - 0 6\n");
    const std::string canonical = run_floe("convert -", played).out;
    EXPECT_NE(canonical.find("5... Qxc8 6. P@d6+ *"), std::string::npos) << canonical;
    EXPECT_EQ(run_floe("fen --all -", canonical).out, all.out);
}

TEST(ConformanceE, B44PromotedMarkerOutsideCrazyhouse) {
    const std::string fen = "rnb~qkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const auto d = validate_json("[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n*", "--variant standard");
    ASSERT_EQ(d, std::vector<Diag>{error("fen-promoted-marker", 1, 9)});
    EXPECT_EQ(d[0].message,
              "FEN tag: board: promoted marker `~` on c8 not allowed in standard chess");
    const RunResult moves = run_floe("moves --variant standard '" + fen + "'");
    EXPECT_EQ(moves.exit_code, 1);
    EXPECT_NE(moves.err.find("board: promoted marker `~` on c8 not allowed in standard chess "
                             "[fen-promoted-marker]"),
              std::string::npos)
        << moves.err;
}

// ---- Moves, perft, diagram, generate ----

TEST(CrazyhouseCli, MovesPerftAndDiagram) {
    const std::string fen = "4k3/8/8/8/8/8/8/r3K3[Nn] w - - 0 1";
    const RunResult moves = run_floe("moves --variant crazyhouse '" + fen + "'");
    EXPECT_EQ(moves.exit_code, 0);
    EXPECT_EQ(moves.out, "N@b1\nN@c1\nN@d1\nKd2\nKe2\nKf2\n");
    EXPECT_EQ(run_floe("perft --variant zh '" + fen + "' 3").out, "15235\n");
    EXPECT_EQ(run_floe("perft --variant zh --divide --fen '" + fen + "' 2").out,
              "N@b1: 73\nN@c1: 74\nN@d1: 75\ne1d2: 80\ne1e2: 80\ne1f2: 80\n462\n");
    const RunResult diagram = run_floe(
        "diagram --to text --variant crazyhouse --fen "
        "'r1bqkbnr/pppp1ppp/8/4n3/4P3/8/PPPP1PPP/RNBQKB1R[Pn] w KQkq - 0 4'");
    EXPECT_EQ(diagram.out,
              "8  r . b q k b n r\n"
              "7  p p p p . p p p\n"
              "6  . . . . . . . .\n"
              "5  . . . . n . . .\n"
              "4  . . . . P . . .\n"
              "3  . . . . . . . .\n"
              "2  P P P P . P P P\n"
              "1  R N B Q K B . R\n"
              "   a b c d e f g h\n"
              "White in hand: P\n"
              "Black in hand: n\n"
              "White to move\n");
}

TEST(CrazyhouseCli, GeneratedGamesValidateAndRoundTrip) {
    const RunResult games = run_floe("generate --variant crazyhouse --count 20 --seed 4");
    ASSERT_EQ(games.exit_code, 0);
    EXPECT_NE(games.out.find("[Variant \"Crazyhouse\"]"), std::string::npos);
    EXPECT_NE(games.out.find('@'), std::string::npos);  // random play drops pieces
    const RunResult v = run_floe("validate --to json -", games.out);
    EXPECT_EQ(v.exit_code, 0) << v.out;
    EXPECT_EQ(run_floe("convert -", games.out).out, games.out);
}

// ---- The real drop games ----

std::vector<std::filesystem::path> real_games(const std::filesystem::path& shared) {
    return {shared / "corpora/python-chess-data/saturs-jannlee-zh-lichess.pgn",
            shared / "corpora/python-chess-data/knightvuillaume-jannlee-zh-lichess.pgn",
            shared /
                "corpora/fairy-stockfish-tests/"
                "lichess_pgn_2018.12.21_JannLee_vs_CrazyAra.j9eQS4TF.pgn"};
}

std::string quoted(const std::filesystem::path& p) {
    std::string q = "'";  // built step by step: g++ 12 warns (-Wrestrict) on "'" + string
    q += p.string();
    q += '\'';
    return q;
}

TEST(CrazyhouseRealGames, ValidateAndReReadToTheSamePositions) {
    FLOE_REQUIRE_SHARED(shared);
    const std::array<int, 3> plies = {122, 48, 73};
    const auto files               = real_games(shared);
    for (std::size_t i = 0; i < files.size(); ++i) {
        const RunResult v = run_floe("validate " + quoted(files[i]));
        EXPECT_EQ(v.exit_code, 0) << files[i] << v.err;
        EXPECT_EQ(v.out, files[i].string() + ": 1 games, " + std::to_string(plies[i]) +
                             " plies, 0 errors, 0 warnings\n");
        const std::string canonical = run_floe("convert " + quoted(files[i])).out;
        const RunResult original    = run_floe("fen --all " + quoted(files[i]));
        ASSERT_EQ(original.exit_code, 0);
        EXPECT_EQ(run_floe("fen --all -", canonical).out, original.out) << files[i];
        EXPECT_EQ(run_floe("convert -", canonical).out, canonical) << files[i];
        EXPECT_EQ(
            run_floe("validate -", canonical).out,
            "<stdin>: 1 games, " + std::to_string(plies[i]) + " plies, 0 errors, 0 warnings\n");
    }
}

// A FEN's board as 64 cells (a1 = 0), each a piece letter with `~` when promoted, or empty; and
// its pockets as letter counts.
struct Fen {
    std::array<std::string, 64> board;
    std::map<char, int> pocket;
    char turn = 'w';
};

Fen read_fen(const std::string& fen) {
    Fen out;
    const auto open = fen.find('['), close = fen.find(']');
    int rank = 7, file = 0;
    for (std::size_t i = 0; i < open; ++i) {
        const char c = fen[i];
        if (c == '/') {
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
        } else if (c == '~') {
            out.board[rank * 8 + file - 1] += '~';
        } else {
            out.board[rank * 8 + file++] = std::string(1, c);
        }
    }
    for (std::size_t i = open + 1; i < close; ++i) ++out.pocket[fen[i]];
    out.turn = fen[close + 2];
    return out;
}

char to_side(char letter, char turn) {
    return turn == 'w' ? static_cast<char>(std::toupper(letter))
                       : static_cast<char>(std::tolower(letter));
}

// Checks `fen --all` ply by ply: a capture puts the captured piece (a pawn if it was promoted or
// taken en passant) into the mover's pocket, a drop takes its piece out, other moves leave the
// pockets alone. The moves come from `convert --to json`, the FENs from `fen --all`.
TEST(CrazyhouseRealGames, FenAllPocketsMatchTheCapturesPlyByPly) {
    FLOE_REQUIRE_SHARED(shared);
    for (const auto& file : real_games(shared)) {
        std::vector<std::string> fens;
        std::istringstream lines(run_floe("fen --all " + quoted(file)).out);
        for (std::string line; std::getline(lines, line);) fens.push_back(line);
        const auto game  = nlohmann::json::parse(run_floe("convert --to json " + quoted(file)).out);
        const auto plies = line_plies(game["moves"]);
        ASSERT_EQ(fens.size(), plies.size() + 1) << file;
        ASSERT_EQ(fens[0], game["start"]);
        int captures = 0, drops = 0;
        for (std::size_t k = 0; k < plies.size(); ++k) {
            const std::string san = plies[k]["san"];
            const Fen before      = read_fen(fens[k]);
            Fen expected          = before;
            const auto target     = san.find_last_of("12345678");
            const int square      = (san[target] - '1') * 8 + (san[target - 1] - 'a');
            if (const auto at = san.find('@'); at != std::string::npos) {
                ++drops;
                if (--expected.pocket[to_side(san[at - 1], before.turn)] == 0)
                    expected.pocket.erase(to_side(san[at - 1], before.turn));
            } else if (san.find('x') != std::string::npos) {
                ++captures;
                const std::string taken = before.board[square];
                const char piece = taken.empty() || taken.size() > 1 ? 'p' : taken[0];  // ep, ~
                ++expected.pocket[to_side(piece, before.turn)];
            }
            EXPECT_EQ(read_fen(fens[k + 1]).pocket, expected.pocket)
                << file << " ply " << k + 1 << " " << san << ": " << fens[k] << " -> "
                << fens[k + 1];
            EXPECT_EQ(fens[k + 1], plies[k]["fen"]);
        }
        EXPECT_GT(captures, 5) << file;
        EXPECT_GT(drops, 5) << file;
    }
}

}  // namespace
}  // namespace floe::test
