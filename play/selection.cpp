#include "play/selection.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <unordered_map>

#include "notation/fen.hpp"
#include "notation/glacial_position.hpp"
#include "parser/parse_record.hpp"
#include "parser/tags.hpp"
#include "play/overloaded.hpp"
#include "play/walk_tape.hpp"
#include "rules/common/thread_scratch.hpp"
#include "rules/encoding.hpp"
#include "rules/selection/same_position.hpp"
#include "rules/variants.hpp"

namespace floe::formats {

namespace {

using rules::chess::PieceType;

constexpr std::array<std::pair<std::string_view, std::uint8_t>, 7> EventNames = {{
    {"ice-age", IceAge},
    {"frozen-piece", FrozenPiece},
    {"frozen-king", FrozenKing},
    {"glacial-mate", GlacialMate},
    {"bare-mate", BareMate},
    {"checkmate", Checkmate},
    {"stalemate", Stalemate},
}};

// One step of a 64-bit fingerprint: splitmix64's finaliser over the state and the next word.
std::uint64_t mix(std::uint64_t h, std::uint64_t word) {
    std::uint64_t z = h ^ (word + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2));
    z               = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z               = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Two lanes with different seeds: 128 bits, so that two distinct lines of a database of
// millions collide with a chance below 2^-80.
struct Fingerprint {
    LineKey key{0x243F6A8885A308D3ull, 0x13198A2E03707344ull};
    void add(std::uint64_t word) {
        key[0] = mix(key[0], word);
        key[1] = mix(key[1], word ^ 0xA4093822299F31D0ull);
    }
    void add(std::string_view bytes) {
        add(bytes.size());
        for (std::size_t i = 0; i < bytes.size(); i += 8) {
            std::uint64_t w = 0;
            std::memcpy(&w, bytes.data() + i, std::min<std::size_t>(8, bytes.size() - i));
            add(w);
        }
    }
};

// A move's bytes: both engines' moves are a few bytes with no padding, so equal moves have
// equal bytes.
template <class Move>
std::string_view move_bytes(const Move& m) {
    static_assert(std::has_unique_object_representations_v<Move>);
    return {reinterpret_cast<const char*>(&m), sizeof m};
}

// The variant's name and the start position as text: what a line key and the opening cache
// start from.
std::string start_text(const Unplayable&) { return {}; }  // never asked: nothing is replayed
std::string start_text(const ChessStart& start) {
    return std::string(rules::variant_entry(*start.variant).name) + '\n' + make_fen(start.position);
}
std::string start_text(const GlacialStart& start) {
    return std::string(rules::engine_variant(rules::Engine::GlacialShift).name) + '\n' +
           make_glacial_position(start.position);
}
std::string start_text(const GameSetup& setup) {
    return std::visit([](const auto& start) { return start_text(start); }, setup.start);
}

// --position read in the variant of a game that its engine replays, when it is a position there
// (else `target` stays nullptr).
void find_position(const SelectPosition& position, const GameSetup& setup,
                   const rules::chess::Position*& target) {
    const ChessStart& start = std::get<ChessStart>(setup.start);  // a chess game
    for (const auto& entry : position.chess)
        if (entry.first == start.variant) target = &entry.second;
}
void find_position(const SelectPosition& position, const GameSetup&,
                   const rules::glacial::Position*& target) {
    if (position.glacial) target = &*position.glacial;
}

// Collects the main-line moves of a replay, as bytes.
template <class G>
struct MainLineMoves : rules::IgnoreGame<G> {
    MainLineMoves(const rules::GameRecord&, const GameSetup&, std::string& out) : out_(out) {}
    void move(const typename G::Position&, const typename G::Move& m, const typename G::Position&,
              const typename G::Events&) {
        if (depth_ == 0) out_ += move_bytes(m);
    }
    void variation_begin(const typename G::Position&) { ++depth_; }
    void variation_end() { --depth_; }

private:
    std::string& out_;
    int depth_ = 0;
};

// The opening record of `opening` from `setup`'s start: its main-line moves as bytes, or nullopt
// with the reason in `why` (when given) when they cannot be played there, or when the text holds
// more than moves and move numbers (a result would end the record early).
std::optional<std::string> play_opening(const std::string& opening, const GameSetup& setup,
                                        std::string* why, std::uint32_t* where = nullptr) {
    const std::string key  = start_text(setup);
    const std::size_t cut  = key.find('\n');
    const std::string text = "[Variant \"" + key.substr(0, cut) + "\"]\n[SetUp \"1\"]\n[FEN \"" +
                             key.substr(cut + 1) + "\"]\n\n" + opening + " *\n";
    parser::RecordReader reader{std::string_view(text)};
    rules::GameRecord record, rest;
    rules::DiagnosticLog log, rest_log;
    if (!reader.next(record, log)) return std::nullopt;
    if (record.termination != "*" || reader.next(rest, rest_log)) {
        if (why) *why = "it holds a result or `*`";
        return std::nullopt;
    }
    std::string bytes;
    const ReplayedGame game = replay_game<MainLineMoves>(record, GameOptions{}, log, bytes);
    for (const rules::Diagnostic& d : game.diagnostics())
        if (d.severity == rules::Severity::Error) {
            if (why) *why = d.message;
            // Counted from the opening's start: the tags before it differ in length.
            const std::size_t head = text.size() - opening.size() - 3;
            if (where) *where = d.span.begin > head ? d.span.begin - head : 0;
            return std::nullopt;
        }
    return bytes;
}

// The moves of --opening played from `setup`'s start in its variant, as bytes; nullopt when
// they cannot be played there. Computed once per start position and thread (most games share
// the variant's start), through the record reader and the replay like any game.
const std::optional<std::string>& opening_moves(const std::string& opening,
                                                const GameSetup& setup) {
    struct Cache {
        std::unordered_map<std::string, std::optional<std::string>> map;
    };
    auto& cache = rules::ThreadScratch::current().get<Cache>().map;  // no thread_local destructor
    std::string key = start_text(setup);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    if (cache.size() >= 4096) cache.clear();  // bounded, whatever the input
    return cache.emplace(std::move(key), play_opening(opening, setup, nullptr)).first->second;
}

// What the main line showed, for the criteria.
struct Seen {
    std::uint8_t events = 0;
    bool opening        = true;  // the main line starts with --opening's moves
    bool position = false, pattern = false, material = false;  // a main-line position matched
    Fingerprint line;
};

template <class G>
class SelectVisitor : public rules::IgnoreGame<G> {
public:
    SelectVisitor(const rules::GameRecord&, const GameSetup& setup, const SelectCriteria& criteria,
                  Seen& seen)
        : criteria_(criteria), seen_(seen) {
        if (!criteria.opening.empty()) {
            opening_      = &opening_moves(criteria.opening, setup);
            seen_.opening = opening_->has_value();
        }
        if (criteria.line_key) seen_.line.add(start_text(setup));
        if (criteria.position) {
            find_position(*criteria.position, setup, target_);
            if (target_) target_key_ = rules::selection::zobrist(*target_);
        }
    }

