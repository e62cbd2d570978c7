// Glacial Shift records (docs/rules/notation.md §4, §5, §7; issue 8): the ply decoder, the replay
// validator on the seed's example (position strings after each ply), each lenient form with
// its named warning, each error with its position string, mate events, results; the three
// samples with their pinned lists of events; canonical round trips; 1,000 generated games.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/generate.hpp"
#include "formats/json_writer.hpp"
#include "formats/pgn_writer.hpp"
#include "notation/glacial_position.hpp"
#include "parser/parse_record.hpp"
#include "play/replay_game.hpp"
#include "rules/common/split_mix64.hpp"
#include "rules/glacial/game.hpp"
#include "rules/glacial/move_reader.hpp"
#include "rules/glacial/random_game.hpp"
#include "support/json_moves.hpp"
#include "support/replayed.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace glacial = rules::glacial;

const std::string SeedFen =
    "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4 Y -/-/-/- 544/445/445/445 "
    "-/-/-/- 1";

std::string seed_game(const std::string& movetext) {
    return "[Variant \"Glacial Shift\"]\n[SetUp \"1\"]\n[FEN \"" + SeedFen + "\"]\n\n" + movetext +
           "\n";
}

using test::Replayed;

Replayed replay_text(std::string text, bool strict = false, bool untagged_glacial = false) {
    formats::GameOptions options;
    options.strict = strict;
    if (untagged_glacial) options.variant = &rules::engine_variant(rules::Engine::GlacialShift);
    options.parse.untagged_variant = options.variant;
    return test::replay_text(std::move(text), options);
}

// "code@column" of every diagnostic, in order (the game is on one line of movetext).
std::vector<std::string> codes(const Replayed& r) {
    std::vector<std::string> out;
    for (const auto& d : r.game.diagnostics()) out.push_back(std::string(rules::code_name(d.code)));
    return out;
}

TEST(GlacialPly, DecodesEveryForm) {
    auto t = glacial::decode_ply("Y: y1e3-e4");
    EXPECT_TRUE(t.ok);
    EXPECT_EQ(t.seat, glacial::Yellow);
    EXPECT_FALSE(t.seat_glued);
    EXPECT_EQ(t.colour, 0);
    EXPECT_EQ(t.size, 1);
    EXPECT_EQ(t.from, glacial::make_square(4, 2));
    EXPECT_EQ(t.to, glacial::make_square(4, 3));
    EXPECT_EQ(t.capture, '-');

    t = glacial::decode_ply("G:b2b5xe5^0+");
    EXPECT_TRUE(t.ok);
    EXPECT_TRUE(t.seat_glued);
    EXPECT_EQ(t.capture, 'x');
    EXPECT_EQ(t.promotion, glacial::Promotion::Spent);
    EXPECT_TRUE(t.check);

    t = glacial::decode_ply("B: g1@d4");
    EXPECT_TRUE(t.ok && t.drop);
    EXPECT_EQ(t.colour, 1);

    t = glacial::decode_ply("e3-e4^");
    EXPECT_TRUE(t.ok);
    EXPECT_EQ(t.seat, glacial::NoSeat);
    EXPECT_EQ(t.colour, -1);
    EXPECT_EQ(t.promotion, glacial::Promotion::Made);

    for (const char* bad : {"e4", "Nf3", "O-O", "y4e3-e4", "y1e3-j4", "@d4", "Y: ", "y1e3e4"})
        EXPECT_FALSE(glacial::decode_ply(bad).ok) << bad;
}

