#include "formats/replay_game.hpp"

#include <algorithm>

#include "formats/fen.hpp"
#include "formats/san.hpp"
#include "rules/variants.hpp"

namespace floe::formats {

namespace {

namespace chess = rules::chess;

std::string san_name(const chess::Position& p, const chess::Move& m) { return make_san(p, m); }
std::string event_name(const chess::IceAgeEvent& e) { return make_ice_age_event(e); }

// Moves a diagnostic about a tag value's text (offsets into the value) into the game's text.
rules::Diagnostic into_tag(rules::Diagnostic d, const rules::TagPair& tag) {
    const std::uint32_t base = tag.value_span.begin;
    const std::uint32_t end  = tag.value_span.end;
    // Escapes make value offsets differ from text offsets; clamp so the span stays in the tag.
    d.span.begin = std::min(base + d.span.begin, end);
    d.span.end   = std::min(base + d.span.end, end);
    if (d.span.end <= d.span.begin) d.span.end = std::min(d.span.begin + 1, tag.span.end);
    d.message = "FEN tag: " + d.message;
    return d;
}

const rules::TagPair* find_tag(const rules::GameRecord& record, std::string_view name) {
    for (const auto& t : record.tags)
        if (t.name == name) return &t;
    return nullptr;
}

// The board, pockets and side to move of a FEN: what "the same position" compares here (the
// counters, castling rights and en-passant square of a hand-made FEN tag are often off).
std::string_view board_and_side(std::string_view fen) {
    const std::size_t board_end = fen.find(' ');
    return fen.substr(0, board_end == std::string_view::npos ? fen.size() : board_end + 2);
}

// The hint for a FEN tag that holds the game's final (or a later) position while the moves start
// from the variant's start (issue 12): asked only when the main line failed on its first move,
// so it costs nothing otherwise. It holds when the record's moves, replayed from the variant's
// start, get past their first move and reach the FEN tag's board and side to move after some
// ply. Returns "" otherwise.
std::string fen_tag_hint(const rules::GameRecord& record, const chess::Variant& variant,
                         const chess::Position& fen_start, const chess::ReplayOptions& options) {
    const chess::Position start = chess::Position::start(variant);
    if (start == fen_start) return {};
    chess::ReplayOptions from_start = options;
    from_start.keep_positions       = true;
    from_start.keep_moves           = false;
    const chess::ReplayResult r     = chess::replay(record, start, from_start);
    if (r.plies.empty()) return {};
    const std::string want = make_fen(fen_start);
    for (std::size_t ply = r.plies.size(); ply >= 1; --ply) {
        if (board_and_side(make_fen(r.positions[ply])) != board_and_side(want)) continue;
        const bool last = ply == r.plies.size() && !r.main_line_failed;
        return "these moves are legal from the standard start position, and played from there "
               "they reach the FEN tag's position after ply " +
               std::to_string(ply) +
               (last ? " (their end): the FEN tag seems to hold the game's final position, not "
                       "its start"
                     : ": the FEN tag seems to hold a later position, not the game's start");
    }
    return {};
}

}  // namespace

int ReplayedGame::errors() const {
    return static_cast<int>(
        std::count_if(diagnostics.begin(), diagnostics.end(),
                      [](const auto& d) { return d.severity == rules::Severity::Error; }));
}

std::size_t ReplayedGame::plies() const {
    return glacial ? glacial->replay.plies.size() : replay.plies.size();
}

int ReplayedGame::warnings() const { return static_cast<int>(diagnostics.size()) - errors(); }

ReplayedGame replay_game(const rules::GameRecord& record, const GameOptions& options) {
    ReplayedGame game;
    game.diagnostics = record.diagnostics;
    auto finish      = [&] {
        std::stable_sort(game.diagnostics.begin(), game.diagnostics.end(),
                              [](const auto& a, const auto& b) { return a.span.begin < b.span.begin; });
        if (options.strict)
            for (auto& d : game.diagnostics) {
                d.strict   = d.severity == rules::Severity::Warning;
                d.severity = rules::Severity::Error;
            }
        return std::move(game);
    };

    // The variant: the tag wins over --variant, with a warning when they disagree (§2).
    game.variant = options.variant ? options.variant : rules::default_variant().chess;
    const rules::TagPair* variant_tag = find_tag(record, "Variant");
    const rules::VariantEntry* named =
        variant_tag ? rules::find_variant(variant_tag->value) : nullptr;
    // Glacial Shift has its own replayer (docs/decisions.md): by tag, or by --variant.
    const bool tag_glacial = named && named->engine == rules::Engine::GlacialShift;
    if (tag_glacial || (!variant_tag && options.glacial)) {
        if (tag_glacial && options.variant)
            game.diagnostics.push_back(rules::make_warning(
                rules::DiagCode::VariantConflict, variant_tag->span,
                "the Variant tag \"" + variant_tag->value + "\" overrides --variant " +
                    std::string(options.variant->name)));
        game.variant = nullptr;
        game.glacial = replay_glacial_game(record, options.keep_positions, options.keep_moves,
                                           game.diagnostics);
        return finish();
    }
    if (variant_tag && options.glacial)
        game.diagnostics.push_back(rules::make_warning(
            rules::DiagCode::VariantConflict, variant_tag->span,
            "the Variant tag \"" + variant_tag->value + "\" overrides --variant \"" +
                std::string(rules::engine_variant(rules::Engine::GlacialShift).name) + "\""));
    if (const rules::TagPair* tag = variant_tag) {
        if (!named) {
            game.diagnostics.push_back(
                rules::make_error(rules::DiagCode::UnsupportedVariant, tag->span,
                                  "unsupported variant \"" + tag->value + "\" (floe replays " +
                                      rules::variant_names() + ")"));
            game.variant = nullptr;
            return finish();
        }
        if (options.variant && options.variant != named->chess)
            game.diagnostics.push_back(
                rules::make_warning(rules::DiagCode::VariantConflict, tag->span,
                                    "the Variant tag \"" + tag->value + "\" overrides --variant " +
                                        std::string(options.variant->name)));
        game.variant = named->chess;
    }

    // The start position: a FEN tag, else the variant's own start.
    if (const rules::TagPair* fen_tag = find_tag(record, "FEN")) {
        if (!record.tag("SetUp"))
            game.diagnostics.push_back(rules::make_warning(
                rules::DiagCode::FenWithoutSetUp, fen_tag->span, "FEN tag without [SetUp \"1\"]"));
        FenResult fen = parse_fen(*game.variant, fen_tag->value, options.strict);
        for (auto& d : fen.diagnostics)
            game.diagnostics.push_back(into_tag(std::move(d), *fen_tag));
        if (!fen.position) return finish();
        game.start = *fen.position;
    } else {
        game.start = chess::Position::start(*game.variant);
    }

    chess::ReplayOptions replay_options;
    replay_options.allow_null_moves = options.allow_null_moves;
    replay_options.keep_positions   = options.keep_positions;
    replay_options.keep_moves       = options.keep_moves;
    replay_options.name_move        = san_name;
    replay_options.name_event       = event_name;
    game.replay                     = chess::replay(record, *game.start, replay_options);
    // A FEN tag and a main line that fails on its first move: maybe the tag holds the end.
    const rules::TagPair* fen_tag = find_tag(record, "FEN");
    for (std::size_t i = 0; i < game.replay.diagnostics.size(); ++i) {
        rules::Diagnostic d = std::move(game.replay.diagnostics[i]);
        if (const auto& before = game.replay.positions_before[i]) d.fen = make_fen(*before);
        if (fen_tag && game.replay.main_line_failed && game.replay.plies.empty() && d.ply == 1 &&
            d.severity == rules::Severity::Error &&
            (d.code == rules::DiagCode::IllegalMove || d.code == rules::DiagCode::AmbiguousMove))
            if (std::string hint = fen_tag_hint(record, *game.variant, *game.start, replay_options);
                !hint.empty())
                d.notes.push_back(std::move(hint));
        game.diagnostics.push_back(std::move(d));
    }
    game.replay.diagnostics.clear();
    game.replay.positions_before.clear();
    return finish();
}

}  // namespace floe::formats
