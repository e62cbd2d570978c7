#include "play/replay_game.hpp"

#include <algorithm>

#include "notation/san.hpp"
#include "parser/tags.hpp"
#include "rules/variants.hpp"

namespace floe::formats {

namespace {

namespace chess   = rules::chess;
namespace glacial = rules::glacial;

// Moves a diagnostic about a tag value's text (offsets into the value) into the game's text.
rules::Diagnostic into_tag(rules::Diagnostic d, const parser::Tag& tag) {
    const std::uint32_t base = tag.value_span.begin;
    const std::uint32_t end  = tag.value_span.end;
    // Escapes make value offsets differ from text offsets; clamp so the span stays in the tag.
    d.span.begin = std::min(base + d.span.begin, end);
    d.span.end   = std::min(base + d.span.end, end);
    if (d.span.end <= d.span.begin) d.span.end = std::min(d.span.begin + 1, tag.span.end);
    d.message = "FEN tag: " + d.message;
    return d;
}

// The board, pockets and side to move of a FEN: what "the same position" compares here (the
// counters, castling rights and en-passant square of a hand-made FEN tag are often off).
std::string_view board_and_side(std::string_view fen) {
    const std::size_t board_end = fen.find(' ');
    return fen.substr(0, board_end == std::string_view::npos ? fen.size() : board_end + 2);
}

// Follows a main line, looking for the plies after which it stands at a FEN's board and side.
template <class G>
struct FindPosition : rules::IgnoreGame<G> {
    FindPosition(const rules::GameRecord&, const GameSetup&, std::string_view want,
                 std::uint32_t& found)
        : want_(want), found_(found) {}
    void move(const chess::Position&, const chess::Move&, const chess::Position& after,
              const chess::IceAgeEvent&) {
        if (depth_ > 0) return;
        ++ply_;
        if (board_and_side(make_fen(after)) == want_) found_ = ply_;
    }
    void variation_begin(const chess::Position&) { ++depth_; }
    void variation_end() { --depth_; }

private:
    std::string_view want_;
    std::uint32_t& found_;
    std::uint32_t ply_ = 0;
    int depth_         = 0;
};

// The hint for a FEN tag that holds the game's final (or a later) position while the moves
// start from the variant's start (issue 12): asked only when the main line failed on its first
// move, so it costs nothing otherwise. It holds when the record's moves, replayed from the
// variant's start, get past their first move and reach the FEN tag's board and side to move
// after some ply. Returns "" otherwise.
std::string fen_tag_hint(const rules::GameRecord& record, const GameOptions& options,
                         const chess::Variant& variant, const chess::Position& fen_start) {
    const chess::Position start = chess::Position::start(variant);
    if (start == fen_start) return {};
    const std::string want = make_fen(fen_start);
    rules::DiagnosticLog scratch;
    std::vector<chess::Position> positions;
    parser::MovetextReader reader(record, scratch, options.parse);
    rules::DiagnosticLog quiet;  // the result's warnings were reported with the game
    const GameResult result = game_result(record, parser::setup_tags(record).result,
                                          &rules::variant_entry(variant), quiet);
    chess::Game model(detail::chess_options(result, options), positions);
    std::uint32_t found = 0;
    FindPosition<chess::Game> visitor(record, {}, board_and_side(want), found);
    const rules::Replayed<chess::Game> r =
        rules::replay(model, reader, model.start(start), visitor, scratch,
                      rules::ThreadScratch::current().get<rules::ReplayScratch<chess::Game>>());
    if (r.plies == 0 || found == 0) return {};
    const bool last = found == r.plies && !r.main_line_failed;
    return "these moves are legal from the standard start position, and played from there "
           "they reach the FEN tag's position after ply " +
           std::to_string(found) +
           (last ? " (their end): the FEN tag seems to hold the game's final position, not "
                   "its start"
                 : ": the FEN tag seems to hold a later position, not the game's start");
}

}  // namespace

namespace detail {

std::string san_name(const chess::Position& p, const chess::Move& m) { return make_san(p, m); }
std::string event_name(const chess::IceAgeEvent& e) { return make_ice_age_event(e); }

chess::Game::Options chess_options(const GameResult& result, const GameOptions& options) {
    chess::Game::Options o;
    o.allow_null_moves = options.allow_null_moves;
    o.name_move        = san_name;
    o.name_event       = event_name;
    o.termination      = result.checked;
    o.termination_span = result.span;
    o.result_tag       = result.compared_tag;
    return o;
}

glacial::Game::Options glacial_options(const GameResult& result) {
    glacial::Game::Options o;
    o.name_move        = make_glacial_move;
    o.termination      = result.checked;
    o.termination_span = result.span;
    o.result_tag       = result.compared_tag;
    return o;
}

void finish(const rules::GameRecord& record, const GameOptions& options, ReplayedGame& game) {
    std::vector<rules::Diagnostic>& list = game.log.list();
    std::stable_sort(list.begin(), list.end(),
                     [](const auto& a, const auto& b) { return a.span.begin < b.span.begin; });
    std::visit(
        overloaded{[](const std::monostate&) {},
                   [&](const ChessPlay& play) {
                       // A FEN tag and a main line that fails on its first move: maybe the tag
                       // holds the end.
                       for (rules::Diagnostic& d : list) {
                           if (d.position < 0) continue;
                           d.fen = make_fen(play.positions[static_cast<std::size_t>(d.position)]);
                           if (play.result.main_line_failed && play.result.plies == 0 &&
                               d.ply == 1 && d.severity == rules::Severity::Error &&
                               (d.code == rules::DiagCode::IllegalMove ||
                                d.code == rules::DiagCode::AmbiguousMove))
                               if (std::string hint = fen_tag_hint(
                                       record, options, play.start.variant(), play.start);
                                   !hint.empty())
                                   d.notes.push_back(std::move(hint));
                       }
                   },
                   [&](const GlacialPlay& play) {
                       for (rules::Diagnostic& d : list)
                           if (d.position >= 0)
                               d.fen = make_glacial_position(
                                   play.positions[static_cast<std::size_t>(d.position)]);
                   }},
        game.play);
    if (options.strict) game.log.make_strict();
}

}  // namespace detail

int ReplayedGame::errors() const {
    return static_cast<int>(
               std::count_if(log.list().begin(), log.list().end(),
                             [](const auto& d) { return d.severity == rules::Severity::Error; })) +
           log.dropped_errors();
}

int ReplayedGame::warnings() const {
    return static_cast<int>(log.list().size()) + log.dropped_errors() + log.dropped_warnings() -
           errors();
}

std::uint32_t ReplayedGame::plies() const {
    return std::visit(overloaded{[](const std::monostate&) -> std::uint32_t { return 0; },
                                 []<class G>(const Play<G>& p) { return p.result.plies; }},
                      play);
}

bool ReplayedGame::main_line_failed() const {
    return std::visit(
        overloaded{[](const std::monostate&) { return false; },
                   []<class G>(const Play<G>& p) { return p.result.main_line_failed; }},
        play);
}

namespace {

// The reading of a game without a Variant tag, read without --variant (docs/rules/notation.md
// §2.7): its plies', else the input's first decided game's (options.undecided), else Ice Age.
VariantReading untagged_reading(const rules::GameRecord& record, const SetupTags& tags,
                                const GameOptions& options, parser::MovetextReader* reader) {
    rules::DiagnosticLog quiet;  // a reader of its own reports its tag section: not kept
    std::optional<parser::MovetextReader> own;
    if (!reader) reader = &own.emplace(record, quiet, options.parse);
    if (const rules::VariantEntry* decided = untagged_variant(record, tags, *reader))
        return {VariantSource::Plies, decided};
    if (options.undecided) return {VariantSource::Neighbours, options.undecided};
    return {VariantSource::Default, &rules::default_variant()};
}

}  // namespace

VariantReading read_variant(const rules::GameRecord& record, const GameOptions& options) {
    if (record.too_large) return {};
    rules::DiagnosticLog quiet;
    parser::MovetextReader reader(record, quiet, options.parse);
    const SetupTags& tags = reader.setup_tags();
    if (tags.variant)
        return {VariantSource::Tag, rules::find_variant(parser::tag_value(record, *tags.variant))};
    if (options.variant) return {VariantSource::Option, options.variant};
    return untagged_reading(record, tags, options, &reader);
}

const rules::VariantEntry* deciding_variant(const rules::GameRecord& record,
                                            const GameOptions& options) {
    GameOptions plain            = options;
    plain.variant                = nullptr;
    plain.undecided              = nullptr;
    const VariantReading reading = read_variant(record, plain);
    return reading.source == VariantSource::Tag || reading.source == VariantSource::Plies
               ? reading.entry
               : nullptr;
}

namespace {

// The FEN tag's problems, as setup_game reports them: a FEN tag without [SetUp "1"], and the
// diagnostics of its value moved into the game's text.
struct FenTag {
    const rules::GameRecord& record;
    const SetupTags& tags;
    rules::DiagnosticLog& log;