TEST(GlacialReplay, TheSeedsExamplePlyByPly) {
    const Replayed r =
        replay_text(seed_game("1. Y: g2e2-e5+ 2. G: y2b7-d5+ 3. B: b2g8-f9 4. R: r2g5-h6 *"));
    ASSERT_TRUE(std::holds_alternative<formats::GlacialStart>(r.game.setup.start));
    EXPECT_TRUE(r.game.diagnostics().empty()) << r.game.diagnostics()[0].message;
    const auto& positions = r.glacial.positions;
    ASSERT_EQ(positions.size(), 5u);
    const std::vector<std::string> want = {
        SeedFen,
        "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,1,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 G -/-/-/- "
        "544/445/445/445 -/Y/-/Y 2",
        "Bb1,7,Rr1/6,Bb2,2/9/9/2,Gg1,Gy2,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 B -/-/-/- 544/445/445/445 "
        "-/-/G/Y 3",
        "Bb1,4,Bb2,2,Rr1/9/9/9/2,Gg1,Gy2,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 R -/-/-/- 544/445/445/445 "
        "-/-/-/Y 4",
        "Bb1,4,Bb2,2,Rr1/9/9/7,Rr2,1/2,Gg1,Gy2,Yg2,4/9/9/9/4,Yy3,4 Y -/-/-/- 544/445/445/445 "
        "-/-/-/- 5",
    };
    for (std::size_t i = 0; i < want.size(); ++i)
        EXPECT_EQ(formats::make_glacial_position(positions[i]), want[i]) << "ply " << i;
}

TEST(GlacialReplay, LenientFormsAreNamedWarnings) {
    const Replayed r =
        replay_text(seed_game("1. Y:e2-e5 2. G: y2b7xd5 3. b2g8-f9^+ 4. R: r2g5xh6 *"));
    EXPECT_EQ(r.game.errors(), 0);
    EXPECT_EQ(codes(r),
              (std::vector<std::string>{"glued-seat", "missing-piece-name", "missing-check-mark",
                                        "superfluous-capture-mark", "missing-seat",
                                        "superfluous-promotion-mark", "superfluous-check-mark"}));
    // The check marks of plies 1 and 2 are one group (docs/rules/notation.md §8.3).
    EXPECT_EQ(r.game.diagnostics()[2].count, 2);
    // Under --strict every one of them is an error.
    EXPECT_EQ(replay_text(r.text, true).game.errors(), 7);
}

TEST(GlacialReplay, ErrorsNameThePlyAndThePositionBeforeIt) {
    struct Case {
        std::string movetext, code, message;
    };
    const std::vector<Case> cases = {
        {"1. Y: g2e2-e5+ 2. B: y2b7-d5+ *", "wrong-seat",
         "2. B: y2b7-d5+: it is Green's turn, not Blue's: Green is in check and moves first "
         "(check priority)"},
        {"1. Y: g2e2-e5+ 2. y2b7-c6 *", "illegal-move",
         "2. y2b7-c6: Green is in check and the ply does not avert it: his lone Royal on c5 "
         "would be attacked by Yellow's g2 on e5"},
        {"1. Y: g2e2-f3 *", "illegal-move",
         "1. Y: g2e2-f3: the g2 on e2 is Yellow's Left Knight, which slides orthogonally: it "
         "cannot reach f3"},
        {"1. Y: y3e2-e5 *", "illegal-move", "the piece on e2 is g2, not y3"},
        {"1. Y: y2b7-b6 *", "illegal-move", "the piece on b7 is Green's"},
        {"1. Y: g1@d4 *", "illegal-move", "Yellow has no g1 in hand"},
        {"1. Y: Nf3 *", "unreadable-move", "not a Glacial Shift ply"},
    };
    for (const Case& c : cases) {
        const Replayed r = replay_text(seed_game(c.movetext));
        ASSERT_EQ(r.game.errors(), 1) << c.movetext;
        const auto& d = r.game.diagnostics().back();
        EXPECT_EQ(rules::code_name(d.code), c.code) << c.movetext;
        EXPECT_NE(d.message.find(c.message), std::string::npos) << d.message;
        EXPECT_FALSE(d.fen.empty());
        EXPECT_TRUE(formats::parse_glacial_position(d.fen).position) << d.fen;
    }
}