    void start(const typename G::Position& position, const typename G::Events& events) {
        look(position);
        note(events);
    }
    void move(const typename G::Position&, const typename G::Move& m,
              const typename G::Position& after, const typename G::Events& events) {
        if (depth_ > 0) return;
        look(after);
        const std::string_view bytes = move_bytes(m);
        if (opening_ && seen_.opening && opened_ < (*opening_)->size()) {
            seen_.opening = (*opening_)->compare(opened_, bytes.size(), bytes) == 0;
            opened_ += bytes.size();
        }
        if (criteria_.line_key) seen_.line.add(bytes);
        note(events);
    }
    void variation_begin(const typename G::Position&) { ++depth_; }
    void variation_end() { --depth_; }
    // A main line that stopped at an error: its unplayed rest is part of what it is.
    void unplayed(std::string_view text, std::optional<rules::DiagCode>) {
        if (depth_ == 0 && criteria_.line_key) seen_.line.add(text);
    }
    void end() {
        if (opening_ && *opening_ && opened_ < (*opening_)->size()) seen_.opening = false;
    }

private:
    // A main-line position against --position (hash first, then the whole position), --pattern
    // and --material.
    void look(const typename G::Position& p) {
        if (target_ && !seen_.position && rules::selection::zobrist(p) == target_key_ &&
            rules::selection::same_position(p, *target_))
            seen_.position = true;
        if (criteria_.pattern && !seen_.pattern && criteria_.pattern->matches(p))
            seen_.pattern = true;
        if (criteria_.material && !seen_.material && criteria_.material->matches(p))
            seen_.material = true;
    }
    void note(const rules::chess::IceAgeEvent& e) {
        if (!e.happened) return;
        seen_.events |= IceAge;
        for (int i = 0; i < e.frozen_count; ++i) {
            seen_.events |= FrozenPiece;
            if (e.frozen_pieces[static_cast<std::size_t>(i)].second.type == PieceType::King)
                seen_.events |= FrozenKing;
        }
    }
    void note(const rules::glacial::MateEvents& e) {
        for (int i = 0; i < e.count; ++i) {
            seen_.events |= GlacialMate;
            if (e.events[static_cast<std::size_t>(i)].bare) seen_.events |= BareMate;
        }
    }

