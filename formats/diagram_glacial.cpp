#include "formats/diagram_glacial.hpp"

#include <string>

#include "notation/glacial_position.hpp"
#include "rules/glacial/board.hpp"
#include "rules/glacial/game.hpp"

namespace floe::formats {

namespace {

namespace glacial = rules::glacial;

// Pyramid colours, outlines, the lines drawn on them and the quadrant tints, per seat.
// clang-format off
const DiagramSide Sides[glacial::SeatCount] = {
    {"Yellow", "#f4c430", "#6e5200", "#6e5200", "#f6e9b2", "Y"},
    {"Green",  "#3a9d4a", "#14401c", "#d8f0dc", "#d3e9cd", "G"},
    {"Blue",   "#3b6fd1", "#112a5c", "#dbe6fa", "#cfdcf3", "B"},
    {"Red",    "#d33b34", "#5c1310", "#fadcda", "#f3d0cc", "R"},
};
// clang-format on

constexpr const char* FamilyNames[] = {"Royal", "Left", "Center", "Right"};

std::string letter(char c) { return std::string(1, c); }

DiagramPiece pyramid(int colour, int size, int owner, int direction) {
    DiagramPiece p;
    p.shape     = "pyramid";
    p.colour    = colour;
    p.owner     = owner;
    p.code      = letter(glacial::colour_letter(colour)) + static_cast<char>('0' + size);
    p.size      = size;
    p.direction = direction;
    return p;
}

void fill_cell(DiagramCell& cell, const glacial::Cell& c) {
    std::string owner, colour, nest;
    if (c.occupant == glacial::Occupant::Lying) {
        const bool spent = c.sizes & glacial::SpentBit;
        // Largest first: the outer pyramid is drawn first and the ones nested in it over it.
        for (int size = glacial::Large; size >= glacial::Small; --size) {
            if (!(c.sizes & glacial::size_bit(size))) continue;
            DiagramPiece p = pyramid(c.colour, size, c.owner, 2 * c.owner);
            p.spent        = spent;
            cell.pieces.push_back(std::move(p));
        }
        owner = letter(glacial::seat_letter(c.owner));
    } else if (c.occupant == glacial::Occupant::Upright) {
        const int size = glacial::largest_size(c.sizes);
        DiagramPiece p = pyramid(c.colour, size, -1, -1);
        p.shape        = "block";
        cell.pieces.push_back(std::move(p));
        owner.assign(1, 'X');  // not = "X": g++ 12 -Wrestrict false positive
    }
    cell.code = make_glacial_cell(c);
    if (c.occupant != glacial::Occupant::Empty) {
        colour = letter(glacial::colour_letter(c.colour));
        // The sizes of the code, after owner and colour, without the spent mark.
        nest = cell.code.substr(2, cell.code.find('\'') - 2);
    }
    cell.data = {{"owner", owner},
                 {"colour", colour},
                 {"nest", nest},
                 {"quadrant", cell.zone < 0 ? "" : letter(glacial::seat_letter(cell.zone))}};
}

std::string status_line(const glacial::Position& position) {
    if (position.game_over()) {
        const int winner = position.winner();
        if (winner == glacial::NoSeat) return "Game over";
        return std::string(Sides[winner].name) + " wins (" + glacial::forced_result(position) + ")";
    }
    std::string out = Sides[position.turn()].name + " to move";
    std::string checked;
    for (int seat = 0; seat < glacial::SeatCount; ++seat) {
        if (!position.live(seat) || !position.in_check(seat)) continue;
        checked += checked.empty() ? "; in check: " : ", ";
        checked += Sides[seat].name;
        if (const int by = position.last_attacker(seat); by != glacial::NoSeat)
            checked += " (by " + Sides[by].name + ")";
    }
    return out + checked;
}

}  // namespace

Diagram make_glacial_diagram(const glacial::Position& position,
                             const std::optional<glacial::Move>& last) {
    Diagram d;
    d.files = d.ranks = glacial::BoardSize;
    d.cells.resize(glacial::SquareCount);
    for (int i = 0; i < glacial::BoardSize; ++i) {
        d.file_labels.emplace_back(1, static_cast<char>('a' + i));
        d.rank_labels.emplace_back(1, static_cast<char>('1' + i));
    }
    d.sides.assign(std::begin(Sides), std::end(Sides));
    for (glacial::Square s = 0; s < glacial::SquareCount; ++s) {
        DiagramCell& cell = d.cells[s];
        const int zone    = glacial::quadrant_of(s);
        cell.zone         = zone == glacial::NoSeat ? -1 : zone;
        cell.shade        = CellShade::Light;  // one flat colour per quadrant, no checkering
        fill_cell(cell, position.at(s));
    }
    if (last) {
        if (!last->is_drop()) d.cells[last->from].marks |= MarkLastFrom;
        d.cells[last->to].marks |= MarkLastTo;
    }
    if (!position.game_over())
        for (int seat = 0; seat < glacial::SeatCount; ++seat)
            if (position.live(seat) && position.in_check(seat))
                if (const glacial::Square royal = position.lone_royal(seat);
                    royal != glacial::NoSquare)
                    d.cells[royal].marks |= MarkCheck;

    // The hands, in seat order, then the stash: colour by colour, small to large
    // (docs/rules/notation.md §6.8, field 3).
    d.placement = PanelPlacement::Right;
    for (int seat = 0; seat <= glacial::SeatCount; ++seat) {
        const bool stash    = seat == glacial::SeatCount;
        DiagramPanel& panel = d.panels.emplace_back();
        panel.owner         = stash ? -1 : seat;
        panel.label         = stash ? "Stash" : Sides[seat].name + " in hand";
        for (int colour = 0; colour < glacial::SeatCount; ++colour)
            for (int size = glacial::Small; size <= glacial::Large; ++size) {
                const int n = stash ? position.stash_count(colour, size)
                                    : position.hand_count(seat, colour, size);
                for (int i = 0; i < n; ++i)
                    panel.pieces.push_back(
                        pyramid(colour, size, panel.owner, stash ? 0 : 2 * seat));
            }
    }

    if (!position.game_over()) {
        const int seat = position.turn();
        DiagramLegend legend;
        legend.title = Sides[seat].name + " to move";
        // docs/rules/glacial-shift.md §3.1: the colour of the seat itself, then of the seats
        // clockwise after it.
        for (int k = 0; k < glacial::SeatCount; ++k)
            legend.entries.push_back(
                {pyramid(glacial::seat_after(seat, k), glacial::Large, seat, 2 * seat),
                 FamilyNames[k]});
        d.legend = std::move(legend);
    }
    d.status   = status_line(position);
    d.position = make_glacial_position(position);
    return d;
}

}  // namespace floe::formats