TEST(GlacialReplay, MateEventsAreChecked) {
    // Yellow's drop leaves Red with no legal ply: Red is mated by Yellow
    // (docs/rules/glacial-shift.md §8.2).
    const std::string sample = read_file(source_path("samples/glacial/yellow-wins.pgn"));
    Replayed good            = replay_text(sample);
    ASSERT_EQ(good.game.errors(), 0);
    const auto& plies = good.glacial.plies;
    std::size_t first = 0;  // the first ply with a mate
    while (first < plies.size() && plies[first].events.count == 0) ++first;
    ASSERT_LT(first, plies.size());
    const std::string event = glacial::mate_event_text(plies[first].events.events[0]);

    std::string missing = sample;
    missing.erase(missing.find(event) - 1, event.size() + 1);
    EXPECT_EQ(codes(replay_text(missing)), std::vector<std::string>{"missing-event"});

    std::string wrong = sample;
    wrong.replace(wrong.find(event), event.size(), "<mate: Y by B>");
    EXPECT_EQ(codes(replay_text(wrong)), std::vector<std::string>{"wrong-event"});

    std::string spaced = sample;  // case and spaces are ignored (docs/rules/notation.md §4.4)
    std::string loose  = event;
    for (char& ch : loose) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    spaced.replace(spaced.find(event), event.size(), loose);
    EXPECT_TRUE(codes(replay_text(spaced)).empty());

    EXPECT_EQ(codes(replay_text(seed_game("1. Y: g2e2-e5+ <mate: G by Y> *"))),
              std::vector<std::string>{"unexpected-event"});
}

TEST(GlacialReplay, ResultsAreChecked) {
    const std::string sample = read_file(source_path("samples/glacial/yellow-wins.pgn"));
    std::string wrong        = sample;
    wrong.replace(wrong.rfind("1-0-0-0"), 7, "0-1-0-0");
    const Replayed r = replay_text(wrong);
    EXPECT_EQ(codes(r),
              (std::vector<std::string>{"result-contradicts-end", "result-tag-mismatch"}));

    EXPECT_EQ(codes(replay_text(seed_game("1. Y: g2e2-e5+ 1-0"))),
              std::vector<std::string>{"syntax-error"});
    // A game that stops early with a winner named (a resignation) is no contradiction.
    EXPECT_TRUE(codes(replay_text(seed_game("1. Y: g2e2-e5+ 1-0-0-0"))).empty());
}

TEST(GlacialReplay, AMateDueAtTheStartStandsBeforeTheFirstPly) {
    // The position right after yellow-wins' ply 57, before its mate: Red, to move, cannot move.
    // Written as a position string, it starts a record whose first event is that mate
    // (docs/rules/notation.md §4.5; docs/rules/glacial-shift.md §8.2).
    const Replayed sample = replay_text(read_file(source_path("samples/glacial/yellow-wins.pgn")));
    const auto& replay    = sample.glacial;
    glacial::Position stuck = replay.positions[56];
    stuck.play(replay.plies[56].move);
    ASSERT_EQ(stuck.turn(), glacial::Red);
    const std::string head = "[Variant \"Glacial Shift\"]\n[SetUp \"1\"]\n[FEN \"" +
                             formats::make_glacial_position(stuck) + "\"]\n\n";

    const Replayed r = replay_text(head + "<bare mate: R by Y> *\n");
    EXPECT_TRUE(codes(r).empty());
    const auto& start = r.glacial.start_events;
    ASSERT_EQ(start.count, 1);
    EXPECT_EQ(glacial::mate_event_text(start.events[0]), "<bare mate: R by Y>");
    // The start position is the one after the mate: Red is out, Green moves.
    EXPECT_EQ(formats::make_glacial_position(r.glacial.positions[0]),
              formats::make_glacial_position(replay.positions[57]));

    EXPECT_EQ(codes(replay_text(head + "*\n")), std::vector<std::string>{"missing-event"});
    EXPECT_EQ(codes(replay_text(head + "<mate: R by Y> *\n")),
              std::vector<std::string>{"wrong-event"});
    // The canonical writer puts the event before the first ply.
    const Replayed missing = replay_text(head + "*\n");
    std::string out;
    formats::write_pgn(out, missing.record, {}, {}, {});
    EXPECT_NE(out.find("\n\n<bare mate: R by Y> *\n"), std::string::npos) << out;
}