    const SelectCriteria& criteria_;
    Seen& seen_;
    const typename G::Position* target_        = nullptr;  // --position in this game's variant
    std::uint64_t target_key_                  = 0;
    const std::optional<std::string>* opening_ = nullptr;
    std::size_t opened_                        = 0;  // bytes of the opening matched so far
    int depth_                                 = 0;  // variation nesting: 0 on the main line
};

// SelectVisitor that also records the walk on the thread's tape (WalkTape), from which
// select writes a game that matched without replaying it again (selected_game_writer.hpp).
template <class G>
class RecordingSelectVisitor : public SelectVisitor<G> {
public:
    static constexpr bool annotations = WalkTape<G>::annotations;
    RecordingSelectVisitor(const rules::GameRecord& record, const GameSetup& setup,
                           const SelectCriteria& criteria, Seen& seen,
                           const rules::GameRecord& given)
        : SelectVisitor<G>(record, setup, criteria, seen), tape_(WalkTape<G>::of_thread()) {
        tape_.clear(record.text.size());
        if (&record != &given) tape_.keep_record(record);
    }
    using Select = SelectVisitor<G>;
    void start(const typename G::Position& position, const typename G::Events& events) {
        Select::start(position, events);
        tape_.start(position, events);
    }
    void move(const typename G::Position& before, const typename G::Move& m,
              const typename G::Position& after, const typename G::Events& events) {
        Select::move(before, m, after, events);
        tape_.move(before, m, after, events);
    }
    void nag(std::uint32_t value) { tape_.nag(value); }
    void events(const typename G::Events& events) { tape_.events(events); }
    void comment(std::string_view text, bool line_comment) { tape_.comment(text, line_comment); }
    void variation_begin(const typename G::Position& start) {
        Select::variation_begin(start);
        tape_.variation_begin(start);
    }
    void variation_end() {
        Select::variation_end();
        tape_.variation_end();
    }
    void unplayed(std::string_view text, std::optional<rules::DiagCode> code) {
        Select::unplayed(text, code);
        tape_.unplayed(text, code);
    }
    void end() {
        Select::end();
        tape_.end();
    }

private:
    WalkTape<G>& tape_;
};

// The events of the main line's end: checkmate and stalemate (chess).
std::uint8_t end_events(const ReplayedGame& game) {
    return std::visit(overloaded{[](const std::monostate&) -> std::uint8_t { return 0; },
                                 [](const ChessPlay& play) -> std::uint8_t {
                                     if (play.result.main_line_failed) return 0;
                                     switch (play.result.last.outcome().termination) {
                                         case rules::chess::Termination::Checkmate:
                                             return Checkmate;
                                         case rules::chess::Termination::Stalemate:
                                             return Stalemate;
                                         default:
                                             return 0;
                                     }
                                 },
                                 [](const GlacialPlay&) -> std::uint8_t { return 0; }},
                      game.play);
}

std::string first_error(const std::vector<rules::Diagnostic>& diagnostics) {
    for (const rules::Diagnostic& d : diagnostics)
        if (d.severity == rules::Severity::Error) return d.message;
    return "";
}

// The name of the variant `record` is read in (the `variant` field of --where): from the replay's
// setup when there was a replay, else found from the tags alone; a Variant tag floe does not
// know, as written.
std::string variant_of(const rules::GameRecord& record, const GameOptions& options,
                       const ReplayedGame* game) {
    const SetupTags tags = parser::setup_tags(record);
    rules::DiagnosticLog ignored;
    const GameSetup setup = game ? game->setup : setup_game(record, tags, options, ignored);
    if (const rules::VariantEntry* variant = setup.variant()) return std::string(variant->name);
    return tags.variant ? parser::tag_value(record, *tags.variant) : std::string();
}

// --where on one game: each field's value, read from the tags in one pass (the first tag of each
// name, its escapes read), then the derived fields; `game` when replayed.
bool where_matches(const rules::selection::Where& where, const rules::GameRecord& record,
                   const GameOptions& options, const ReplayedGame* game) {
    const std::vector<std::string>& fields = where.fields();
    struct Buffers {  // kept from game to game on the thread (rules/common/thread_scratch.hpp)
        std::vector<std::optional<std::string_view>> values;
        std::vector<std::string> decoded;
    };
    Buffers& buffers = rules::ThreadScratch::current().get<Buffers>();
    auto& values     = buffers.values;
    auto& decoded    = buffers.decoded;
    values.assign(fields.size(), std::nullopt);
    if (decoded.size() < fields.size()) decoded.resize(fields.size());
    std::size_t tags_wanted = 0;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const auto derived = rules::selection::derived_field(fields[i]);
        if (!derived) {
            ++tags_wanted;
            continue;
        }
        std::string& text = decoded[i];
        switch (*derived) {
            case rules::selection::DerivedField::Result:
                if (game) {
                    text = game->setup.result.json;
                } else {  // not replayed: the result is read from the record alone
                    rules::DiagnosticLog ignored;
                    const SetupTags tags = parser::setup_tags(record);
                    text = game_result(record, tags.result, record.token_variant, ignored).json;
                }
                break;
            case rules::selection::DerivedField::Variant:
                text = variant_of(record, options, game);
                break;
            case rules::selection::DerivedField::Plies:
                text = std::to_string(game ? game->plies() : 0);
                break;
            case rules::selection::DerivedField::Errors:
                text = std::to_string(game ? game->errors() : 0);
                break;
            case rules::selection::DerivedField::Warnings:
                text = std::to_string(game ? game->warnings() : 0);
                break;
        }
        values[i] = text;
    }
    if (tags_wanted > 0) {
        parser::TagReader tags(record);
        for (parser::Tag t; tags_wanted > 0 && tags.next(t);) {
            if (t.malformed) continue;
            for (std::size_t i = 0; i < fields.size(); ++i) {
                if (values[i] || fields[i] != t.name) continue;
                // The value as every writer shows it: escapes read, and bytes that are not
                // UTF-8 read in the record's encoding (--encoding).
                const std::string_view raw = parser::raw_tag_value(record, t);
                const bool plain           = raw.find('\\') == std::string_view::npos &&
                                   std::none_of(raw.begin(), raw.end(), [](char c) {
                                       return static_cast<unsigned char>(c) >= 0x80;
                                   });
                if (plain) {
                    values[i] = raw;
                } else {
                    decoded[i] = rules::to_utf8(parser::tag_value(record, t), record.encoding);
                    values[i]  = decoded[i];
                }
                --tags_wanted;
            }
        }
    }
    return where.matches(values);
}

}  // namespace

