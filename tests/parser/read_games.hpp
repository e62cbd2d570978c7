#pragma once
// Helpers shared by the parser tests: a game's syntax laid out as a tree the tests can look at
// (the reader itself keeps nothing: rules/game/replay.hpp reads a game's text as it goes).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/movetext_reader.hpp"
#include "parser/parse_record.hpp"
#include "parser/tags.hpp"
#include "rules/game/replay.hpp"
#include "support/thread_replay.hpp"

namespace floe::parser::test {

/// A tag pair as the tests look at it: its value with its escapes read.
struct TestTag {
    std::string name;
    std::string value;
    rules::Span span;
    rules::Span value_span;
};

/// An element of a line; an `(` (ElementKind::Open) holds the index of its line in `value`,
/// and a glued suffix (`e4!?`) stands after its move as a Nag of its own, as the writers see it.
struct Line {
    std::vector<rules::Element> elements;
    std::uint32_t parent = 0;
};

/// One game's syntax: its record, tags, lines (lines[0] the main line) and every syntax
/// diagnostic, in the order found.
struct Outline {
    rules::GameRecord record;
    std::uint32_t number = 1;
    std::string_view text;
    rules::SourceMap source;
    std::vector<TestTag> tags;
    std::vector<Line> lines;
    std::vector<rules::Diagnostic> diagnostics;
    std::string_view termination;
    rules::Span termination_span;
    rules::Encoding encoding                 = rules::Encoding::Cp1252;
    bool invalid_utf8                        = false;
    const rules::VariantEntry* token_variant = nullptr;

    const std::string* tag(std::string_view name) const {
        for (const TestTag& t : tags)
            if (t.name == name) return &t.value;
        return nullptr;
    }
};

/// The outline of an opened game (`log` holds what open_game reported).
inline Outline outline(const rules::GameRecord& record, rules::DiagnosticLog log,
                       const ParseOptions& options = {}) {
    Outline o;
    o.record           = record;
    o.number           = record.number;
    o.text             = record.text;
    o.source           = record.source;
    o.termination      = record.termination;
    o.termination_span = record.termination_span;
    o.encoding         = record.encoding;
    o.invalid_utf8     = record.invalid_utf8;
    o.token_variant    = record.token_variant;
    TagReader tags(record);
    for (Tag t; tags.next(t);)
        if (!t.malformed)
            o.tags.push_back({std::string(t.name), tag_value(record, t), t.span, t.value_span});
    {  // every syntax problem, as a game that is not replayed has them read
        rules::DiagnosticLog found;
        MovetextReader reader(record, found, options);
        rules::read_syntax(reader, found, 0, 0);
        // In the order they were found, as the reader reads, after the game's encoding and
        // before its missing termination marker (what open_game reports).
        for (const auto& d : log.list())
            if (d.code == rules::DiagCode::InvalidUtf8) o.diagnostics.push_back(d);
        o.diagnostics.insert(o.diagnostics.end(), found.list().begin(), found.list().end());
        for (const auto& d : log.list())
            if (d.code != rules::DiagCode::InvalidUtf8) o.diagnostics.push_back(d);
    }
    // The tree, read once more quietly.
    rules::DiagnosticLog scratch;
    MovetextReader reader(record, scratch, options);
    o.lines.emplace_back();
    std::vector<std::uint32_t> stack{0};
    for (;;) {
        const rules::Element e =
            reader.read(rules::ReadMode::Rest, static_cast<std::uint32_t>(stack.size() - 1));
        if (e.kind == rules::ElementKind::End || e.kind == rules::ElementKind::Termination) break;
        std::vector<rules::Element>& line = o.lines[stack.back()].elements;
        switch (e.kind) {
            case rules::ElementKind::Tag:
                break;
            case rules::ElementKind::Stop:
                if (e.code == rules::DiagCode::UnterminatedComment) {  // the comment, as read
                    rules::Element c = e;
                    c.kind           = rules::ElementKind::Comment;
                    c.span           = {e.span.begin, reader.position()};
                    c.text =
                        record.text.substr(e.span.begin + 1, reader.position() - e.span.begin - 1);
                    line.push_back(c);
                }
                break;
            case rules::ElementKind::Open: {
                rules::Element v = e;
                v.value          = static_cast<std::uint32_t>(o.lines.size());
                line.push_back(v);
                o.lines.push_back(Line{{}, stack.back()});
                stack.push_back(v.value);
                break;
            }
            case rules::ElementKind::Close:
                if (stack.size() > 1) {
                    stack.pop_back();
                    rules::Element& open = o.lines[stack.back()].elements.back();
                    open.span.end        = e.span.end;  // the whole variation, `(` to `)`
                    open.text = record.text.substr(open.span.begin, e.span.end - open.span.begin);
                }
                break;
            case rules::ElementKind::Move:
                line.push_back(e);
                if (e.flags & rules::GluedSuffix) {
                    rules::Element nag = e;
                    nag.kind           = rules::ElementKind::Nag;
                    nag.span           = {e.span.end, reader.position()};
                    nag.text  = record.text.substr(nag.span.begin, nag.span.end - nag.span.begin);
                    nag.value = e.value;
                    line.back().flags &= static_cast<std::uint8_t>(~rules::GluedSuffix);
                    line.back().value = 0;
                    line.push_back(nag);
                }
                break;
            default:
                line.push_back(e);
        }
    }
    return o;
}

/// Every game of `text`. The outlines' views point into `text`, which must outlive them.
inline std::vector<Outline> read_all(std::string_view text, ParseOptions options = {}) {
    RecordReader reader(text, options);
    std::vector<Outline> games;
    rules::GameRecord g;
    rules::DiagnosticLog log;
    while (reader.next(g, log)) {
        games.push_back(outline(g, std::move(log), options));
        log = {};
    }
    return games;
}

/// The main line's move tokens, space-separated ("e4 e5 Nf3").
inline std::string main_moves(const Outline& g) {
    std::string s;
    for (const auto& e : g.lines[0].elements) {
        if (e.kind != rules::ElementKind::Move) continue;
        if (!s.empty()) s += ' ';
        s += e.text;
    }
    return s;
}

/// The codes of a game's diagnostics, in order.
inline std::vector<rules::DiagCode> codes(const Outline& g) {
    std::vector<rules::DiagCode> out;
    for (const auto& d : g.diagnostics) out.push_back(d.code);
    return out;
}

}  // namespace floe::parser::test
