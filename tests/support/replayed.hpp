#pragma once
// Test helper: a record's text read and replayed, with its main line laid out (every position,
// ply and event), which the replay itself does not keep.

#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <vector>

#include "parser/parse_record.hpp"
#include "play/replay_game.hpp"
#include "rules/game/visitor.hpp"

namespace floe::test {

/// A main line: positions[0] is the start (after what was due there), positions[k] the
/// position after ply k; plies[k - 1] the ply that led there and what it triggered.
template <class G>
struct MainLine {
    struct Ply {
        typename G::Move move;
        typename G::Events events;
    };
    std::vector<typename G::Position> positions;
    std::vector<Ply> plies;
    typename G::Events start_events{};
};

/// The visitor that lays a main line out, into whichever of the two is G's.
template <class G>
class KeepMainLine : public rules::IgnoreGame<G> {
public:
    KeepMainLine(const rules::GameRecord&, const formats::GameSetup&,
                 MainLine<rules::chess::Game>& chess, MainLine<rules::glacial::Game>& glacial)
        : line_([&]() -> MainLine<G>& {
              if constexpr (std::is_same_v<G, rules::chess::Game>)
                  return chess;
              else
                  return glacial;
          }()) {}
    void start(const typename G::Position& p, const typename G::Events& events) {
        line_.positions.push_back(p);
        line_.start_events = events;
    }
    void move(const typename G::Position&, const typename G::Move& m,
              const typename G::Position& after, const typename G::Events& events) {
        if (depth_ > 0) return;
        line_.positions.push_back(after);
        line_.plies.push_back({m, events});
    }
    void variation_begin(const typename G::Position&) { ++depth_; }
    void variation_end() { --depth_; }

private:
    MainLine<G>& line_;
    int depth_ = 0;
};

/// One replayed game, its record and its main line; the text stays alive with them.
struct Replayed {
    std::string text;
    rules::GameRecord record;
    formats::ReplayedGame game;
    MainLine<rules::chess::Game> chess;
    MainLine<rules::glacial::Game> glacial;
};

/// Reads the first game of `text` and replays it with `options`.
inline Replayed replay_text(std::string text, formats::GameOptions options = {}) {
    Replayed r;
    r.text = std::move(text);
    parser::RecordReader reader(r.text, options.parse);
    rules::DiagnosticLog log;
    EXPECT_TRUE(reader.next(r.record, log));
    r.game =
        formats::replay_game<KeepMainLine>(r.record, options, std::move(log), r.chess, r.glacial);
    return r;
}

}  // namespace floe::test