TEST(GlacialReplay, PlyNumbersContinueTheFenTag) {
    const std::string fen =
        "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4 Y -/-/-/- 544/445/445/445 "
        "-/-/-/- 41";
    const std::string head =
        "[Variant \"Glacial Shift\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n";
    EXPECT_TRUE(codes(replay_text(head + "41. Y: g2e2-e5+ 42. G: y2b7-d5+ *\n")).empty());
    const Replayed r = replay_text(head + "1. Y: g2e2-e5+ 42. G: y2b7-d6 *\n");
    EXPECT_EQ(codes(r), (std::vector<std::string>{"move-number-mismatch", "illegal-move"}));
    EXPECT_NE(r.game.diagnostics()[1].message.find("42. G: y2b7-d6: "), std::string::npos);
}

TEST(GlacialReplay, VariantComesFromTheTagOrTheCommandLine) {
    const Replayed untagged = replay_text("1. Y: y1e3-e4 2. G: g1c5-d5 *\n", false, true);
    ASSERT_TRUE(std::holds_alternative<formats::GlacialStart>(untagged.game.setup.start));
    EXPECT_EQ(untagged.game.plies(), 2u);
    EXPECT_TRUE(untagged.game.diagnostics().empty());
}

// The canonical text of a sample: its bytes without the leading `%` lines.
std::string without_escape_lines(const std::string& text) {
    std::string out;
    std::size_t at = 0;
    while (at < text.size() && text[at] == '%') at = text.find('\n', at) + 1;
    return text.substr(at);
}

// The events of a game as the issue lists them, one line per kind, with ply numbers.
std::string events_of(const Replayed& r) {
    std::string drops, nests, promotions, refusals, out_of_turn, mates;
    const auto& replay = r.glacial;
    int previous       = glacial::NoSeat;
    for (std::size_t i = 0; i < replay.plies.size(); ++i) {
        const glacial::Position& before = replay.positions[i];
        const auto& ply                 = replay.plies[i];
        glacial::Position after         = before;
        const glacial::PlyInfo info     = after.play(ply.move);  // what the ply did
        const std::uint32_t f = glacial::ply_features(before, ply.move, info, ply.events, previous);
        std::string n(1, ' ');
        n += std::to_string(i + 1);
        if (f & glacial::FeatureDrop) drops += n;
        if (f & glacial::FeatureNestCapture) nests += n;
        if (f & glacial::FeaturePromotion) promotions += n;
        if (f & glacial::FeatureRefusal) refusals += n;
        if (f & glacial::FeatureOutOfTurn) out_of_turn += n;
        for (int m = 0; m < ply.events.count; ++m)
            mates += n + " " + glacial::mate_event_text(ply.events.events[m]);
        previous = before.turn();
    }
    std::string out;
    const std::pair<const char*, const std::string*> parts[] = {{"drops:", &drops},
                                                                {"nests:", &nests},
                                                                {"^:", &promotions},
                                                                {"^0:", &refusals},
                                                                {"out of turn:", &out_of_turn},
                                                                {"mates:", &mates}};
    for (const auto& [label, list] : parts) {
        out += label;
        out += *list;
        out += '\n';
    }
    return out;
}

struct Sample {
    const char* file;
    const char* events;
};

const Sample Samples[] = {
    {"samples/glacial/yellow-wins.pgn",
     "drops: 8 13 14 15 24 25 30 36 43 47 51 58 60 61 63 67 69 71 73 77 78 79 80 82 86 87 88 90 91 "
     "96 97 98 101 112 118\nnests: 33 34\n^: 20 32\n^0: 26 103\nout of turn: 66 68 70 72\n"
     "mates: 57 <bare mate: R by Y> 84 <mate: G by Y> 118 <mate: B by Y>\n"},
    {"samples/glacial/green-wins.pgn",
     "drops: 9 15 19 26 28 29 33 41 46 47 48 52 54 55 57 59 62 63 72 73 77 80 83 84 86 88 91 93 98 "
     "99 100 104 105 107 109 110 112 117 118 120 121 123 126\nnests: 30 50 71 108\n"
     "^: 23 32 53 87\n^0: 21\nout of turn: 43\n"
     "mates: 49 <mate: Y by R> 53 <bare mate: R by G> 126 <mate: B by G>\n"},
    {"samples/glacial/blue-wins.pgn",
     "drops: 9 17 19 20 26 29 32 34 36 39 44 49 50 51 52 53 59 62 63 64 67 68 70 73 77 79 81 83 84 "
     "86 87 88 90 97 100 101 102 104 106 108 109 110 113 114 118 121 122 127 129 131 135 136 139 "
     "144 145 146\nnests: 54\n^: 38 48\n^0: 25 66\nout of turn: 49 63 82 90 98 106 108 113 118\n"
     "mates: 75 <mate: R by G> 119 <mate: G by B> 154 <bare mate: Y by B>\n"},
};