std::uint8_t select_event(std::string_view name) {
    for (const auto& [word, bit] : EventNames)
        if (word == name) return bit;
    return 0;
}

std::vector<std::string_view> select_event_names() {
    std::vector<std::string_view> names;
    for (const auto& entry : EventNames) names.push_back(entry.first);
    return names;
}

// False, with `why`, for a board where a side has no king that no game reaches: a king is
// missing only in an Ice Age variant's last position, where it froze and its square holds ice
// (docs/rules/ice-age-chess.md §4.6). Issue 25: a board without kings was accepted and matched
// nothing, silently.
static bool reachable_without_king(const rules::chess::Position& position, std::string& why) {
    for (const auto c : {rules::chess::Color::White, rules::chess::Color::Black}) {
        if (position.king_square(c) != rules::chess::NoSquare || position.ice() != 0) continue;
        why = fmt::format(
            "board: {} has no king, and no game reaches such a position (a king is missing only "
            "after it froze in an Ice Age, and its square then holds ice)",
            c == rules::chess::Color::White ? "White" : "Black");
        return false;
    }
    return true;
}

rules::selection::Parsed<SelectPosition> parse_select_position(std::string_view text) {
    SelectPosition out;
    std::string why;
    for (const rules::VariantEntry& entry : rules::variant_table()) {
        if (!entry.chess) continue;
        FenResult fen = parse_fen(*entry.chess, text);
        if (fen.position && !reachable_without_king(*fen.position, why))
            fen.position.reset();  // no game reaches it: a usage error, not an empty selection
        if (fen.position)
            out.chess.emplace_back(entry.chess, *fen.position);
        else if (entry.is_default && why.empty())
            why = first_error(fen.diagnostics);
    }
    GlacialPositionResult glacial = parse_glacial_position(text);
    if (glacial.position)
        out.glacial = *glacial.position;
    else if (std::count(text.begin(), text.end(), '/') >= 8)
        why = first_error(glacial.diagnostics);
    if (out.chess.empty() && !out.glacial)
        return rules::selection::ParseError{
            std::nullopt, fmt::format("'{}' is no FEN of a variant floe plays nor a Glacial Shift "
                                      "position string: {}",
                                      text, why)};
    return out;
}

