// libFuzzer target: read and replay every game of a record, in every variant. The first byte
// chooses the variant (Ice Age, Ice Age vchess, Standard, Crazyhouse, Glacial Shift) and the
// options (fuzz_support.hpp); the rest is the file. Besides the sanitizers it checks that the
// diagnostics lie in their game in text order, that a failed main line has an error, and that
// every position reached writes a FEN (or a Glacial Shift position string) that reads back to
// itself.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "notation/fen.hpp"
#include "notation/glacial_position.hpp"

namespace {

using floe::fuzz::check;

void check_game(const floe::fuzz::ReadGame& g) {
    const auto& game       = g.game;
    std::uint32_t previous = 0;
    for (const auto& d : game.diagnostics()) {
        check(d.span.begin <= d.span.end && d.span.end <= g.record.text.size(),
              "replay: a diagnostic's span lies in its game");
        check(d.span.begin >= previous, "replay: diagnostics are in text order");
        previous = d.span.begin;
    }
    if (!game.setup.playable()) {
        check(g.positions.empty(), "replay: a game not replayed has no positions");
        return;
    }
    check(!game.main_line_failed() || game.errors() > 0, "replay: a failed main line has an error");
    check(g.positions.size() == game.plies() + 1, "replay: one position per ply, and the start");
    const auto* chess = std::get_if<floe::formats::ChessStart>(&game.setup.start);
    for (const std::string& text : g.positions) {
        if (!chess) {  // Glacial Shift
            const auto back = floe::formats::parse_glacial_position(text);
            check(back.position.has_value(), "replay: a position string reached reads back");
            check(floe::formats::make_glacial_position(*back.position) == text,
                  "replay: a position string reads back to itself");
            continue;
        }
        check(chess->variant != nullptr, "replay: a replayed chess game has its variant");
        const auto back = floe::formats::parse_fen(*chess->variant, text);
        check(back.position.has_value(), "replay: the FEN of a position reached reads back");
        check(floe::formats::make_fen(*back.position) == text,
              "replay: the FEN of a position reached reads back to itself");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const floe::fuzz::Choice choice = floe::fuzz::choose(data[0]);
    const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
    floe::fuzz::for_each_game(input, choice, [&](const floe::fuzz::ReadGame& g) { check_game(g); });
    return 0;
}
