// libFuzzer target: position strings. The first byte chooses the game (a chess FEN of Ice Age,
// Ice Age vchess, Standard or Crazyhouse, or a Glacial Shift position string) and --strict; the
// rest is the string, as `floe moves`, `floe perft` and `floe diagram --fen` read it. Besides
// the sanitizers it checks that diagnostics lie in the string, that a position read comes with
// no error, that the string written for it reads back to the same string, that the diagnostics
// print, and that every legal move's SAN reads back to that move and the FEN after it reads
// (chess), or that every legal ply is named and plays with its mates (Glacial Shift).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "formats/diagnostic_print.hpp"
#include "fuzz_support.hpp"
#include "notation/fen.hpp"
#include "notation/glacial_position.hpp"
#include "notation/san.hpp"
#include "rules/chess/move_reader.hpp"

namespace {

using floe::fuzz::check;
namespace chess   = floe::rules::chess;
namespace glacial = floe::rules::glacial;

void check_diagnostics(const std::vector<floe::rules::Diagnostic>& diagnostics,
                       std::string_view text, bool position) {
    std::string printed;
    for (const auto& d : diagnostics) {
        check(d.span.begin <= d.span.end && d.span.end <= text.size(),
              "positions: a diagnostic's span lies in the string");
        check(!position || d.severity != floe::rules::Severity::Error,
              "positions: a position read has no error");
        floe::formats::print_fen_diagnostic(printed, "--fen", text, d, nullptr);
    }
}

void check_chess(const chess::Variant& variant, std::string_view text, bool strict) {
    const floe::formats::FenResult r = floe::formats::parse_fen(variant, text, strict);
    check_diagnostics(r.diagnostics, text, r.position.has_value());
    if (!r.position) return;
    const std::string fen = floe::formats::make_fen(*r.position);
    const auto back       = floe::formats::parse_fen(variant, fen, true);
    check(back.position.has_value() && back.diagnostics.empty(),
          "positions: the FEN written reads back without a diagnostic");
    check(floe::formats::make_fen(*back.position) == fen,
          "positions: the FEN written reads back to itself");
    chess::MoveList legal;
    r.position->legal_moves(legal);
    for (std::size_t i = 0; i < legal.size(); ++i) {
        const std::string san       = floe::formats::make_san(*r.position, legal[i]);
        const chess::Resolution res = chess::resolve_move(*r.position, chess::decode_move(san));
        check(res.status == chess::ResolveStatus::Ok && res.move == legal[i],
              "positions: every legal move's SAN reads back to the move");
        chess::Position after = *r.position;
        after.play(legal[i]);
        const std::string after_fen = floe::formats::make_fen(after);
        const auto again            = floe::formats::parse_fen(variant, after_fen, false);
        check(again.position.has_value(), "positions: the FEN after a legal move reads back");
    }
}

void check_glacial(std::string_view text) {
    const floe::formats::GlacialPositionResult r = floe::formats::parse_glacial_position(text);
    check_diagnostics(r.diagnostics, text, r.position.has_value());
    if (!r.position) return;
    const std::string written = floe::formats::make_glacial_position(*r.position);
    const auto back           = floe::formats::parse_glacial_position(written);
    check(back.position.has_value() && back.diagnostics.empty(),
          "positions: the position string written reads back without a diagnostic");
    check(floe::formats::make_glacial_position(*back.position) == written,
          "positions: the position string written reads back to itself");
    glacial::History history;
    history.push(r.position->board_hash());
    glacial::MoveList legal;
    r.position->legal_moves(legal, history);
    for (std::size_t i = 0; i < legal.size(); ++i) {
        check(!floe::formats::make_glacial_move(*r.position, legal[i]).empty(),
              "positions: every legal ply has a name");
        glacial::Position after = *r.position;
        after.play(legal[i]);
        glacial::History after_history = history;
        after_history.push(after.board_hash());
        after.resolve_mates(after_history);
        check(floe::formats::parse_glacial_position(floe::formats::make_glacial_position(after))
                  .position.has_value(),
              "positions: the position string after a legal ply and its mates reads back");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const floe::fuzz::Choice choice = floe::fuzz::choose(data[0]);
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    if (choice.game == floe::fuzz::Game::GlacialShift)
        check_glacial(text);
    else
        check_chess(
            *(choice.options.variant ? choice.options.variant->chess : &chess::ice_age_variant()),
            text, choice.options.strict);
    return 0;
}
