// libFuzzer target: the canonical round trip of `floe convert` (docs/rules/notation.md §7). The
// first byte chooses the variant and the options (fuzz_support.hpp); the rest is the file.
// convert(input) = A and convert(A) = B must give B == A byte for byte, as many games in A as in
// the input, and, without --strict, an error again in every game of A whose input game had one (an
// error is never lost). The JSON output (convert --to json) must be one valid JSON object per game
// and line.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"

namespace {

using floe::fuzz::check;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const floe::fuzz::Choice choice = floe::fuzz::choose(data[0]);
    const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);

    const floe::fuzz::Converted once  = floe::fuzz::convert(input, choice, false);
    const floe::fuzz::Converted twice = floe::fuzz::convert(once.text, choice, false);
    check(twice.text == once.text, "round trip: converting the output again gives the same bytes");
    check(twice.games == once.games, "round trip: the output holds as many games as the input");
    // Under --strict warnings are errors, and the writer repairs what they warn about (a
    // missing result, a lenient form): only real errors must come back.
    if (!choice.options.strict)
        for (std::size_t g = 0; g < once.games; ++g)
            check(!once.failed[g] || twice.failed[g], "round trip: a game with an error keeps one");

    const floe::fuzz::Converted json = floe::fuzz::convert(input, choice, true);
    check(json.games == once.games, "round trip: JSON holds as many games");
    std::size_t lines = 0;
    for (std::size_t b = 0; b < json.text.size(); ++lines) {
        const std::size_t e = json.text.find('\n', b);
        check(e != std::string::npos, "round trip: every JSON line ends with a newline");
        const auto j = nlohmann::json::parse(json.text.begin() + static_cast<std::ptrdiff_t>(b),
                                             json.text.begin() + static_cast<std::ptrdiff_t>(e),
                                             nullptr, false);
        check(!j.is_discarded() && j.is_object(), "round trip: each JSON line is one object");
        b = e + 1;
    }
    check(lines == json.games, "round trip: one JSON line per game");
    return 0;
}
