// The variant of a game without a Variant tag, read without --variant, decided by its plies
// before the replay (docs/rules/notation.md §2.7; issue 17 item 1).

#include "play/untagged_variant.hpp"

#include <gtest/gtest.h>

#include <string>

#include "parser/movetext_reader.hpp"
#include "play/replay_game.hpp"
#include "rules/chess/variant.hpp"
#include "support/replayed.hpp"

namespace floe::test {
namespace {

using formats::VariantSource;

struct Reading {
    VariantSource source;
    std::string variant;
    int errors;
};

bool operator==(const Reading& a, const Reading& b) {
    return a.source == b.source && a.variant == b.variant && a.errors == b.errors;
}

std::ostream& operator<<(std::ostream& out, const Reading& r) {
    return out << static_cast<int>(r.source) << ' ' << r.variant << ' ' << r.errors;
}

// How the game of `text` was read: where its variant came from, which, and its errors.
Reading read(const std::string& text, formats::GameOptions options = {}) {
    const Replayed r                       = replay_text(text, options);
    const formats::VariantReading& reading = r.game.setup.reading;
    return {reading.source, reading.entry ? std::string(reading.entry->name) : "", r.game.errors()};
}

TEST(UntaggedVariant, AFirstMoveIllegalInIceAgeAndLegalInChessIsStandard) {
    EXPECT_EQ(read("1. e4 e5 2. Nf3 Nc6 *\n"), (Reading{VariantSource::Plies, "Standard", 0}));
    // A tag section without Variant is no tag: the book's games.
    EXPECT_EQ(read("[Event \"?\"]\n[White \"A\"]\n\n1. Nf3 d5 1/2-1/2\n"),
              (Reading{VariantSource::Plies, "Standard", 0}));
}

TEST(UntaggedVariant, TheFirstPliesArePlayedUntilOneReadingFails) {
    // A knight's move is legal in both (in Ice Age it takes an ice cube): 2. c4 decides.
    EXPECT_EQ(read("1. Nf3 Nf6 2. c4 e6 *\n"), (Reading{VariantSource::Plies, "Standard", 0}));
    // Sixteen plies legal in both readings: undecided, and with no decided game in the input,
    // Ice Age (9. e4 then fails).
    EXPECT_EQ(read("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 "
                   "8. Ng1 Ng8 9. e4 *\n"),
              (Reading{VariantSource::Default, "Ice Age", 1}));
    // Orthodox chess fails first (an ice capture): Ice Age, decided.
    EXPECT_EQ(read("1. Nf3 dx*e6 *\n"), (Reading{VariantSource::Plies, "Ice Age", 0}));
}

TEST(UntaggedVariant, ADropAfterThatIsCrazyhouse) {
    EXPECT_EQ(read("1. e4 d5 2. exd5 Qxd5 3. P@e4 *\n"),
              (Reading{VariantSource::Plies, "Crazyhouse", 0}));
    // An `@` outside the main line's moves decides nothing.
    EXPECT_EQ(read("1. e4 {mail ann@example.org} e5 (1... P@e5) *\n"),
              (Reading{VariantSource::Plies, "Standard", 1}));
}

TEST(UntaggedVariant, ADropAmongTheFirstPliesIsCrazyhouseWhicheverReadingFailsFirst) {
    // Knight moves are legal in both readings; the drop fails in both at once (issue 24 item 5).
    EXPECT_EQ(read("1. Nf3 Nf6 2. Ng5 Ng4 3. Nxf7 Nxf2 4. Nxd8 Nxd1 5. Q@f7+ *\n"),
              (Reading{VariantSource::Plies, "Crazyhouse", 0}));
    // The pawn drop `@d4` too.
    EXPECT_EQ(read("1. Nc3 Nc6 2. Nb5 Nb4 3. Nxa7 Nxa2 4. Nxc8 Nxc1 5. @d4 *\n"),
              (Reading{VariantSource::Plies, "Crazyhouse", 0}));
    // Sixteen plies legal in both, then a drop: Crazyhouse.
    EXPECT_EQ(read("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 "
                   "8. Ng1 Ng8 9. e4 d5 10. exd5 Qxd5 11. P@e4 *\n"),
              (Reading{VariantSource::Plies, "Crazyhouse", 0}));
}

TEST(UntaggedVariant, AnUndecidedGameTakesTheInputsFirstDecidedVariant) {
    formats::GameOptions standard;
    standard.undecided = &rules::variant_entry(rules::chess::standard_variant());
    // No move, a move legal in both, a first move illegal in both: the input's variant.
    EXPECT_EQ(read("1-0\n", standard), (Reading{VariantSource::Neighbours, "Standard", 0}));
    EXPECT_EQ(read("1. Nf3 1-0\n", standard), (Reading{VariantSource::Neighbours, "Standard", 0}));
    EXPECT_EQ(read("1. Ke4 *\n", standard), (Reading{VariantSource::Neighbours, "Standard", 1}));
    // A decided game keeps its own variant.
    EXPECT_EQ(read("1. dx*e3 *\n", standard), (Reading{VariantSource::Plies, "Ice Age", 0}));
    // The input's variant is the one a game decides by its tag or its plies.
    const auto deciding = [](const std::string& text) {
        const Replayed r                   = replay_text(text);
        const rules::VariantEntry* decided = formats::deciding_variant(r.record, {});
        return decided ? std::string(decided->name) : "";
    };
    EXPECT_EQ(deciding("1. e4 *\n"), "Standard");
    EXPECT_EQ(deciding("[Variant \"zh\"]\n\n*\n"), "Crazyhouse");
    EXPECT_EQ(deciding("1. dx*e3 *\n"), "Ice Age");
    EXPECT_EQ(deciding("1. Nf3 1-0\n"), "");
    EXPECT_EQ(deciding("[Variant \"Atomic\"]\n\n1. e4 *\n"), "");
}

TEST(UntaggedVariant, SeatsMakeItGlacialShift) {
    const Replayed r = replay_text("1. Y: b2d1-c2 2. G: g1b4-c4 1-0-0-0\n");
    EXPECT_EQ(r.game.setup.reading.source, VariantSource::Plies);
    EXPECT_EQ(r.game.setup.reading.entry->name, "Glacial Shift");
    EXPECT_TRUE(std::holds_alternative<formats::GlacialStart>(r.game.setup.start));
    EXPECT_EQ(r.game.plies(), 2u);
    // The scanner cut it with Glacial Shift's tokens: the four-player result ends it.
    EXPECT_EQ(r.record.termination, "1-0-0-0");
    EXPECT_EQ(r.game.errors(), 0);
}

TEST(UntaggedVariant, AFirstMoveLegalInIceAgeOnlyDecidesIceAge) {
    EXPECT_EQ(read("1. dx*e3 dx*e6 2. bx*c3 *\n"), (Reading{VariantSource::Plies, "Ice Age", 0}));
}

TEST(UntaggedVariant, IllegalInBothOrNoMoveIsUndecidedAndIceAgeAlone) {
    EXPECT_EQ(read("1. Ke4 *\n"), (Reading{VariantSource::Default, "Ice Age", 1}));
    EXPECT_EQ(read("1. Zz9 *\n"), (Reading{VariantSource::Default, "Ice Age", 1}));
    EXPECT_EQ(read("*\n"), (Reading{VariantSource::Default, "Ice Age", 0}));
}

TEST(UntaggedVariant, AFenTagIsTheStartInBothReadings) {
    // No ice: the king's move is legal in both readings: undecided, Ice Age alone.
    EXPECT_EQ(read("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n"),
              (Reading{VariantSource::Default, "Ice Age", 0}));
    // The orthodox start as a FEN tag: 1. e4 is legal in Ice Age from it too.
    EXPECT_EQ(read("[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 "
                   "1\"]\n\n1. e4 *\n"),
              (Reading{VariantSource::Default, "Ice Age", 0}));
    // Ice on e3 bars the pawn in Ice Age; orthodox chess cannot read the FEN: Ice Age, decided.
    EXPECT_EQ(read("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/4*3/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n"),
              (Reading{VariantSource::Plies, "Ice Age", 1}));
}

TEST(UntaggedVariant, ATagOrTheOptionDecidesInstead) {
    EXPECT_EQ(read("[Variant \"Standard\"]\n\n1. e4 *\n"),
              (Reading{VariantSource::Tag, "Standard", 0}));
    EXPECT_EQ(read("[Variant \"Ice Age\"]\n\n1. e4 *\n"),
              (Reading{VariantSource::Tag, "Ice Age", 1}));
    formats::GameOptions ice_age;
    ice_age.variant = &rules::default_variant();
    EXPECT_EQ(read("1. e4 *\n", ice_age), (Reading{VariantSource::Option, "Ice Age", 1}));
    formats::GameOptions crazyhouse;
    crazyhouse.variant = &rules::variant_entry(rules::chess::crazyhouse_variant());
    EXPECT_EQ(read("1. e4 *\n", crazyhouse), (Reading{VariantSource::Option, "Crazyhouse", 0}));
}

TEST(UntaggedVariant, TheDecisionPutsTheReaderBack) {
    const std::string text = "[Event \"?\"]\n\n1. e4 e5 *\n";
    rules::GameRecord record;
    record.text = text;
    rules::DiagnosticLog log;
    parser::MovetextReader reader(record, log, {});
    EXPECT_EQ(formats::untagged_variant(record, reader.setup_tags(), reader)->name, "Standard");
    EXPECT_EQ(reader.position(), 0u);
    EXPECT_TRUE(log.list().empty());
    const std::string ice = "1. dx*e3 *\n";
    record.text           = ice;
    parser::MovetextReader ice_reader(record, log, {});
    EXPECT_EQ(formats::untagged_variant(record, {}, ice_reader), &rules::default_variant());
    const std::string none = "1. Nf3 *\n";  // undecided
    record.text            = none;
    parser::MovetextReader none_reader(record, log, {});
    EXPECT_EQ(formats::untagged_variant(record, {}, none_reader), nullptr);
}

}  // namespace
}  // namespace floe::test
