#include "formats/glacial_pgn.hpp"

#include <array>
#include <limits>
#include <string_view>
#include <vector>

#include "formats/glacial_position.hpp"
#include "formats/glacial_walk.hpp"
#include "rules/glacial/random_game.hpp"
#include "rules/glacial/replay.hpp"
#include "rules/variants.hpp"

namespace floe::formats {

namespace {

namespace glacial = rules::glacial;
using rules::Element;
using rules::ElementKind;

// The Glacial Shift roster and its defaults (notation.md §5, §7).
struct RosterTag {
    std::string_view name;
    std::string_view fallback;
};
constexpr std::array<RosterTag, 9> Roster = {{{"Event", "?"},
                                              {"Site", "?"},
                                              {"Date", "????.??.??"},
                                              {"Round", "?"},
                                              {"Yellow", "?"},
                                              {"Green", "?"},
                                              {"Blue", "?"},
                                              {"Red", "?"},
                                              {"Result", "*"}}};

void write_tags(std::string& out, const rules::GameRecord* record, std::string_view result,
                std::string_view event = "?", std::string_view round = "?") {
    // A generated game (no record) is ASCII: any encoding reads it alike.
    const rules::Encoding encoding = record ? record->encoding : rules::Encoding::Cp1252;
    for (const RosterTag& t : Roster) {
        const std::string* value = record ? record->tag(t.name) : nullptr;
        std::string_view fallback =
            t.name == "Event" ? event : (t.name == "Round" ? round : t.fallback);
        write_pgn_tag(out, t.name,
                      t.name == "Result" ? result : (value ? std::string_view(*value) : fallback),
                      encoding);
    }
    if (!record || !record->tag("Variant"))
        write_pgn_tag(out, "Variant", rules::engine_variant(rules::Engine::GlacialShift).name,
                      encoding);
    if (!record) return;
    for (const rules::TagPair& t : record->tags) {
        bool roster = false;
        for (const RosterTag& r : Roster) roster = roster || r.name == t.name;
        if (!roster) write_pgn_tag(out, t.name, t.value, encoding);
    }
}

// Movetext units of plies: `12.`, `G: b2b5xe5`, then the mates as events.
void add_ply(std::vector<MovetextUnit>& units, const glacial::Position& before,
             const glacial::Move& move) {
    units.push_back({std::to_string(before.ply_number()) + ".", false});
    units.push_back({std::string{glacial::seat_letter(before.turn()), ':', ' '} +
                         make_glacial_move(before, move),
                     false});
}
void add_mates(std::vector<MovetextUnit>& units, const glacial::MateEvents& mates) {
    for (int i = 0; i < mates.count; ++i)
        units.push_back({glacial::mate_event_text(mates.events[i]), false});
}

// `open` + body + `close`, built with += (g++ 12 gives a false -Wrestrict warning on "{" + s).
std::string wrapped(char open, std::string_view body, std::string_view close = {}) {
    std::string s(1, open);
    s += body;
    s += close;
    return s;
}

// Builds the movetext units of a record from the walk, as pgn_writer.cpp does for chess.
class Units final : public GlacialVisitor {
public:
    explicit Units(rules::Encoding encoding) : encoding_(encoding) {}

    std::vector<MovetextUnit> units;

    void ply(const glacial::Position& before, const glacial::Move& move,
             const glacial::Position&) override {
        std::vector<MovetextUnit> ply;
        add_ply(ply, before, move);
        for (auto& u : ply) add(std::move(u.text));
    }
    void nag(std::uint32_t value) override { add(wrapped('$', std::to_string(value))); }
    void mate(const glacial::MateEvent& mate) override { add(glacial::mate_event_text(mate)); }
    void comment(std::string_view text, bool) override {
        add(comment_unit(pgn_text(text, encoding_)));
    }
    void variation_begin(const glacial::Position&) override { open_ += '('; }
    void variation_end() override {
        if (!open_.empty() || units.empty() || units.back().ends_line)
            add(")");
        else
            units.back().text += ')';
    }
    void unplayed(std::string_view rest, std::optional<rules::DiagCode> code) override {
        for (MovetextUnit& u : rest_units(rest, code, encoding_)) add(std::move(u));
    }

    void add(std::string text, bool ends_line = false) {
        add(MovetextUnit{std::move(text), ends_line});
    }
    void add(MovetextUnit unit) {
        if (!open_.empty()) {  // no space after `(`
            unit.text.insert(0, open_);
            open_.clear();
        }
        units.push_back(std::move(unit));
    }

private:
    rules::Encoding encoding_;  // the record's: how its bytes that are not UTF-8 are read
    std::string open_;
};

}  // namespace

std::string glacial_termination_marker(const rules::GameRecord& record, const ReplayedGame& game,
                                       bool fix_result) {
    if (fix_result && game.glacial && game.glacial->start &&
        !game.glacial->replay.main_line_failed) {
        const std::string forced = glacial::forced_result(game.glacial->replay.final_position());
        if (forced != "*") return forced;
    }
    return record.termination.empty() ? "*" : std::string(record.termination);
}

void write_glacial_pgn(std::string& out, const rules::GameRecord& record, const ReplayedGame& game,
                       const PgnOptions& options) {
    if (!game.glacial || !game.glacial->start) {  // passed through as written
        write_as_read(out, record);
        return;
    }
    const std::string result = glacial_termination_marker(record, game, options.fix_result);
    write_tags(out, &record, result);
    out += '\n';
    Units movetext(record.encoding);
    add_unread_tags(movetext.units, record);
    walk_glacial_game(record, game, movetext);
    movetext.add(result);
    fill_movetext(out, movetext.units, options.line_width);
}

std::string random_glacial_game_pgn(std::uint64_t seed, int round, int max_plies,
                                    std::uint32_t steer, int attempts) {
    rules::chess::SplitMix64 seeds(seed);
    std::vector<glacial::Move> plies;
    const glacial::Position start = glacial::Position::start();
    for (int attempt = 0; attempt < (steer ? attempts : 1); ++attempt) {
        rules::chess::SplitMix64 rng(steer ? seeds.next() : seed);
        std::uint32_t seen = 0;
        plies              = glacial::random_game(start, rng, max_plies, steer, &seen);
        if (!steer) break;
        glacial::Position end = start;
        glacial::History history;
        history.push(end.board_hash());
        for (const auto& m : plies) {
            end.play(m);
            history.push(end.board_hash());
            end.resolve_mates(history);
        }
        if ((seen & steer) == steer && end.game_over()) break;
    }
    std::vector<MovetextUnit> units;
    glacial::Position pos = start;
    glacial::History history;
    history.push(pos.board_hash());
    add_mates(units, pos.resolve_mates(history));
    for (const auto& m : plies) {
        add_ply(units, pos, m);
        pos.play(m);
        history.push(pos.board_hash());
        add_mates(units, pos.resolve_mates(history));
    }
    const std::string result = glacial::forced_result(pos);
    units.push_back({result, false});
    std::string out;
    write_tags(out, nullptr, result, "floe generate", std::to_string(round));
    out += '\n';
    fill_movetext(out, units, 79);
    return out;
}

}  // namespace floe::formats
