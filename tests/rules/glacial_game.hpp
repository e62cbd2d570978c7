#pragma once
// A small game driver for the Glacial Shift tests: a position, its history of earlier boards
// (docs/rules/glacial-shift.md §7.2) and the mates carried out, with plies given in canonical text.
// Every list of legal plies is checked against the reference model as well.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "notation/glacial_position.hpp"
#include "rules/glacial/position.hpp"
#include "tests/rules/glacial_reference_movegen.hpp"

namespace floe::test {

namespace glacial = rules::glacial;

/// A position from a valid position string (a test failure otherwise).
inline glacial::Position glacial_position(const std::string& text) {
    auto result = formats::parse_glacial_position(text);
    EXPECT_TRUE(result.diagnostics.empty())
        << text << ": " << (result.diagnostics.empty() ? "" : result.diagnostics[0].message);
    return result.position ? *result.position : glacial::Position::start();
}

/// "YGBR" letter of a seat, '-' for none.
inline char seat_char(int seat) { return seat < 0 ? '-' : glacial::seat_letter(seat); }

class GlacialGame {
public:
    explicit GlacialGame(const std::string& text)
        : position_(glacial_position(text)),
          reference_(reference::from_setup(position_.to_setup())) {
        history_.push(position_.board_hash());
    }

    const glacial::Position& position() const { return position_; }
    std::string text() const { return formats::make_glacial_position(position_); }

    /// The legal plies of the seat to move, canonical, sorted in byte order. Fails the test when
    /// the reference model lists others.
    std::vector<std::string> moves() const {
        glacial::MoveList list;
        position_.legal_moves(list, history_);
        std::vector<std::string> out;
        for (const auto& m : list) out.push_back(formats::make_glacial_move(position_, m));
        std::sort(out.begin(), out.end());
        EXPECT_EQ(out, reference_.legal_texts()) << "reference model disagrees at " << text();
        return out;
    }

    /// Plays the legal ply whose canonical text is `ply` (suffixes included), then carries out
    /// the mates it triggers. Returns the mate events as "<mate: G by Y>" texts, joined.
    std::string play(const std::string& ply) {
        glacial::MoveList list;
        position_.legal_moves(list, history_);
        for (const auto& m : list) {
            if (formats::make_glacial_move(position_, m) != ply) continue;
            position_.play(m);
            history_.push(position_.board_hash());
            const glacial::MateEvents events = position_.resolve_mates(history_);
            for (const auto& c : reference_.legal())
                if (c.text == ply) {
                    reference_.play(c);
                    break;
                }
            reference_.resolve();
            EXPECT_EQ(reference::Model::state_string(reference_.s),
                      reference::Model::state_string(reference::from_setup(position_.to_setup())))
                << "reference model disagrees after " << ply;
            return mates_text(events);
        }
        ADD_FAILURE() << ply << " is not legal in " << text();
        return "";
    }

    /// Carries out the mates due now (a root mate, docs/rules/notation.md §9.4).
    std::string resolve() {
        const auto events = position_.resolve_mates(history_);
        reference_.resolve();
        return mates_text(events);
    }

private:
    static std::string mates_text(const glacial::MateEvents& events) {
        std::string out;
        for (int i = 0; i < events.count; ++i) {
            const auto& e = events.events[i];
            if (!out.empty()) out += ' ';
            out += std::string(e.bare ? "<bare mate: " : "<mate: ") + seat_char(e.mated) + " by " +
                   seat_char(e.by) + ">";
        }
        return out;
    }

    glacial::Position position_;
    glacial::History history_;
    reference::Model reference_;
};

using Moves = std::vector<std::string>;

}  // namespace floe::test
