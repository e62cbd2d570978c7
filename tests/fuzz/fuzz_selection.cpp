// libFuzzer target: the texts `floe select` reads from its command line, none trusted: a --where
// expression (parser::parse_where; a bad one is a ParseError, never a crash, a hang or deep
// recursion), evaluated against a few tag sets; a --pattern board and a --material balance
// (rules::selection), matched against positions of both engines; and a --position text.
// Besides the sanitizers it checks that a --where ParseError has a column within the text.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "fuzz_support.hpp"
#include "notation/fen.hpp"
#include "parser/where_grammar.hpp"
#include "play/selection.hpp"
#include "rules/encoding.hpp"
#include "rules/selection/board_pattern.hpp"
#include "rules/selection/material.hpp"

namespace {

using floe::fuzz::check;
namespace chess     = floe::rules::chess;
namespace selection = floe::rules::selection;

// Values a field may have: a name, a number, a date, nothing.
const std::vector<std::optional<std::string_view>> Values = {
    "Fischer, Robert James", "2785", "1972.07.??", "1-0", std::nullopt, "", "?", "-12.5"};

void where(std::string_view text) {
    const auto parsed = floe::parser::parse_where(text);
    if (!parsed.ok()) {
        check(parsed.error().column && static_cast<std::size_t>(*parsed.error().column) <=
                                           floe::rules::code_point_count(text) + 1,
              "selection: a --where error's column lies within the text");
        return;
    }
    const selection::Where& w = parsed.value();
    std::vector<std::optional<std::string_view>> values(w.fields().size());
    for (std::size_t shift = 0; shift < Values.size(); ++shift) {
        for (std::size_t i = 0; i < values.size(); ++i)
            values[i] = Values[(i + shift) % Values.size()];
        (void)w.matches(values);
    }
}

template <class Criterion>
void match(const Criterion& criterion) {
    static const chess::Position Chess =
        *floe::formats::parse_fen(chess::ice_age_variant(),
                                  "r3k2r/1P4P1/**p*****/3pP3/**N*N***/8/6p1/R3K2R w KQkq d6 0 19")
             .position;
    static const floe::rules::glacial::Position Glacial = floe::rules::glacial::Position::start();
    (void)criterion.matches(Chess);
    (void)criterion.matches(Glacial);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    switch (data[0] % 4) {
        case 0:
            where(text);
            break;
        case 1:
            if (auto p = selection::parse_board_pattern(text); p.ok()) match(p.value());
            break;
        case 2:
            if (auto m = selection::parse_material(text); m.ok()) match(m.value());
            break;
        default:
            (void)floe::formats::parse_select_position(text);
    }
    return 0;
}
