#include "formats/json_writer.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "formats/fen.hpp"
#include "formats/game_walk.hpp"
#include "formats/glacial_json.hpp"
#include "formats/pgn_writer.hpp"
#include "formats/san.hpp"

namespace floe::formats {

namespace {

namespace chess = rules::chess;

std::string utf8(std::string_view text, rules::Encoding encoding) {
    return rules::to_utf8(text, encoding);
}

}  // namespace

// The known `[%cmd value]` commands of a comment (lichess and ChessBase: clock, elapsed time,
// evaluation, coloured squares and arrows). Unknown or malformed ones stay text only (B17).
Json comment_json(std::string_view text, rules::Encoding encoding) {
    static constexpr std::array<std::string_view, 5> Known = {"clk", "emt", "eval", "csl", "cal"};
    Json c;
    c["text"]     = utf8(text, encoding);
    Json commands = Json::object();
    for (std::size_t at = text.find("[%"); at != std::string_view::npos;
         at             = text.find("[%", at + 2)) {
        const std::size_t close = text.find(']', at);
        if (close == std::string_view::npos) break;
        std::string_view body       = text.substr(at + 2, close - at - 2);
        const std::size_t gap       = std::min(body.find(' '), body.size());
        const std::string_view name = body.substr(0, gap);
        std::string_view value      = body.substr(gap);
        while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
        while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
        if (std::find(Known.begin(), Known.end(), name) != Known.end())
            commands[std::string(name)] = utf8(value, encoding);
    }
    if (!commands.empty()) c["commands"] = std::move(commands);
    return c;
}

namespace {

Json new_line() {
    Json line;
    line["plies"] = Json::array();
    return line;
}

// Builds the move tree of a game. Lines are JSON objects held by pointer on an explicit stack;
// a pointer stays valid because only the innermost line grows while it is open.
class MoveTree final : public GameVisitor {
public:
    MoveTree(Json& main_line, const chess::Position& start, rules::Encoding encoding)
        : base_ply_(ply_index(start)), encoding_(encoding) {
        stack_.push_back({&main_line, nullptr});
    }

    void move(const chess::Position& before, const chess::Move& m, const chess::Position& after,
              const chess::IceAgeEvent&) override {
        Json ply;
        ply["ply"]         = ply_index(before) - base_ply_ + 1;
        ply["move_number"] = before.fullmove_number();
        ply["color"]       = before.side_to_move() == chess::Color::White ? "white" : "black";
        ply["san"]         = make_move(before, m, after, MoveNotation::San);
        ply["lan"]         = make_move(before, m, after, MoveNotation::Lan);
        ply["uci"]         = make_uci(before, m);
        ply["fen"]         = make_fen(after);
        Json& plies        = (*stack_.back().line)["plies"];
        plies.push_back(std::move(ply));
        stack_.back().last_ply = &plies.back();
    }
    void nag(std::uint32_t value) override { (*target())["nags"].push_back(value); }
    void event(const chess::IceAgeEvent& event) override {
        (*target())["event"] = make_ice_age_event(event);
    }
    void comment(std::string_view text, bool) override {
        (*target())["comments"].push_back(comment_json(text, encoding_));
    }
    void variation_begin(const chess::Position&) override {
        Json& variations = (*target())["variations"];
        variations.push_back(new_line());
        stack_.push_back({&variations.back(), nullptr});
    }
    void variation_end() override { stack_.pop_back(); }
    void unplayed(std::string_view rest, std::optional<rules::DiagCode>) override {
        (*stack_.back().line)["unplayed"] = utf8(rest, encoding_);
    }

private:
    static long ply_index(const chess::Position& p) {
        return 2L * (p.fullmove_number() - 1) + (p.side_to_move() == chess::Color::Black ? 1 : 0);
    }
    // Annotations belong to the last move, or to the line before its first move.
    Json* target() { return stack_.back().last_ply ? stack_.back().last_ply : stack_.back().line; }

    struct Open {
        Json* line;
        Json* last_ply;
    };
    long base_ply_;
    rules::Encoding encoding_;  // the record's
    std::vector<Open> stack_;
};

}  // namespace

Json diagnostic_json(std::string_view file, const rules::GameRecord& record,
                     const rules::Diagnostic& d) {
    const auto begin = record.source.locate(d.span.begin);
    const auto end   = record.source.locate(std::max(d.span.end, d.span.begin));
    Json j;
    j["file"]       = file;
    j["line"]       = begin.line;
    j["column"]     = begin.column;
    j["end_column"] = end.line == begin.line ? end.column : begin.column + 1;
    j["severity"]   = d.severity == rules::Severity::Error ? "error" : "warning";
    j["code"]       = rules::code_name(d.code);
    j["message"]    = utf8(d.message, record.encoding);
    j["game"]       = record.number;
    j["ply"]        = d.ply == 0 ? Json(nullptr) : Json(d.ply);
    j["move"]       = d.move.empty() ? Json(nullptr) : Json(utf8(d.move, record.encoding));
    j["fen"]        = d.fen.empty() ? Json(nullptr) : Json(d.fen);
    if (d.count > 1) j["count"] = d.count;
    return j;
}

Json game_json(std::string_view file, const rules::GameRecord& record, const ReplayedGame& game,
               bool fix_result) {
    if (game.glacial) return glacial_game_json(file, record, game, fix_result);
    Json j;
    j["game"] = record.number;
    Json tags = Json::object();
    for (const rules::TagPair& t : record.tags)
        tags[utf8(t.name, record.encoding)] = utf8(t.value, record.encoding);
    j["tags"]    = std::move(tags);
    j["variant"] = game.variant ? Json(std::string(game.variant->name)) : Json(nullptr);
    j["start"]   = game.start ? Json(make_fen(*game.start)) : Json(nullptr);
    if (game.start && game.variant) {
        Json main_line = new_line();
        MoveTree tree(main_line, *game.start, record.encoding);
        walk_game(record, game, tree);
        j["moves"] = std::move(main_line);
    } else {
        j["moves"] = nullptr;
        j["text"]  = utf8(record.text, record.encoding);
    }
    j["result"]      = termination_marker(record, game, fix_result);
    Json diagnostics = Json::array();
    for (const rules::Diagnostic& d : game.diagnostics)
        diagnostics.push_back(diagnostic_json(file, record, d));
    j["diagnostics"] = std::move(diagnostics);
    return j;
}

std::string dump_line(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace floe::formats
