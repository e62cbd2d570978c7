// Glacial Shift position strings (docs/rules/notation.md §6.8-§6.10): round trips, and each
// rejection with its code, column and message.

#include "notation/glacial_position.hpp"

#include <gtest/gtest.h>

namespace floe::test {
namespace {

constexpr const char* Start =
    "2,Bb2,By2,Bb3,By2,Bb2,2/3,Bb1,Br2,Bb1,3/Gg2,3,Bb1,3,Rr2/Gr2,Gg1,5,Rr1,Rg2/"
    "Gg3,Gb2,Gg1,3,Rr1,Ry2,Rr3/Gr2,Gg1,5,Rr1,Rg2/Gg2,3,Yy1,3,Rr2/3,Yy1,Yg2,Yy1,3/"
    "2,Yy2,Yb2,Yy3,Yb2,Yy2,2 Y -/-/-/- 204/204/204/204 -/-/-/- 1";

// A valid base for the rejections: the seed's example (docs/rules/glacial-shift.md §7.6).
constexpr const char* Seed =
    "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4 Y -/-/-/- 544/445/445/445 "
    "-/-/-/- 1";

std::string round_trip(const std::string& text) {
    const auto r = formats::parse_glacial_position(text);
    EXPECT_TRUE(r.diagnostics.empty()) << text << ": " << r.diagnostics[0].message;
    return r.position ? formats::make_glacial_position(*r.position) : "";
}

TEST(GlacialPosition, RoundTrips) {
    for (const char* text : {
             Start,
             Seed,
             "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,1,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 G -/-/-/- "
             "544/445/445/445 -/Y/-/Y 2",
             "Yg2',8/2,Yy2,1,Yy1,1,Yy12,2/3,Bb2,1,Bb1,3/9/Gg3,Gg1,6,Rr3/8,Rr1/9/9/3,Yy3,5 Y "
             "-/y2y2y2/-/- 304/444/445/454 -/-/-/- 1",
             "4,Bb2,3,Rr1/4,Bb1,4/9/8,Rr3/Xg2,8/Yg3,8/9/9/4,Yy3,4 B "
             "y1y1y1y1y1g1g1g1g1g1b1b1b1b1r1r1r1r1/"
             "-/-/- 054/044/045/054 -/-/-/- 1",
             "4,Xb1,4/4,Xb3,4/9/9/Xg1,Xy3,5,Xr3,Xr1/9/9/5,Yy1,3/3,Yy3,5 - -/-/-/- 453/455/454/454 "
             "-/-/-/- 2",
             "5,Bb2,3/Xy1,Xy1,Xy2,Xy2,Xy2,Bb1,Xy2,Xy3,Xy3/Xy3,Xy3,Xg1,Xg1,Xg1,Xg1,Xg2,Xg2,Xg2/"
             "Xr3,Xr3,Xr3,Xr3,Xr3,3,Rr1/Gg3,Xr1,Xr1,Xr1,Xr2,Xr2,Xr2,Xr2,Rr2/"
             "Xb2,Xb2,Xb2,Gy12,Xb2,Xb3,Xb3,Xb3,Xb3/Xg2,Xg3,Xg3,Xg3,Xg3,Xb1,Xb1,Xb1,Xb1/1,Gg1,7/"
             "3,Yy3,1,Yy1,3 Y r1/y1/g2/b3 000/000/000/000 -/-/-/- 40",
         })
        EXPECT_EQ(round_trip(text), text);
}

TEST(GlacialPosition, StartEqualsTheEnginesStart) {
    EXPECT_EQ(formats::make_glacial_position(rules::glacial::Position::start()), Start);
}

TEST(GlacialPosition, BlanksAndUnsortedHandsAreRead) {
    const auto r = formats::parse_glacial_position(
        "  4,Bb2,3,Rr1/4,Bb1,4/9/8,Rr3/Xg2,8/Yg3,8/9/9/4,Yy3,4\tB  r1y1/-/-/- 454/544/445/354 "
        "-/-/-/- 1 ");
    ASSERT_TRUE(r.position) << r.diagnostics[0].message;
    EXPECT_EQ(formats::make_glacial_position(*r.position),
              "4,Bb2,3,Rr1/4,Bb1,4/9/8,Rr3/Xg2,8/Yg3,8/9/9/4,Yy3,4 B y1r1/-/-/- 454/544/445/354 "
              "-/-/-/- 1");
}

struct Rejection {
    const char* name;
    std::string text;
    const char* code;
    const char* at;       ///< the column is where this text first occurs
    const char* message;  ///< the start of the message
};

void PrintTo(const Rejection& r, std::ostream* os) { *os << r.name; }

// The seed position with one field replaced.
std::string seed_with(int field, const std::string& value) {
    std::string fields[6] = {"Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4",
                             "Y",
                             "-/-/-/-",
                             "544/445/445/445",
                             "-/-/-/-",
                             "1"};
    fields[field]         = value;
    std::string out;
    for (const auto& f : fields) out += (out.empty() ? "" : " ") + f;
    return out;
}

// A message quotes whole characters, never half of one (it printed `unknown owner '\xE2'`):
// each multi-byte character where a letter or digit was expected, with its span.
TEST(GlacialPosition, MultiByteCharactersAreQuotedWhole) {
    struct Case {
        std::string board_or_hands;
        int field;
        std::uint32_t at, end;  ///< the span, as offsets into the field
        const char* message;
    };
    const std::string euro = "\xE2\x82\xAC";  // €, three bytes
    const std::string rest = ",7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4";
    const Case cases[]     = {
            {euro + "b1" + rest, 0, 0, 3,
             "board: unknown owner '\xE2\x82\xAC' (expected Y, G, B, R or X)"},
            {"B" + euro + "1" + rest, 0, 1, 4,
             "board: unknown colour '\xE2\x82\xAC' (expected y, g, b or r)"},
            {"Bb" + euro + rest, 0, 2, 5, "board: unknown size '\xE2\x82\xAC' (expected 1, 2 or 3)"},
            {euro + euro + "/-/-/-", 2, 0, 6,
             "hands: '\xE2\x82\xAC\xE2\x82\xAC' is not a colour and a size"},
            {"g" + euro + "g1/-/-/-", 2, 0, 4, "hands: 'g\xE2\x82\xAC' is not a colour and a size"},
    };
    for (const Case& c : cases) {
        const std::string text = seed_with(c.field, c.board_or_hands);
        const std::size_t base = text.find(c.board_or_hands);
        const auto result      = formats::parse_glacial_position(text);
        ASSERT_FALSE(result.diagnostics.empty()) << text;
        const auto& d = result.diagnostics.front();
        EXPECT_EQ(d.message, c.message);
        EXPECT_EQ(d.span.begin, base + c.at) << c.message;
        EXPECT_EQ(d.span.end, base + c.end) << c.message;
    }
}

// Dead Green: the seed's board without Green's Knight on b7, Green's Royal upright on c5.
constexpr const char* DeadGreen = "Bb1,7,Rr1/6,Bb2,2/9/9/2,Xg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4";

const Rejection Rejections[] = {
    {"field_count", "9/9 Y", "glacial-syntax", "9/9", "position string has 2 fields"},
    {"rank_count", seed_with(0, "9/9/9/9/9/9/9/9"), "glacial-rank-length", "9/9",
     "board: 8 ranks (expected 9)"},
    {"rank_length", seed_with(0, "Bb1,8,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4"),
     "glacial-rank-length", "Bb1,8", "board: rank 9 has 10 squares (expected 9)"},
    {"unknown_owner", seed_with(0, "Qb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4"),
     "glacial-syntax", "Qb1", "board: unknown owner 'Q'"},
    {"unknown_colour",
     seed_with(0, "Bw1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4"),
     "glacial-syntax", "w1", "board: unknown colour 'w'"},
    {"zero_run", seed_with(0, "Bb1,0,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4"),
     "glacial-syntax", "0,", "board: '0' is not a run of empty squares"},
    {"pyramid_total", seed_with(3, "544/445/445/444"), "glacial-pyramid-count", "544/",
     "stash: red large pyramids total 4 over board, hands and stash (expected 5)"},
    {"stash_digit", seed_with(3, "644/445/445/445"), "glacial-pyramid-count", "644",
     "stash: 6 yellow small pyramids (at most 5)"},
    {"nest_gap", seed_with(0, "Bb13,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4"),
     "glacial-nest", "Bb13", "board: 'Bb13': a nest's sizes must be consecutive and ascending"},
    {"nest_order", seed_with(0, "Bb21,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4"),
     "glacial-nest", "Bb21", "board: 'Bb21': a nest's sizes must be consecutive and ascending"},
    {"upright_nest",
     seed_with(0, "Bb1,6,Xr12,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4"),
     "glacial-nest", "Xr12", "board: 'Xr12': an upright cell is one pyramid"},
    {"spent_general",
     seed_with(0, "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3',4"),
     "glacial-spent", "'", "board: 'Yy3'': only a lying Pawn or Knight can be spent"},
    {"spent_upright",
     seed_with(0, "Bb1,6,Xr1',Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4"),
     "glacial-spent", "'", "board: 'Xr1'': only a lying Pawn or Knight can be spent"},
    {"no_royal", seed_with(0, "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/8,Yy3"),
     "glacial-royal", "Bb1",
     "board: Yellow is live but has no Royal (yellow piece) in his quadrant"},
    {"dead_hand", std::string(DeadGreen) + " B -/y1/-/- 454/445/445/445 -/-/-/- 1",
     "glacial-dead-seat", "y1", "hands: Green owns no lying piece (dead) but has a hand"},
    {"dead_attacker", std::string(DeadGreen) + " B -/-/-/- 554/445/445/445 -/Y/-/- 1",
     "glacial-dead-seat", "Y/-/- 1", "last attackers: Green owns no lying piece (dead)"},
    {"seat_to_move_dead", std::string(DeadGreen) + " G -/-/-/- 554/445/445/445 -/-/-/- 1",
     "glacial-seat-to-move", "G -", "seat to move: Green owns no lying piece"},
    {"game_over_too_soon", seed_with(1, "-"), "glacial-seat-to-move", "- -",
     "seat to move: '-' (game over) but 4 seats are live"},
    {"game_not_over",
     "4,Xb1,4/4,Xb3,4/9/9/Xg1,Xy3,5,Xr3,Xr1/9/9/5,Yy1,3/3,Yy3,5 Y -/-/-/- 453/455/454/454 "
     "-/-/-/- 2",
     "glacial-seat-to-move", "Y -", "seat to move: only one seat is live"},
    {"bad_seat", seed_with(1, "Q"), "glacial-syntax", "Q", "seat to move: 'Q'"},
    {"check_priority",
     "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,1,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 B -/-/-/- 544/445/445/445 "
     "-/Y/-/Y 2",
     "glacial-check-priority", "B -", "seat to move: Green, Red is in check"},
    {"missing_attacker",
     "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,1,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 G -/-/-/- 544/445/445/445 "
     "-/-/-/Y 2",
     "glacial-last-attacker", "-/-/Y", "last attackers: Green is in check and needs a live"},
    {"attacker_is_self",
     "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,1,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 G -/-/-/- 544/445/445/445 "
     "-/G/-/Y 2",
     "glacial-last-attacker", "G/-/Y", "last attackers: Green is in check and needs a live"},
    {"attacker_not_attacking",
     "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,1,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 G -/-/-/- 544/445/445/445 "
     "-/B/-/Y 2",
     "glacial-last-attacker", "B/-/Y", "last attackers: no piece of Blue attacks Green's Royal"},
    {"attacker_without_check", seed_with(4, "-/-/Y/-"), "glacial-last-attacker", "Y/-",
     "last attackers: Blue is not in check (expected -)"},
    {"bad_hand", seed_with(2, "x1/-/-/-"), "glacial-syntax", "x1", "hands: 'x1' is not a colour"},
    {"bad_stash", seed_with(3, "54/445/445/445"), "glacial-syntax", "54/",
     "stash: '54/445/445/445' (expected four groups of three digits"},
    {"bad_ply", seed_with(5, "z"), "glacial-syntax", "z", "ply number: 'z'"},
};

class GlacialRejections : public testing::TestWithParam<Rejection> {};

TEST_P(GlacialRejections, NamedErrorAtItsColumn) {
    const Rejection& r = GetParam();
    const auto result  = formats::parse_glacial_position(r.text);
    EXPECT_FALSE(result.position);
    ASSERT_FALSE(result.diagnostics.empty());
    const auto& d = result.diagnostics.front();
    EXPECT_EQ(rules::code_name(d.code), r.code) << d.message;
    EXPECT_EQ(d.span.begin, r.text.find(r.at)) << d.message;
    EXPECT_EQ(d.message.rfind(r.message, 0), 0u) << d.message;
    EXPECT_EQ(d.severity, rules::Severity::Error);
}

INSTANTIATE_TEST_SUITE_P(Rules, GlacialRejections, testing::ValuesIn(Rejections),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace floe::test
