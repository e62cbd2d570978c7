#pragma once
// The replay page's data (`<script id="floe-game">`, docs/decisions/diagrams.md "The replay page's
// data") read back as the page's script reads it: each node's position rebuilt from its parent's.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace floe::test {

/// The JSON object of `page`'s `#floe-game` script; null when the page has none.
inline nlohmann::json page_game(const std::string& page) {
    const std::string open = "<script type=\"application/json\" id=\"floe-game\">";
    const auto begin       = page.find(open);
    if (begin == std::string::npos) return nullptr;
    const auto start = begin + open.size();
    return nlohmann::json::parse(page.substr(start, page.find("</script>", start) - start));
}

/// `parent` with the tokens of `diff` (`[index, token, …]`, tokens counted between `/` and ` `)
/// replaced.
inline std::string apply_position_diff(const std::string& parent, const nlohmann::json& diff) {
    std::vector<std::string> tokens(1);
    std::string separators;
    for (char c : parent) {
        if (c == '/' || c == ' ') {
            separators += c;
            tokens.emplace_back();
        } else {
            tokens.back() += c;
        }
    }
    for (std::size_t i = 0; i + 1 < diff.size(); i += 2)
        tokens.at(diff[i].get<std::size_t>()) = diff[i + 1].get<std::string>();
    std::string out = tokens[0];
    for (std::size_t i = 1; i < tokens.size(); ++i) out += separators[i - 1] + tokens[i];
    return out;
}

/// Each node's parent (-1 for the start) and position, in the order of `game["nodes"]`. A node
/// of record text without a ply (`"z"`) has its parent's position and is no ply.
struct PageNodes {
    std::vector<int> parent;
    std::vector<std::string> position;
    std::vector<bool> ply;
    std::vector<bool> alternative;  ///< `"a"`: written before its parent's main continuation
};

inline PageNodes page_nodes(const nlohmann::json& game) {
    PageNodes out;
    const nlohmann::json& nodes = game["nodes"];
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const nlohmann::json& n = nodes[i];
        const int parent        = i == 0 ? -1 : n.value("u", static_cast<int>(i) - 1);
        out.parent.push_back(parent);
        out.ply.push_back(i > 0 && !n.contains("z"));
        out.alternative.push_back(n.contains("a"));
        out.position.push_back(n.contains("f") ? n["f"].get<std::string>()
                               : n.contains("z")
                                   ? out.position.at(parent)
                                   : apply_position_diff(out.position.at(parent), n["d"]));
    }
    return out;
}

/// The main line's positions: node 0, then each node's first child that is a ply and not an
/// alternative written before it (`"a"`).
inline std::vector<std::string> page_main_line(const nlohmann::json& game) {
    const PageNodes nodes = page_nodes(game);
    std::vector<std::string> out{nodes.position.at(0)};
    for (int at = 0;;) {
        int next = -1;
        for (std::size_t i = 0; i < nodes.parent.size() && next < 0; ++i)
            if (nodes.parent[i] == at && nodes.ply[i] && !nodes.alternative[i])
                next = static_cast<int>(i);
        if (next < 0) return out;
        out.push_back(nodes.position[next]);
        at = next;
    }
}

}  // namespace floe::test
