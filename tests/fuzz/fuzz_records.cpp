// libFuzzer target: the record parser on arbitrary bytes. Besides the sanitizers it checks the
// invariants of tests/parser/hostile_input_test.cpp: RecordReader never throws, game texts are
// disjoint and in order, every span lies in its game, and locate() gives line and column >= 1.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "parser/parse_record.hpp"

namespace {

void check(bool ok) {
    if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    // The first byte chooses the options, the rest is the file.
    floe::parser::ParseOptions options;
    options.max_variation_depth = 1 + (data[0] & 0x0F);
    options.glacial_default     = (data[0] & 0x10) != 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const std::string_view input =
        text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;  // offsets skip the BOM

    floe::parser::RecordReader reader(text, options);
    floe::rules::GameRecord g;
    const char* previous_end = input.data();
    while (reader.next(g)) {
        check(g.text.data() >= previous_end);
        check(g.text.data() + g.text.size() <= input.data() + input.size());
        previous_end = g.text.data() + g.text.size();
        check(!g.lines.empty());
        for (const auto& d : g.diagnostics) {
            check(d.span.begin <= d.span.end && d.span.end <= g.text.size());
            const auto p = g.source.locate(d.span.begin);
            check(p.line >= 1 && p.column >= 1);
            const std::string_view line = g.source.line_text(d.span.begin);
            check(line.data() >= input.data() &&
                  line.data() + line.size() <= input.data() + input.size());
        }
        for (const auto& line : g.lines)
            for (const auto& e : line.elements)
                check(e.span.begin <= e.span.end && e.span.end <= g.text.size());
    }
    return 0;
}
