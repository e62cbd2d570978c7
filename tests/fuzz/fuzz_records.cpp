// libFuzzer target: the record parser on arbitrary bytes. Besides the sanitizers it checks the
// invariants of tests/parser/hostile_input_test.cpp (RecordReader never throws; game texts are
// disjoint and in order; every span lies in its game; locate() agrees with a count over the
// whole input, in the order the printers ask), and that a GameSource reading the input as a stream,
// in small chunks, cuts the same games with the same records as one over the whole buffer.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "rules/variants.hpp"

namespace {

using floe::fuzz::check;

struct LineColumn {
    std::uint32_t line = 1, column = 1;
    bool operator==(const LineColumn&) const = default;
};

// Line and column of every offset of the input (and its end), counted over the whole input
// (docs/rules/notation.md §8): an offset inside a character is one column past the character's
// start, an offset at the LF of a CRLF one column past the CR.
std::vector<LineColumn> line_columns(std::string_view input) {
    std::vector<LineColumn> table(input.size() + 1);
    LineColumn p;
    for (std::size_t i = 0; i < input.size();) {
        table[i]     = p;
        const char c = input[i];
        if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < input.size() && input[i + 1] == '\n') {
                table[i + 1] = {p.line, p.column + 1};
                ++i;
            }
            ++i;
            p = {p.line + 1, 1};
            continue;
        }
        const std::uint32_t len = floe::rules::utf8_length(input, i);
        for (std::uint32_t k = 1; k < len; ++k) table[i + k] = {p.line, p.column + 1};
        i += len ? len : 1;
        ++p.column;
    }
    table[input.size()] = p;
    return table;
}

// What a game's text and record look like, to compare two readings of one input.
struct Reading {
    std::string game, lines;
    std::uint32_t begin, number, first_line, first_column;
    std::vector<std::uint32_t> diagnostics;  // code, begin, end of each
    std::size_t tags, elements;
    bool operator==(const Reading&) const = default;
};

Reading reading(const floe::parser::GameText& t, const floe::parser::test::Outline& g) {
    Reading r{std::string(t.game()),
              std::string(t.lines()),
              t.begin,
              t.number,
              t.first_line,
              t.first_column,
              {},
              g.tags.size(),
              0};
    for (const auto& d : g.diagnostics)
        r.diagnostics.insert(r.diagnostics.end(),
                             {static_cast<std::uint32_t>(d.code), d.span.begin, d.span.end});
    for (const auto& line : g.lines) r.elements += line.elements.size();
    return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    // The first byte chooses the options and the stream's chunk size, the rest is the file.
    floe::parser::ParseOptions options;
    options.max_variation_depth           = 1 + (data[0] & 0x0F);
    options.untagged_variant              = (data[0] & 0x10) != 0
                                                ? &floe::rules::engine_variant(floe::rules::Engine::GlacialShift)
                                                : nullptr;
    static constexpr std::size_t Chunks[] = {1, 3, 7, 64, 1 << 10, 1 << 18};
    const std::size_t chunk               = Chunks[(data[0] >> 5) % std::size(Chunks)];
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const std::string_view input =
        text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;  // offsets skip the BOM

    const std::vector<LineColumn> table = line_columns(input);
    std::vector<Reading> whole;
    floe::parser::GameSource source(text, options);
    floe::parser::GameText t;
    floe::parser::test::Outline g;
    const char* previous_end = input.data();
    std::uint32_t number     = 0;
    while (source.next(t)) {
        g = floe::fuzz::read_game(t, options);
        check(g.number == ++number, "records: games are numbered 1, 2, 3, ...");
        check(g.text.data() >= previous_end, "records: games are disjoint and in order");
        check(g.text.data() + g.text.size() <= input.data() + input.size(),
              "records: a game lies in the input");
        previous_end = g.text.data() + g.text.size();
        check(!g.lines.empty(), "records: a game has a main line");
        const auto offset = static_cast<std::size_t>(g.text.data() - input.data());
        const LineColumn first{g.source.first_line, g.source.first_column};
        check(first == table[offset], "records: the game's first line and column");
        for (const auto& d : g.diagnostics) {
            check(d.span.begin <= d.span.end && d.span.end <= g.text.size(),
                  "records: a diagnostic's span lies in its game");
            const auto p = g.source.locate(d.span.begin);
            check(LineColumn{p.line, p.column} == table[offset + d.span.begin],
                  "records: locate() gives the line and column of the whole input");
            const auto e = g.source.locate(d.span.end);  // an end may cut a character: no count
            check(e.line >= p.line && (e.line > p.line || e.column >= p.column),
                  "records: a span's end is located after its start");
            const std::string_view line = g.source.line_text(d.span.begin);
            check(line.data() >= input.data() &&
                      line.data() + line.size() <= input.data() + input.size(),
                  "records: a quoted line lies in the input");
        }
        for (const auto& line : g.lines)
            for (const auto& e : line.elements)
                check(e.span.begin <= e.span.end && e.span.end <= g.text.size(),
                      "records: an element's span lies in its game");
        whole.push_back(reading(t, g));
    }

    // The same input as a stream, in chunks: the same games, cut and read the same.
    std::istringstream in{std::string(text)};
    floe::parser::GameSource streamed(in, options, chunk);
    std::size_t k = 0;
    while (streamed.next(t)) {
        g = floe::fuzz::read_game(t, options);
        check(k < whole.size() && reading(t, g) == whole[k],
              "records: a stream in chunks reads the games the whole buffer holds");
        ++k;
    }
    check(k == whole.size(), "records: a stream in chunks reads as many games");
    return 0;
}
