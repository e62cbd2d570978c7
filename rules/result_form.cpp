#include "rules/result_form.hpp"

#include <array>

#include "rules/common/look_alike.hpp"
#include "rules/encoding.hpp"
#include "rules/variants.hpp"

namespace floe::rules {

namespace {

// One side's score as written: a win, a loss or a half point, and how many bytes it took.
enum class Score : std::uint8_t { None, Zero, Half, One };
struct Side {
    Score score     = Score::None;
    std::size_t len = 0;
    bool canonical  = false;  // written as PGN writes it: `1`, `0`, `1/2`
};

Side read_side(std::string_view s) {
    const auto starts = [s](std::string_view p) { return s.substr(0, p.size()) == p; };
    // Halves first: `1/2` and `0.5` start like a win and a loss.
    if (starts("1/2")) return {Score::Half, 3, true};
    if (starts("\xC2\xBD")) return {Score::Half, 2, false};  // ½
    if (starts("0.5") || starts("0,5")) return {Score::Half, 3, false};
    if (starts("1")) return {Score::One, 1, true};
    if (starts("0")) return {Score::Zero, 1, true};
    return {};
}

// The separator at the start of `s`: its length (0 when none); `dash` when it is a dash.
std::size_t read_separator(std::string_view s, bool& dash) {
    dash = true;
    if (s.empty()) return 0;
    if (s[0] == '-') return 1;
    // Most words here are move numbers (`12.`): no dash, no colon, nothing to compare.
    if (static_cast<unsigned char>(s[0]) < 0x80) {
        dash = false;
        return s[0] == ':' ? 1 : 0;
    }
    // The Unicode dashes and minus that word processors and web pages put for `-`
    // (docs/rules/notation.md §1.9, §1.15).
    std::size_t length = 0;
    if (const LookAlike* l = look_alike_at(s, 0, length); l && l->ascii == '-') return length;
    dash = false;
    return s[0] == ':' ? 1 : 0;
}

std::string_view first_unicode(std::string_view token) {
    for (std::size_t i = 0; i < token.size(); ++i)
        if (static_cast<unsigned char>(token[i]) >= 0x80) {
            const std::uint32_t len = utf8_length(token, i);
            return token.substr(i, len ? len : 1);
        }
    return {};
}

ResultReading make(ResultKind kind, std::string_view result, std::string_view points) {
    ResultReading r;
    r.kind   = kind;
    r.result = result;
    r.points = points;
    return r;
}

// The forfeit forms of chess-results, Swiss-Manager and ChessBase (docs/rules/notation.md §1.9).
ResultReading read_forfeit(std::string_view token) {
    if (token == "+:-" || token == "+--") return make(ResultKind::Forfeit, "1-0", "1-0");
    if (token == "-:+" || token == "--+") return make(ResultKind::Forfeit, "0-1", "0-1");
    if (token == "-:-") return make(ResultKind::Forfeit, "", "0-0");
    return {};
}

}  // namespace

ResultReading read_result(std::string_view token, const VariantEntry* variant) {
    if (token.empty()) return {};
    if (token == "*") return make(ResultKind::Exact, "*", "");
    if (played_by(variant, Engine::GlacialShift))
        for (std::string_view m : {"1-0-0-0", "0-1-0-0", "0-0-1-0", "0-0-0-1"})
            if (token == m) return make(ResultKind::Exact, m, m);
    if (token[0] == '+' || token[0] == '-') return read_forfeit(token);
    const Side left = read_side(token);
    if (left.score == Score::None) return {};
    ResultReading r;
    if (left.len == token.size()) {  // a draw written as a half alone: `1/2`, `½`
        if (left.score != Score::Half) return {};
        r = make(ResultKind::Lenient, "1/2-1/2", "1/2-1/2");
    } else {
        bool dash                   = false;
        const std::size_t sep       = read_separator(token.substr(left.len), dash);
        const std::string_view rest = token.substr(left.len + sep);
        const Side right            = read_side(rest);
        if (sep == 0 || right.score == Score::None || right.len != rest.size()) return {};
        const bool canonical  = left.canonical && right.canonical && token[left.len] == '-';
        const ResultKind kind = canonical ? ResultKind::Exact : ResultKind::Lenient;
        using enum Score;
        if (left.score == One && right.score == Zero)
            r = make(kind, "1-0", "1-0");
        else if (left.score == Zero && right.score == One)
            r = make(kind, "0-1", "0-1");
        else if (left.score == Half && right.score == Half)
            r = make(kind, "1/2-1/2", "1/2-1/2");
        else if (left.score == Zero && right.score == Zero)
            r = make(ResultKind::NoPgnForm, "", "0-0");
        else if (left.score == Half && right.score == Zero)
            r = make(ResultKind::NoPgnForm, "", "1/2-0");
        else if (left.score == Zero && right.score == Half)
            r = make(ResultKind::NoPgnForm, "", "0-1/2");
        else
            return {};
        r.castling_lookalike = dash && left.score == Zero && right.score == Zero;
    }
    r.unicode = first_unicode(token);
    return r;
}

DiagCode result_code(const ResultReading& reading) {
    switch (reading.kind) {
        case ResultKind::Exact:
            return DiagCode::Count_;
        case ResultKind::Lenient:
            return reading.unicode.empty() ? DiagCode::ResultForm : DiagCode::UnicodeResult;
        case ResultKind::Forfeit:
            return DiagCode::ForfeitResult;
        case ResultKind::NoPgnForm:
        case ResultKind::NotAResult:
            break;
    }
    return DiagCode::NonPgnResult;
}

std::string result_character_name(std::string_view c) {
    if (c == "\xC2\xBD") return "U+00BD VULGAR FRACTION ONE HALF";
    std::size_t length = 0;
    if (const LookAlike* l = look_alike_at(c, 0, length))
        return code_point_label(l->code_point, l->name);
    return "a character that is not ASCII";
}

std::string result_message(std::string_view written, const ResultReading& r, bool tag) {
    std::string m       = tag ? "Result tag: " : "";
    const std::string w = quoted_token(written);
    switch (r.kind) {
        case ResultKind::Exact:
            return m + "result " + w;
        case ResultKind::Lenient:
            m += "result written " + w;
            if (!r.unicode.empty()) m += " with " + result_character_name(r.unicode);
            return m + " (canonical: " + std::string(r.result) + ")";
        case ResultKind::Forfeit:
            if (r.result.empty())
                return m + "forfeit result " + w +
                       " (a double forfeit, 0-0) has no PGN form: the movetext ends with *";
            return m + "forfeit result " + w + " read as " + std::string(r.result) +
                   " (canonical: " + std::string(r.result) + ")";
        case ResultKind::NoPgnForm:
            return m + "result " + w + " (" +
                   (r.points == "0-0" ? std::string("a double forfeit, 0-0")
                                      : "points " + std::string(r.points)) +
                   ") has no PGN form: the movetext ends with *";
        case ResultKind::NotAResult:
            break;
    }
    return m + "result " + w + " is not a result of this game: kept in the Result tag, the " +
           "movetext ends with *";
}

}  // namespace floe::rules
