#pragma once
// Helpers shared by the parser tests.

#include <string>
#include <string_view>
#include <vector>

#include "parser/parse_record.hpp"

namespace floe::parser::test {

/// Every game of `text`. The records' views point into `text`, which must outlive them.
inline std::vector<rules::GameRecord> read_all(std::string_view text, ParseOptions options = {}) {
    RecordReader reader(text, options);
    std::vector<rules::GameRecord> games;
    rules::GameRecord g;
    while (reader.next(g)) games.push_back(g);
    return games;
}

/// The main line's move tokens, space-separated ("e4 e5 Nf3").
inline std::string main_moves(const rules::GameRecord& g) {
    std::string s;
    for (const auto& e : g.lines[0].elements) {
        if (e.kind != rules::ElementKind::Move) continue;
        if (!s.empty()) s += ' ';
        s += e.text;
    }
    return s;
}

/// The codes of a game's diagnostics, in order.
inline std::vector<rules::DiagCode> codes(const rules::GameRecord& g) {
    std::vector<rules::DiagCode> out;
    for (const auto& d : g.diagnostics) out.push_back(d.code);
    return out;
}

}  // namespace floe::parser::test