TEST(GlacialSamples, EachValidatesWithItsEvents) {
    for (const Sample& s : Samples) {
        const Replayed r = replay_text(read_file(source_path(s.file)));
        ASSERT_TRUE(std::holds_alternative<formats::GlacialStart>(r.game.setup.start)) << s.file;
        EXPECT_TRUE(r.game.diagnostics().empty())
            << s.file << ": " << r.game.diagnostics()[0].message;
        EXPECT_TRUE(r.glacial.positions.back().game_over()) << s.file;
        EXPECT_EQ(events_of(r), s.events) << s.file;
    }
}

TEST(GlacialSamples, AreCanonical) {
    for (const Sample& s : Samples) {
        const Replayed r = replay_text(read_file(source_path(s.file)));
        std::string out;
        formats::write_pgn(out, r.record, {}, {}, {});
        EXPECT_EQ(out, without_escape_lines(r.text)) << s.file;
    }
}

TEST(GlacialWriter, KeepsCommentsNagsVariationsAndTheRestAfterAnError) {
    const Replayed r = replay_text(seed_game(
        "{start} 1. Y: g2e2-e5+ $1 {check} (1. Y: g2e2-e8+ {also}) 2. G: y2b7-d5+ 3. B: b2g8-f8 "
        "4. R: r2g5-h6 *"));
    std::string out;
    formats::write_pgn(out, r.record, {}, {}, {});
    EXPECT_NE(out.find("[Yellow \"?\"]\n[Green \"?\"]\n[Blue \"?\"]\n[Red \"?\"]\n[Result \"*\"]\n"
                       "[Variant \"Glacial Shift\"]\n[SetUp \"1\"]\n"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("{start} 1. Y: g2e2-e5+ $1 {check} (1. Y: g2e2-e8+ {also}) 2. G: y2b7-d5+\n"
                       "{[%floe illegal-move] B: b2g8-f8 4. R: r2g5-h6} *\n"),
              std::string::npos)
        << out;
    // As in chess, the failing token and all after it are kept behind the error's marker; its
    // ply number is rewritten like every other and is not part of it (docs/rules/notation.md §7.5).
    // Reading the output again reports the same error at the marker, with the same plies, and
    // writing it gives the same bytes.
    const Replayed again = replay_text(out);
    ASSERT_EQ(again.game.errors(), 1);
    EXPECT_EQ(again.game.diagnostics()[0].code, rules::DiagCode::IllegalMove);
    EXPECT_EQ(again.game.plies(), r.game.plies());
    std::string twice;
    formats::write_pgn(twice, again.record, {}, {}, {});
    EXPECT_EQ(twice, out);
}

// `½-½` is no Glacial Shift result (a syntax error): unlike chess's, it is written as read, and
// the PGN and the JSON agree on it (formats::termination_marker).
TEST(GlacialWriter, AChessHalfPointResultIsWrittenAsRead) {
    const Replayed r =
        replay_text("[Variant \"Glacial Shift\"]\n\n1. Y: y1e3-e4 \xC2\xBD-\xC2\xBD\n");
    std::string out;
    formats::write_pgn(out, r.record, {}, {}, {});
    EXPECT_NE(out.find("\n1. Y: y1e3-e4 \xC2\xBD-\xC2\xBD\n"), std::string::npos) << out;
    EXPECT_NE(out.find("[Result \"\xC2\xBD-\xC2\xBD\"]"), std::string::npos) << out;
    EXPECT_EQ(formats::termination_marker(r.record, r.game, false), "\xC2\xBD-\xC2\xBD");
}

TEST(GlacialJson, EachPlyHasMoveAndSeat) {
    const Replayed r = replay_text(read_file(source_path("samples/glacial/yellow-wins.pgn")));
    std::string line;
    formats::write_game_json(line, "yellow-wins.pgn", r.record, {}, false, {}, nullptr);
    const formats::Json j = formats::Json::parse(line);
    EXPECT_EQ(j["variant"], "Glacial Shift");
    EXPECT_EQ(j["result"], "1-0-0-0");
    EXPECT_EQ(j["start"], formats::make_glacial_position(glacial::Position::start()));
    const formats::Json plies = test::line_plies(j["moves"]);
    ASSERT_EQ(plies.size(), 118u);
    EXPECT_EQ(plies[0]["ply"], 1);
    EXPECT_EQ(plies[0]["seat"], "Y");
    EXPECT_EQ(plies[0]["move"], "b2d1-c2");
    EXPECT_EQ(plies[3]["move"], "r2i7xh8");
    EXPECT_EQ(plies[3]["position"],
              "2,Bb2,By2,Bb3,By2,3/3,Bb1,Br2,Bb1,1,Rr2,1/Gg2,3,Bb1,4/Gr2,Gg1,5,Rr1,Rg2/"
              "Gg3,Gb2,Gg1,3,Rr1,Ry2,Rr3/Gr2,1,Gg1,4,Rr1,Rg2/Gg2,3,Yy1,3,Rr2/2,Yb2,Yy1,Yg2,Yy1,3/"
              "2,Yy2,1,Yy3,Yb2,Yy2,2 Y -/-/-/b2 204/204/204/204 -/-/-/- 5");
    EXPECT_EQ(plies[56]["move"], "y3i6xh5+");
    EXPECT_EQ(plies[56]["events"], formats::Json::array({"<bare mate: R by Y>"}));
    EXPECT_FALSE(plies[55].contains("events"));
    EXPECT_TRUE(j["diagnostics"].empty());
}

TEST(GlacialGenerate, IsReproducibleAndSteered) {
    EXPECT_EQ(formats::random_glacial_game_pgn(5, 1, 60),
              formats::random_glacial_game_pgn(5, 1, 60));
    EXPECT_NE(formats::random_glacial_game_pgn(5, 1, 60),
              formats::random_glacial_game_pgn(6, 1, 60));
    // The first game `floe generate --seed 7 --steer all` writes: samples/glacial/yellow-wins.pgn.
    const std::uint64_t seed = rules::SplitMix64(7).next();
    const std::string pgn    = formats::random_glacial_game_pgn(seed, 1, 1500, glacial::FeatureAll);
    EXPECT_EQ(pgn, without_escape_lines(read_file(source_path("samples/glacial/yellow-wins.pgn"))));
    const Replayed r = replay_text(pgn);
    EXPECT_TRUE(r.game.diagnostics().empty());
    EXPECT_TRUE(r.glacial.positions.back().game_over());
}

// Property test: 1,000 random games (unsteered, up to 300 plies) each validate with no
// diagnostic, their position at every ply round-trips, and their canonical PGN is a fixed
// point of the writer.
TEST(GlacialGenerate, ThousandGamesValidateAndRoundTrip) {
    rules::SplitMix64 seeds(20261201);
    for (int i = 0; i < 1000; ++i) {
        const std::string pgn = formats::random_glacial_game_pgn(seeds.next(), i + 1, 300);
        const Replayed r      = replay_text(pgn);
        ASSERT_TRUE(r.game.diagnostics().empty())
            << "game " << i + 1 << ": " << r.game.diagnostics()[0].message << "\n"
            << pgn;
        for (const auto& p : r.glacial.positions) {
            const std::string text = formats::make_glacial_position(p);
            const auto back        = formats::parse_glacial_position(text);
            ASSERT_TRUE(back.position) << text;
            ASSERT_EQ(formats::make_glacial_position(*back.position), text);
        }
        std::string out;
        formats::write_pgn(out, r.record, {}, {}, {});
        ASSERT_EQ(out, pgn) << "game " << i + 1;
    }
}

}  // namespace
}  // namespace floe::test
