#pragma once
// Visitors of the one walk that follow a game's main line only, for `fen` and `diagram`: every
// position in turn, or the one after a given ply. Variations are walked past.

#include <optional>
#include <string>
#include <tuple>

#include "formats/notation.hpp"
#include "formats/text_out.hpp"
#include "notation/fen.hpp"
#include "notation/glacial_position.hpp"
#include "play/replay_game.hpp"
#include "rules/game/visitor.hpp"

namespace floe::formats {

/// Appends the position string of the start and of each main-line ply, one per line (fen --all),
/// spilled to the stream of `out` as they come. With `epd_game` (fen --all --epd, the game's
/// number in its file, from 1) a chess position is written as EPD (append_epd) and every line,
/// a Glacial Shift position string too, ends with its EPD `id` operation (append_epd_id).
template <class G>
class MainLinePositions : public rules::IgnoreGame<G> {
public:
    MainLinePositions(const rules::GameRecord&, const GameSetup&, TextOut out,
                      std::optional<std::size_t> epd_game = std::nullopt)
        : out_(out), epd_game_(epd_game) {}
    void start(const typename G::Position& start, const typename G::Events&) { line(start); }
    void move(const typename G::Position&, const typename G::Move&,
              const typename G::Position& after, const typename G::Events&) {
        if (depth_ == 0) line(after);
    }
    void variation_begin(const typename G::Position&) { ++depth_; }
    void variation_end() { --depth_; }

private:
    // The position string, per game.
    void write(const rules::chess::Position& p) {
        if (epd_game_) {
            fen_text_.clear();
            fen_.append(fen_text_, p);
            append_epd(out_.text, fen_text_, p);
        } else {
            fen_.append(out_.text, p);  // the ranks a move left alone are not written again
        }
    }
    void write(const rules::glacial::Position& p) { append_position(out_.text, p); }
    void line(const typename G::Position& p) {
        write(p);
        if (epd_game_) append_epd_id(out_.text, *epd_game_, ply_++);
        out_.text += '\n';
        out_.spill();
    }
    TextOut out_;
    std::optional<std::size_t> epd_game_;
    std::uint32_t ply_ = 0;  // of the line being written
    int depth_         = 0;
    FenWriter fen_;
    std::string fen_text_;  // EPD: the FEN before its clocks are cut
};

/// What MainLinePly keeps: the position after ply `ply` of the main line (0 = the start, after
/// what was due there; -1 = the last one reached), and the ply that led there.
template <class G>
struct PlyAt {
    int ply     = -1;
    int reached = 0;  ///< main-line plies played
    std::optional<typename G::Position> position;
    std::optional<typename G::Position> before;  ///< before the ply that led there (none at 0)
    std::optional<typename G::Move> move;
    typename G::Events events{};
};

template <class G>
class MainLinePly : public rules::IgnoreGame<G> {
public:
    /// Keeps into `chess` or `glacial`, whichever is G's.
    MainLinePly(const rules::GameRecord&, const GameSetup&, PlyAt<rules::chess::Game>& chess,
                PlyAt<rules::glacial::Game>& glacial)
        : at_(std::get<PlyAt<G>&>(std::tie(chess, glacial))) {}
    void start(const typename G::Position& start, const typename G::Events&) {
        if (at_.ply <= 0) at_.position = start;
    }
    void move(const typename G::Position& before, const typename G::Move& move,
              const typename G::Position& after, const typename G::Events& events) {
        if (depth_ > 0) return;
        at_.reached = ++ply_;
        if (at_.ply >= 0 && ply_ != at_.ply) return;
        at_.position = after;
        at_.before   = before;
        at_.move     = move;
        at_.events   = events;
    }
    void variation_begin(const typename G::Position&) { ++depth_; }
    void variation_end() { --depth_; }

private:
    PlyAt<G>& at_;
    int ply_   = 0;
    int depth_ = 0;
};

}  // namespace floe::formats
