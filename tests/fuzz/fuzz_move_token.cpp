// libFuzzer target: one move token, decoded without a position (rules::chess::decode_move,
// rules::glacial::decode_ply) and resolved against a few positions of each chess variant. The
// first byte picks the position; the rest is the token. Besides the sanitizers it checks the
// decoded readings' ranges, and that a token that resolves to a legal move names a move whose
// SAN resolves to the same move again.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "notation/fen.hpp"
#include "notation/san.hpp"
#include "rules/chess/move_reader.hpp"
#include "rules/glacial/move_reader.hpp"

namespace {

using floe::fuzz::check;
namespace chess = floe::rules::chess;

// Positions that let a token be many things: start positions, castling both ways, en passant,
// promotions with and without capture, ice, pockets for drops, and two pieces that may both
// reach a square.
std::vector<chess::Position> positions() {
    struct Fen {
        const chess::Variant& variant;
        const char* fen;
    };
    const Fen fens[] = {
        {chess::ice_age_variant(),
         "rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {chess::standard_variant(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {chess::standard_variant(), "r3k2r/1P4P1/8/3pP3/8/2N3N1/6p1/R3K2R w KQkq d6 0 30"},
        {chess::standard_variant(), "r3k2r/8/8/8/1pP5/8/1p4P1/R3K2R b KQkq c3 0 30"},
        {chess::ice_age_variant(), "r3k2r/1P4P1/**p*****/3pP3/**N*N***/8/6p1/R3K2R w KQkq d6 0 19"},
        {chess::ice_age_vchess_variant(),
         "rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {chess::crazyhouse_variant(),
         "r3k2r/1P4P1/8/3pP3/8/2N5/6p1/R3K2R[QRBNPqrbnp] w KQkq d6 0 30"},
        {chess::crazyhouse_variant(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
    };
    std::vector<chess::Position> out;
    for (const Fen& f : fens) {
        auto r = floe::formats::parse_fen(f.variant, f.fen);
        check(r.position.has_value(), "move token: the harness's own FENs read");
        out.push_back(*r.position);
    }
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    static const std::vector<chess::Position> Positions = positions();
    const chess::Position& position                     = Positions[data[0] % Positions.size()];
    const std::string_view token(reinterpret_cast<const char*>(data) + 1, size - 1);

    const chess::MoveToken decoded = chess::decode_move(token);
    check(decoded.count <= 2, "move token: at most two readings");
    for (std::uint8_t i = 0; i < decoded.count; ++i) {
        const chess::MoveReading& r = decoded.readings[i];
        check(r.to >= chess::NoSquare && r.to < 64, "move token: a target square or none");
        check(r.from_file >= -1 && r.from_file < 8 && r.from_rank >= -1 && r.from_rank < 8,
              "move token: a file and rank or none");
        check(r.null_move || r.castle != chess::MoveKind::Normal || r.to != chess::NoSquare,
              "move token: a move has a target square");
    }
    const chess::Resolution res = chess::resolve_move(position, decoded);
    if (res.status == chess::ResolveStatus::Ok) {
        check(res.move.kind == chess::MoveKind::Null || position.is_legal(res.move),
              "move token: a resolved move is legal");
        if (res.move.kind != chess::MoveKind::Null) {
            const std::string san         = floe::formats::make_san(position, res.move);
            const chess::Resolution again = chess::resolve_move(position, chess::decode_move(san));
            check(again.status == chess::ResolveStatus::Ok && again.move == res.move,
                  "move token: the SAN of a resolved move resolves to it");
        }
    } else if (res.status == chess::ResolveStatus::Illegal && decoded.count > 0) {
        (void)chess::describe_unmatched(position, decoded.readings[0]);
    }

    const floe::rules::glacial::PlyToken ply = floe::rules::glacial::decode_ply(token);
    if (ply.ok) {
        check(ply.seat >= floe::rules::glacial::NoSeat && ply.seat < 4, "move token: a seat");
        check(ply.to != floe::rules::glacial::NoSquare, "move token: a ply has a target square");
        check(ply.drop || ply.from != floe::rules::glacial::NoSquare,
              "move token: a ply moves from a square or drops");
    }
    return 0;
}
