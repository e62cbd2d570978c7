// libFuzzer target: the SVG diagram and the replay page of a small record's first game (the
// first 1 KB of the input), as
// `floe diagram --format svg` and `floe replay` make them. The first byte chooses the variant
// and options (fuzz_support.hpp), the second the ply shown and the diagram's flip and frame; the
// rest is the file. Besides the sanitizers it checks both outputs with a small markup checker
// (markup_check.cpp: well-formed, only the writers' elements and attributes, every `<` and `&`
// of the record escaped, nothing in a <script> that ends it early), and that the page's JSON
// data block is valid JSON of the expected shape (the page's boards are drawn by its script).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"

namespace {

using floe::fuzz::check;

constexpr std::size_t MaxInput = 1024;

// The page's data (formats/replay_page.hpp): a JSON object whose "nodes" are the start and then
// each ply, each ply with its move and its position (changed tokens "d" or whole "f") and a
// parent before it; record text without a ply ("z") names its parent and holds text.
void check_page_data(const std::string& page) {
    constexpr std::string_view Open = "<script type=\"application/json\" id=\"floe-game\">";
    const std::size_t begin         = page.find(Open);
    check(begin != std::string::npos, "render: the page holds the game's data");
    const std::size_t data = begin + Open.size();
    const std::size_t end  = page.find("</script>", data);
    check(end != std::string::npos, "render: the game's data ends");
    const auto j =
        nlohmann::json::parse(page.begin() + static_cast<std::ptrdiff_t>(data),
                              page.begin() + static_cast<std::ptrdiff_t>(end), nullptr, false);
    check(!j.is_discarded() && j.is_object() && j.contains("nodes") && j["nodes"].is_array() &&
              !j["nodes"].empty(),
          "render: the game's data is a JSON object with its nodes");
    const auto& nodes = j["nodes"];
    check(nodes[0].contains("f") && nodes[0]["f"].is_string(), "render: the start is whole");
    for (std::size_t i = 1; i < nodes.size(); ++i) {
        const auto& n = nodes[i];
        check(n.is_object(), "render: a node is an object");
        const std::int64_t parent = n.value("u", static_cast<std::int64_t>(i) - 1);
        check(parent >= 0 && parent < static_cast<std::int64_t>(i), "render: a parent before it");
        if (n.contains("z")) {  // record text without a ply: its parent named, no move
            check(n.contains("u") && !n.contains("s") && (n.contains("c") || n.contains("x")),
                  "render: text without a ply");
            continue;
        }
        check(n.contains("s") && n["s"].is_string(), "render: a ply's move");
        check((n.contains("d") && n["d"].is_array() && n["d"].size() % 2 == 0) ||
                  (n.contains("f") && n["f"].is_string()),
              "render: a ply's position");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // A small record (the diagram is drawn for one ply); longer inputs are cut (the other
    // targets read long records).
    if (size < 2) return 0;
    size                            = std::min<std::size_t>(size, MaxInput);
    const floe::fuzz::Choice choice = floe::fuzz::choose(data[0]);
    const std::size_t ply           = data[1] & 0x3F;
    const bool flip = (data[1] & 0x40) != 0, coordinates = (data[1] & 0x80) == 0;
    const std::string_view input(reinterpret_cast<const char*>(data) + 2, size - 2);

    floe::fuzz::ReadGame g;
    if (!floe::fuzz::select_first_game(input, choice, g)) return 0;
    const std::string svg = floe::fuzz::diagram_svg(g, ply, flip, coordinates);
    if (!svg.empty()) floe::fuzz::check_markup(svg, false);
    const std::string page = floe::fuzz::replay_page(g);
    if (!page.empty()) {
        floe::fuzz::check_markup(page, true);
        check_page_data(page);
    }
    return 0;
}
