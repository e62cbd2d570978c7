#include "play/untagged_variant.hpp"

#include <optional>
#include <string_view>

#include "notation/fen.hpp"
#include "parser/movetext_reader.hpp"
#include "rules/chess/move_reader.hpp"
#include "rules/chess/position.hpp"
#include "rules/chess/variant.hpp"

namespace floe::formats {

namespace {

namespace chess = rules::chess;
using rules::ElementKind;

// The next move of the main line, or "" at its end (a result, the game's end, a syntax stop).
// Quiet reads skip variations whole and report nothing.
std::string_view next_main_line_move(parser::MovetextReader& reader) {
    for (;;) {
        const rules::Element e = reader.read(rules::ReadMode::Quiet, 0);
        switch (e.kind) {
            case ElementKind::Move:
                return e.text;
            case ElementKind::Termination:
            case ElementKind::End:
            case ElementKind::Stop:
            case ElementKind::Close:
                return {};
            default:
                break;
        }
    }
}

// The start of the game in `variant` without a FEN tag: built once (from_setup costs as much as
// the peek's plies).
const chess::Position& variant_start(const chess::Variant& variant) {
    static const chess::Position ice_age  = chess::Position::start(*rules::default_variant().chess);
    static const chess::Position orthodox = chess::Position::start(chess::standard_variant());
    return &variant == &chess::standard_variant() ? orthodox : ice_age;
}

// The start of the game in `variant`: the FEN tag read in it, else the variant's own start.
std::optional<chess::Position> start_in(const chess::Variant& variant,
                                        const rules::GameRecord& record,
                                        const parser::SetupTags& tags) {
    if (!tags.fen) return variant_start(variant);
    return parse_fen(variant, parser::tag_value(record, *tags.fen), false).position;
}

// resolve_move, but a token of one reading that names no candidate (a piece type to a square)
// is illegal at once: resolve_move would then generate every legal move to tell an illegal move
// from the game's end, and most games' deciding ply is illegal in Ice Age.
chess::Resolution resolve(const chess::Position& position, const chess::MoveToken& token) {
    const chess::MoveReading& r = token.readings[0];
    // (A from-square form may name castling as the king taking its rook: left to resolve_move.)
    if (token.count == 1 && !r.null_move && r.castle == chess::MoveKind::Normal &&
        r.piece != chess::PieceType::None && r.to != chess::NoSquare &&
        (r.from_file < 0 || r.from_rank < 0)) {
        chess::MoveList candidates;
        position.legal_moves(candidates, chess::piece_set(r.piece), chess::bit(r.to));
        if (candidates.empty()) return {};  // Illegal
    }
    return chess::resolve_move(position, token);
}

// Plays `token` on `position` when it is legal there; false otherwise.
bool advance(chess::Position& position, const chess::MoveToken& token) {
    const chess::Resolution r = resolve(position, token);
    if (r.status != chess::ResolveStatus::Ok) return false;
    position.play(r.move);
    return true;
}

// The plies compared: enough for the openings that both readings allow (knight moves, which
// capture ice in Ice Age), few enough to stay a peek; below move 20, so no Ice Age happens.
constexpr int FirstPlies = 16;

}  // namespace

namespace {

const rules::VariantEntry& crazyhouse() {
    return rules::variant_entry(chess::crazyhouse_variant());
}

// A drop (`N@f3`, `@d4`): no reading but Crazyhouse has one.
bool is_drop(std::string_view move) { return move.find('@') != std::string_view::npos; }

// True when a main-line move from the reader's place on is a drop. Most games hold no `@` at
// all and are not read further.
bool drop_follows(const rules::GameRecord& record, parser::MovetextReader& reader) {
    if (record.text.find('@') == std::string_view::npos) return false;
    for (std::string_view move = next_main_line_move(reader); !move.empty();
         move                  = next_main_line_move(reader))
        if (is_drop(move)) return true;
    return false;
}

const rules::VariantEntry* decide(const rules::GameRecord& record, const parser::SetupTags& tags,
                                  parser::MovetextReader& reader) {
    const rules::VariantEntry& ice_age      = rules::default_variant();
    std::optional<chess::Position> ice      = start_in(*ice_age.chess, record, tags);
    std::optional<chess::Position> orthodox = start_in(chess::standard_variant(), record, tags);
    // A FEN tag with ice is Ice Age's; one that neither reading (or only orthodox chess) reads
    // decides nothing.
    if (!orthodox) return ice ? &ice_age : nullptr;
    if (!ice) return nullptr;
    // The main line's first plies in both readings, until one of them fails.
    for (int ply = 0;; ++ply) {
        // Legal in both so far: several readings, unless a drop follows.
        if (ply == FirstPlies) return drop_follows(record, reader) ? &crazyhouse() : nullptr;
        const std::string_view move = next_main_line_move(reader);
        if (move.empty()) return nullptr;  // no move, or every move legal in both
        // A drop means Crazyhouse whichever reading fails first: neither allows one.
        if (is_drop(move)) return &crazyhouse();
        const chess::MoveToken token = chess::decode_move(move);
        const bool in_orthodox       = advance(*orthodox, token);
        const bool in_ice            = advance(*ice, token);
        if (!in_orthodox) return in_ice ? &ice_age : nullptr;  // illegal in both: undecided
        if (!in_ice) break;
    }
    return drop_follows(record, reader) ? &crazyhouse()
                                        : &rules::variant_entry(chess::standard_variant());
}

}  // namespace

const rules::VariantEntry* untagged_variant(const rules::GameRecord& record,
                                            const parser::SetupTags& tags,
                                            parser::MovetextReader& reader) {
    if (rules::played_by(record.token_variant, rules::Engine::GlacialShift))
        return record.token_variant;
    // One reader for the peek and the replay: building a second one would read the tag
    // section again, which cost more than the peek (the book's games have eight tags).
    const std::uint32_t start          = reader.position();
    const rules::VariantEntry* decided = decide(record, tags, reader);
    reader.seek(start);
    return decided;
}

}  // namespace floe::formats
