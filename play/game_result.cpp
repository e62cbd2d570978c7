#include "play/game_result.hpp"

#include <algorithm>

#include "play/replay_game.hpp"
#include "rules/encoding.hpp"
#include "rules/result_form.hpp"

namespace floe::formats {

namespace {

using rules::ResultKind;
using rules::ResultReading;

// A form that says more than PGN's markers: kept as written in the Result tag
// (docs/rules/notation.md §7.1).
bool says_more(const ResultReading& r) {
    return r.kind == ResultKind::Forfeit || r.kind == ResultKind::NoPgnForm ||
           r.kind == ResultKind::NotAResult;
}

void warn(rules::DiagnosticLog& log, std::string_view written, const ResultReading& r,
          rules::Span span, bool tag) {
    const rules::DiagCode code = rules::result_code(r);
    if (code == rules::DiagCode::Count_) return;
    // At most two a game, the marker's and the tag's: each names its own form.
    log.add(rules::make_warning(code, span, rules::result_message(written, r, tag)));
}

std::string utf8(std::string_view bytes, rules::Encoding encoding) {
    std::string out;
    rules::append_utf8(out, bytes, encoding);
    return out;
}

// The word that ends a game's text, when the game ends with a word (not a comment or a `)`).
rules::Span last_word(std::string_view text) {
    std::size_t end = text.size();
    while (end > 0 && rules::is_ascii_space(text[end - 1])) --end;
    std::size_t begin = end;
    while (begin > 0 && !rules::is_ascii_space(text[begin - 1]) &&
           std::string_view("{}()[]<>;\"$%.").find(text[begin - 1]) == std::string_view::npos)
        --begin;
    return {static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end)};
}

}  // namespace

GameResult game_result(const rules::GameRecord& record, const std::optional<parser::Tag>& tag,
                       const rules::VariantEntry* variant, rules::DiagnosticLog& log) {
    GameResult g;
    std::optional<std::string> tag_text;
    ResultReading tag_read;
    if (tag) {
        tag_text = parser::tag_value(record, *tag);
        tag_read = rules::read_result(*tag_text, variant);
        // Glacial Shift: only its own markers stand for a result (§5.9).
        if (rules::played_by(variant, rules::Engine::GlacialShift) &&
            tag_read.kind != ResultKind::Exact)
            tag_read = {};
    }
    std::optional<std::string> kept;  // a value that says more, for the tag
    if (!record.termination.empty()) {
        const std::string_view written = record.termination;
        g.span                         = record.termination_span;
        // As read: the engine reports a marker that is not Glacial Shift's.
        if (rules::played_by(variant, rules::Engine::GlacialShift)) {
            g.marker = g.checked = std::string(written);
            // A value that is no Glacial Shift result stays in the tag beside `*`, as it stays
            // when the tag stands for a missing marker: converting again keeps it (a round-trip
            // fuzz finding: `[Result ""]` became `[Result "*"]` the second time).
            if (tag_text && g.marker == "*" && says_more(tag_read)) kept = *tag_text;
        } else {
            const ResultReading m = rules::read_result(written, nullptr);
            // Zeros read as a result have their own warning (result-or-castling).
            if (!m.castling_lookalike) warn(log, written, m, g.span, false);
            g.marker  = m.result.empty() ? "*" : std::string(m.result);
            g.checked = m.result.empty() ? std::string(written) : std::string(m.result);
            if (says_more(m)) kept = std::string(written);
            if (tag_text) {
                if (tag_read.kind != ResultKind::Exact &&
                    !rules::played_by(variant, rules::Engine::GlacialShift))
                    warn(log, *tag_text, tag_read, tag->value_span, true);
                const bool agrees =
                    says_more(tag_read) &&
                    (tag_read.result.empty() ? g.marker == "*" : tag_read.result == g.marker);
                if (!kept && agrees) kept = *tag_text;
                if (!tag_read.result.empty())
                    g.compared_tag = std::string(tag_read.result);
                else if (!agrees && tag_read.points != m.points)
                    g.compared_tag = *tag_text;
            }
        }
    } else if (tag_text) {  // the Result tag stands for the missing marker (§1.12)
        g.span = tag->value_span;
        if (tag_read.kind != ResultKind::Exact) warn(log, *tag_text, tag_read, g.span, true);
        g.marker = tag_read.result.empty() ? "*" : std::string(tag_read.result);
        if (!tag_read.result.empty())
            g.checked = std::string(tag_read.result);
        else if (tag_read.kind != ResultKind::NotAResult)
            g.checked = *tag_text;
        if (says_more(tag_read)) kept = *tag_text;
    }
    g.tag = kept ? *kept : g.marker;
    g.json =
        g.marker != "*" || !kept ? utf8(g.marker, record.encoding) : utf8(*kept, record.encoding);
    if (rules::played_by(variant, rules::Engine::GlacialShift) && tag_text &&
        !record.termination.empty())
        g.compared_tag = *tag_text;
    return g;
}

namespace detail {

bool zeros_as_result(const rules::GameRecord& record, const GameOptions& options,
                     rules::DiagnosticLog& log, rules::GameRecord& out) {
    if (!record.termination.empty() || record.too_large ||
        rules::played_by(record.token_variant, rules::Engine::GlacialShift) ||
        options.zeros_as_move)
        return false;
    const rules::Span word       = last_word(record.text);
    const std::string_view token = record.text.substr(word.begin, word.end - word.begin);
    if (token.empty() || !rules::read_result(token, nullptr).castling_lookalike) return false;
    // Read as the result when the Result tag says so, or when castling is illegal there.
    const std::optional<parser::Tag> tag = parser::find_tag_pair(record, "Result");
    const bool tag_says =
        tag && rules::read_result(parser::tag_value(record, *tag), nullptr).points == "0-0";
    if (!tag_says) {
        GameOptions trial    = options;
        trial.zeros_as_move  = true;
        const ReplayedGame g = replay_game<NoVisitor>(record, trial, rules::DiagnosticLog{});
        if (!std::holds_alternative<ChessStart>(g.setup.start)) return false;  // castling: chess
        const auto& d      = g.diagnostics();
        const bool illegal = std::any_of(d.begin(), d.end(), [&](const rules::Diagnostic& x) {
            return x.severity == rules::Severity::Error && x.code == rules::DiagCode::IllegalMove &&
                   x.span.begin == word.begin;
        });
        if (!illegal) return false;
    }
    out                  = record;
    out.termination      = token;
    out.termination_span = word;
    // It has its marker now: the warnings about a missing one go.
    auto& list = log.list();
    list.erase(std::remove_if(list.begin(), list.end(),
                              [](const rules::Diagnostic& x) {
                                  return x.code == rules::DiagCode::MissingTermination ||
                                         x.code == rules::DiagCode::GameBoundary;
                              }),
               list.end());
    log.add(rules::make_warning(
        rules::DiagCode::ResultOrCastling, word,
        std::string(token) + " read as the result 0-0 (a double forfeit), not as castling O-O: " +
            (tag_says ? "the Result tag says 0-0" : "castling is illegal here")));
    return true;
}

}  // namespace detail

}  // namespace floe::formats