// Why --opening cannot be played, or "" (parse_opening).
static std::string opening_problem(const std::string& opening) {
    if (opening.find_first_not_of(" \t\r\n") == std::string::npos) return "no moves";
    if (const std::size_t bad = opening.find_first_of("{}();$<>[]%"); bad != std::string::npos)
        return fmt::format("'{}' is no move: give moves and move numbers only", opening[bad]);
    // The reason given is that of the variant whose reading got furthest into the moves.
    std::string why, best_why;
    std::uint32_t where = 0, furthest = 0;
    for (const rules::VariantEntry& entry : rules::variant_table()) {
        GameSetup setup;
        setup.start = usual_start(entry);
        where       = 0;
        if (const auto moves = play_opening(opening, setup, &why, &where)) {
            if (moves->empty()) return "no moves";  // move numbers only: `1.`
            return "";
        }
        if (best_why.empty() || where > furthest) {
            best_why = why;
            furthest = where;
        }
    }
    return best_why.empty() ? "no moves" : best_why;
}

rules::selection::Parsed<std::string> parse_opening(const std::string& opening) {
    if (std::string why = opening_problem(opening); !why.empty())
        return rules::selection::ParseError{std::nullopt,
                                            fmt::format("'{}' cannot be played: {}", opening, why)};
    return opening;
}

bool SelectCriteria::needs_replay() const {
    return (where && where->needs_replay()) || position || pattern || material ||
           !opening.empty() || events != 0 || validity != Validity::Any || line_key;
}

GameSelection select_game(const rules::GameRecord& record, const GameOptions& options,
                          const SelectCriteria& criteria, rules::DiagnosticLog log,
                          bool record_walk) {
    GameSelection out;
    if (record.too_large) {
        out.game = replay_game<NoVisitor>(record, options, std::move(log));
        return out;
    }
    if (!criteria.needs_replay()) {  // tags only: the moves are not read
        out.matched = !criteria.where || where_matches(*criteria.where, record, options, nullptr);
        return out;
    }
    Seen seen;
    out.walk_recorded        = record_walk;
    out.game                 = record_walk
                                   ? replay_game<RecordingSelectVisitor>(record, options, std::move(log), criteria,
                                                         seen, record)
                                   : replay_game<SelectVisitor>(record, options, std::move(log), criteria, seen);
    const ReplayedGame& game = *out.game;
    seen.events |= end_events(game);
    out.line = seen.line.key;
    // A game not replayed shows no line: its bytes stand for it, so that two such games are
    // repeats only when they are the same text.
    if (std::holds_alternative<std::monostate>(game.play)) {
        Fingerprint unplayed;
        unplayed.add(std::string_view("not replayed"));
        unplayed.add(record.text);
        out.line = unplayed.key;
    }
    // A game that could not be replayed (an unknown variant) shows no moves: it passes only
    // the criteria that need none.
    const bool replayed = !std::holds_alternative<std::monostate>(game.play);
    out.matched         = true;
    if (criteria.where)
        out.matched = out.matched && where_matches(*criteria.where, record, options, &game);
    if (criteria.position) out.matched = out.matched && seen.position;
    if (criteria.pattern) out.matched = out.matched && seen.pattern;
    if (criteria.material) out.matched = out.matched && seen.material;
    if (!criteria.opening.empty()) out.matched = out.matched && replayed && seen.opening;
    if (criteria.events != 0) out.matched = out.matched && (seen.events & criteria.events) != 0;
    if (criteria.validity == Validity::Valid) out.matched = out.matched && game.errors() == 0;
    if (criteria.validity == Validity::Invalid) out.matched = out.matched && game.errors() > 0;
    return out;
}

}  // namespace floe::formats
