#include "rules/diagnostic.hpp"

#include <algorithm>
#include <array>

#include "rules/encoding.hpp"

namespace floe::rules {

namespace {
// clang-format off
constexpr std::array<std::string_view, static_cast<std::size_t>(DiagCode::Count_)> Names = {
    "syntax-error", "unterminated-comment", "unterminated-tag", "unterminated-tag-value",
    "tag-line-break",
    "tag-escape", "repeated-tag", "variation-too-deep", "unbalanced-variation", "missing-termination",
    "game-boundary", "move-number-mismatch", "invalid-utf8", "unicode-space", "annotation-glyph",
    "unicode-result", "game-too-large",
    "unreadable-move", "illegal-move", "ambiguous-move", "null-move", "moves-after-end",
    "figurine", "ice-capture-mark", "capture-mark", "missing-capture-mark", "castling-zero",
    "castling-case", "en-passant-suffix", "promotion-form", "double-plus-mate",
    "missing-check-mark", "superfluous-check-mark", "lan-move", "uci-move",
    "redundant-disambiguation", "missing-disambiguation", "lower-case-piece", "pawn-drop-letter",
    "null-move-z0", "castling-king-takes-rook", "pawn-letter", "unicode-look-alike",
    "missing-event", "wrong-event", "unexpected-event", "event-order",
    "result-contradicts-end", "result-tag-mismatch", "result-form", "forfeit-result",
    "non-pgn-result", "result-or-castling", "unsupported-variant", "variant-conflict",
    "fen-syntax", "fen-rank-length", "fen-unknown-piece", "fen-king-count", "fen-pawn-rank",
    "fen-side-to-move", "fen-castling", "impossible-castling-right", "fen-en-passant",
    "impossible-en-passant",
    "fen-counter", "fen-opponent-in-check", "fen-without-setup", "fen-pocket", "fen-pocket-form",
    "fen-promoted-marker",
    "glacial-syntax", "glacial-rank-length", "glacial-pyramid-count", "glacial-nest",
    "glacial-spent", "glacial-royal", "glacial-dead-seat", "glacial-seat-to-move",
    "glacial-check-priority", "glacial-last-attacker",
    "wrong-seat", "missing-seat", "glued-seat", "missing-piece-name", "missing-promotion-mark",
    "superfluous-promotion-mark", "wrong-promotion-mark", "superfluous-capture-mark",
};
// clang-format on
}  // namespace

std::string_view code_name(DiagCode code) { return Names[static_cast<std::size_t>(code)]; }

std::optional<DiagCode> find_code(std::string_view name) {
    for (std::size_t i = 0; i < Names.size(); ++i)
        if (Names[i] == name) return static_cast<DiagCode>(i);
    return std::nullopt;
}

void append_quoted_token(std::string& out, std::string_view token) {
    // An empty token is `""`: a message never shows a blank where a value stands (`the Result
    // tag's "" stands for it`).
    if (token.empty()) {
        out += "\"\"";
        return;
    }
    std::size_t end = 0;
    for (std::size_t n = 0; n < QuotedTokenLength && end < token.size(); ++n) {
        const std::uint32_t len = utf8_length(token, end);
        end += len ? len : 1;
    }
    out.append(token.data(), end);
    if (end < token.size()) out += "\xE2\x80\xA6";  // …
}

std::string quoted_token(std::string_view token) {
    std::string out;
    append_quoted_token(out, token);
    return out;
}

std::int64_t DiagnosticLog::add(Diagnostic d) {
    if (list_.size() >= Kept) {
        ++dropped_[d.severity == Severity::Error ? 1 : 0];
        return -1;
    }
    // Grown to the bound, not past it: a log of Kept diagnostics holds no room for twice as many.
    if (list_.size() == list_.capacity() && 2 * list_.capacity() > Kept) list_.reserve(Kept);
    list_.push_back(std::move(d));
    return static_cast<std::int64_t>(list_.size() - 1);
}

void DiagnosticLog::group(DiagCode code, Span span, std::string singular, std::string_view plural,
                          std::uint32_t ply) {
    auto g = std::find_if(groups_.begin(), groups_.end(),
                          [code](const Group& group) { return group.code == code; });
    if (g == groups_.end()) {
        Diagnostic d = make_warning(code, span, std::move(singular));
        d.ply        = ply;
        // A group is one diagnostic per code: kept even past the bound.
        list_.push_back(std::move(d));
        groups_.push_back(Group{code, list_.size() - 1, 1, std::string(plural)});
        return;
    }
    Diagnostic& d = list_[g->index];
    d.count       = ++g->count;
    d.message     = std::to_string(g->count) + " " + g->plural;
    if (span.begin < d.span.begin) {  // found later, stands earlier: the first occurrence
        d.span = span;
        d.ply  = ply;
    }
}

void DiagnosticLog::make_strict() {
    for (Diagnostic& d : list_) {
        d.strict   = d.severity == Severity::Warning;
        d.severity = Severity::Error;
    }
    dropped_[1] += dropped_[0];
    dropped_[0] = 0;
}

}  // namespace floe::rules