    std::string value() const {
        if (!tags.setup)
            log.add(rules::make_warning(rules::DiagCode::FenWithoutSetUp, tags.fen->span,
                                        "FEN tag without [SetUp \"1\"]"));
        return parser::tag_value(record, *tags.fen);
    }
    void report(std::vector<rules::Diagnostic> diagnostics) const {
        for (rules::Diagnostic& d : diagnostics) log.add(into_tag(std::move(d), *tags.fen));
    }
};

// A Glacial Shift game's start: its FEN tag's position string (§2.10).
Start glacial_start(const FenTag& fen) {
    GlacialPositionResult parsed = parse_glacial_position(fen.value());
    fen.report(std::move(parsed.diagnostics));
    if (!parsed.position) return Unplayable{};
    return GlacialStart{*parsed.position};
}

// A chess game's start: its FEN tag (§2.10).
Start chess_start(const chess::Variant& variant, const FenTag& fen, bool strict) {
    FenResult parsed = parse_fen(variant, fen.value(), strict);
    fen.report(std::move(parsed.diagnostics));
    if (!parsed.position) return Unplayable{};
    return ChessStart{&variant, *parsed.position};
}

// A Variant tag that floe does not know: an error, or a warning when the game is passed through
// as written (docs/rules/notation.md §2.9).
void unsupported(const parser::Tag& tag, const std::string& value, const GameOptions& options,
                 rules::DiagnosticLog& log) {
    std::string message =
        "unsupported variant \"" + value + "\" (floe replays " + rules::variant_names() + ")";
    if (options.pass_through) {
        message += "; passed through as written";
        log.add(
            rules::make_warning(rules::DiagCode::UnsupportedVariant, tag.span, std::move(message)));
    } else {
        log.add(
            rules::make_error(rules::DiagCode::UnsupportedVariant, tag.span, std::move(message)));
    }
}

}  // namespace

Start usual_start(const rules::VariantEntry& variant) {
    switch (variant.engine) {
        case rules::Engine::Chess:
            return ChessStart{variant.chess, chess::Position::start(*variant.chess)};
        case rules::Engine::GlacialShift:
            return GlacialStart{glacial::Position::start()};
    }
    return Unplayable{};
}

GameSetup setup_game(const rules::GameRecord& record, const SetupTags& tags,
                     const GameOptions& options, rules::DiagnosticLog& log,
                     parser::MovetextReader* reader) {
    GameSetup setup;
    // The variant: the tag wins over --variant, with a warning when they disagree
    // (docs/rules/notation.md §2.8); without either, the plies decide (§2.7).
    const auto& variant_tag          = tags.variant;
    const std::string variant_value  = variant_tag ? parser::tag_value(record, *variant_tag) : "";
    const rules::VariantEntry* named = variant_tag ? rules::find_variant(variant_value) : nullptr;
    if (variant_tag)
        setup.reading = {VariantSource::Tag, named};
    else if (options.variant)
        setup.reading = {VariantSource::Option, options.variant};
    else
        setup.reading = untagged_reading(record, tags, options, reader);
    // The Variant tag overrides the variant the caller chose: the user interface names it. A
    // tag floe does not know overrides only a --variant of the other engine (as it always has).
    const rules::VariantEntry* chosen = options.variant;
    if (variant_tag && chosen && chosen != named &&
        (named || chosen->engine == rules::Engine::GlacialShift)) {
        rules::Diagnostic d =
            rules::make_warning(rules::DiagCode::VariantConflict, variant_tag->span,
                                "the Variant tag \"" + variant_value + "\" overrides");
        d.hint         = rules::Hint::OverriddenVariant;
        d.hint_variant = chosen;
        log.add(std::move(d));
    }
    if (variant_tag && !named) {
        unsupported(*variant_tag, variant_value, options, log);
        return setup;  // Unplayable
    }
    const rules::VariantEntry& variant = *setup.reading.entry;
    if (!tags.fen) {
        setup.start = usual_start(variant);
        return setup;
    }
    const FenTag fen{record, tags, log};
    switch (variant.engine) {
        case rules::Engine::Chess:
            setup.start = chess_start(*variant.chess, fen, options.strict);
            break;
        case rules::Engine::GlacialShift:
            setup.start = glacial_start(fen);
            break;
    }
    return setup;
}

std::string termination_marker(const rules::GameRecord&, const ReplayedGame& game,
                               bool fix_result) {
    if (fix_result && !game.main_line_failed()) {
        const std::string forced = std::visit(
            overloaded{[](const std::monostate&) { return std::string(); },
                       [](const ChessPlay& p) {
                           return std::string(chess::forced_result(p.result.last.outcome()));
                       },
                       [](const GlacialPlay& p) { return glacial::forced_result(p.result.last); }},
            game.play);
        if (!forced.empty() && forced != "*") return forced;
    }
    return game.setup.result.json;
}

}  // namespace floe::formats
