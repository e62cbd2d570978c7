#pragma once
// A game's JSON moves as tests read them: since schema_version 2 a flat list of nodes in the
// record's order (formats/json_writer.hpp, docs/json-schema.json), here a line's plies and the
// variations of a ply.

#include <nlohmann/json.hpp>

namespace floe::test {

/// The ply nodes of line `line` (its line node's id; 0 the main line), in order.
template <class J>
J line_plies(const J& moves, long line = 0) {
    J out = J::array();
    for (const auto& node : moves)
        if (node["kind"] == "ply" && node["line"] == line) out.push_back(node);
    return out;
}

/// The line nodes of the variations that replace ply node `ply`, in order.
template <class J>
J variations_of(const J& moves, long ply) {
    J out = J::array();
    for (const auto& node : moves)
        if (node["kind"] == "line" && node["replaces"] == ply) out.push_back(node);
    return out;
}

/// The plies of the `k`-th variation of ply node `ply`.
template <class J>
J variation_plies(const J& moves, long ply, std::size_t k = 0) {
    return line_plies(moves, variations_of(moves, ply)[k]["id"].template get<long>());
}

}  // namespace floe::test
