#include "formats/glacial_json.hpp"

#include <vector>

#include "formats/glacial_pgn.hpp"
#include "formats/glacial_position.hpp"
#include "formats/glacial_walk.hpp"
#include "rules/glacial/replay.hpp"
#include "rules/variants.hpp"

namespace floe::formats {

namespace {

namespace glacial = rules::glacial;

std::string utf8(std::string_view text, rules::Encoding encoding) {
    return rules::to_utf8(text, encoding);
}

Json new_line() {
    Json line;
    line["plies"] = Json::array();
    return line;
}

// Builds the ply tree; lines are held by pointer on an explicit stack, as in json_writer.cpp.
class PlyTree final : public GlacialVisitor {
public:
    PlyTree(Json& main_line, rules::Encoding encoding) : encoding_(encoding) {
        stack_.push_back({&main_line, nullptr});
    }

    void ply(const glacial::Position& before, const glacial::Move& move,
             const glacial::Position& after) override {
        Json ply;
        ply["ply"]      = before.ply_number();
        ply["seat"]     = std::string(1, glacial::seat_letter(before.turn()));
        ply["move"]     = make_glacial_move(before, move);
        ply["position"] = make_glacial_position(after);
        Json& plies     = (*stack_.back().line)["plies"];
        plies.push_back(std::move(ply));
        stack_.back().last_ply = &plies.back();
    }
    void nag(std::uint32_t value) override { (*target())["nags"].push_back(value); }
    void mate(const glacial::MateEvent& mate) override {
        (*target())["events"].push_back(glacial::mate_event_text(mate));
    }
    void comment(std::string_view text, bool) override {
        (*target())["comments"].push_back(comment_json(text, encoding_));
    }
    void variation_begin(const glacial::Position&) override {
        Json& variations = (*target())["variations"];
        variations.push_back(new_line());
        stack_.push_back({&variations.back(), nullptr});
    }
    void variation_end() override { stack_.pop_back(); }
    void unplayed(std::string_view rest, std::optional<rules::DiagCode>) override {
        (*stack_.back().line)["unplayed"] = utf8(rest, encoding_);
    }

private:
    // Annotations belong to the last ply, or to the line before its first ply.
    Json* target() { return stack_.back().last_ply ? stack_.back().last_ply : stack_.back().line; }

    struct Open {
        Json* line;
        Json* last_ply;
    };
    rules::Encoding encoding_;  // the record's
    std::vector<Open> stack_;
};

}  // namespace

Json glacial_game_json(std::string_view file, const rules::GameRecord& record,
                       const ReplayedGame& game, bool fix_result) {
    Json j;
    j["game"] = record.number;
    Json tags = Json::object();
    for (const rules::TagPair& t : record.tags)
        tags[utf8(t.name, record.encoding)] = utf8(t.value, record.encoding);
    j["tags"]         = std::move(tags);
    j["variant"]      = std::string(rules::engine_variant(rules::Engine::GlacialShift).name);
    const auto& start = game.glacial->start;
    j["start"]        = start ? Json(make_glacial_position(*start)) : Json(nullptr);
    if (start) {
        Json main_line = new_line();
        PlyTree tree(main_line, record.encoding);
        walk_glacial_game(record, game, tree);
        j["moves"] = std::move(main_line);
    } else {
        j["moves"] = nullptr;
        j["text"]  = utf8(record.text, record.encoding);
    }
    j["result"]      = glacial_termination_marker(record, game, fix_result);
    Json diagnostics = Json::array();
    for (const rules::Diagnostic& d : game.diagnostics)
        diagnostics.push_back(diagnostic_json(file, record, d));
    j["diagnostics"] = std::move(diagnostics);
    return j;
}

}  // namespace floe::formats
