#include "cli/game_selection.hpp"

#include <charconv>

#include "cli/input.hpp"
#include "cli/replay_options.hpp"
#include "cli/untagged_context.hpp"
#include "cli/variant_option.hpp"
#include "parser/parse_record.hpp"

namespace floe::cli {

std::vector<GameRange> parse_game_ranges(std::string_view text) {
    std::vector<GameRange> out;
    auto number = [&](std::string_view s, std::string_view part) {
        std::uint32_t n     = 0;
        const auto [end, e] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (e == std::errc{} && end == s.data() + s.size() && n == 0)
            throw UsageError(fmt::format("--games: '{}': game numbers start at 1", part));
        if (e != std::errc{} || end != s.data() + s.size())
            throw UsageError(fmt::format(
                "--games: '{}' is not a game number or range (e.g. 10-20,35 or 100-)", part));
        return n;
    };
    while (true) {
        const std::size_t comma     = text.find(',');
        const std::string_view part = text.substr(0, comma);
        GameRange r;
        if (const std::size_t dash = part.find('-'); dash == std::string_view::npos) {
            r.first = r.last = number(part, part);
        } else {
            r.first = number(part.substr(0, dash), part);
            if (dash + 1 < part.size()) r.last = number(part.substr(dash + 1), part);
            if (r.last < r.first)
                throw UsageError(fmt::format("--games: '{}' ends before it starts", part));
        }
        out.push_back(r);
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return out;
}

void GameChoice::read() {
    ranges_.clear();
    // Checked here, not by CLI11's excludes(), which would clutter both help lines.
    if (games_option && games_option->count() > 0 && game > 0)
        throw UsageError("--game N is --games N: give one of them");
    if (games_option && games_option->count() > 0) ranges_ = parse_game_ranges(games);
    if (game > 0) {
        const auto n = static_cast<std::uint32_t>(game);
        ranges_      = {GameRange{n, n}};
    }
}

bool GameChoice::contains(std::uint32_t number) const {
    if (ranges_.empty()) return true;
    for (const GameRange& r : ranges_)
        if (number >= r.first && number <= r.last) return true;
    return false;
}

bool GameChoice::past(std::uint32_t number) const {
    if (ranges_.empty()) return false;
    for (const GameRange& r : ranges_)
        if (r.last > number) return false;
    return true;
}

int GameChoice::single() const {
    if (ranges_.empty()) return 1;
    if (one() && ranges_[0].first <= 2147483647u) return static_cast<int>(ranges_[0].first);
    throw UsageError(fmt::format("--games: one game is shown: give one number, not '{}'", games));
}

CLI::Option* add_game_options(CLI::App& cmd, GameChoice& choice, const std::string& group) {
    choice.games_option =
        cmd.add_option("--games", choice.games,
                       "Game numbers in each file: 10-20,35 or 100- (the first game is 1)")
            ->type_name("RANGES");
    CLI::Option* game = cmd.add_option("--game", choice.game, "One game: --game N is --games N")
                            ->check(game_number());
    if (!group.empty()) {  // an empty group would hide them from --help
        choice.games_option->group(group);
        game->group(group);
    }
    return choice.games_option;
}

bool next_chosen(UntaggedContext& context, parser::GameSource& source, parser::GameText& text,
                 const GameChoice& choice) {
    while (context.next(source, text)) {
        if (choice.contains(text.number)) return true;
        if (choice.past(text.number)) return false;
    }
    return false;
}

UntaggedNote::ReadingOf chosen_reading(const GameChoice& choice,
                                       const formats::GameOptions& options) {
    if (!choice.given()) return {};
    return [&choice, &options](const rules::GameRecord& record) {
        if (!choice.contains(record.number)) return formats::VariantReading{};
        return formats::read_variant(record, options);
    };
}

std::unique_ptr<SelectedGame> select_game(const std::string& file, int number,
                                          const std::string& variant, rules::Encoding encoding,
                                          std::size_t max_game_bytes, std::string_view command,
                                          bool allow_null_moves) {
    auto selected  = std::make_unique<SelectedGame>();
    selected->file = file == "-" ? "<stdin>" : file;
    InputStream in(file, command);
    formats::GameOptions& options = selected->options;
    options = replay_options(variant, allow_null_moves, encoding, max_game_bytes);
    parser::GameSource source(in.get(), options.parse);
    // An undecided untagged game takes the input's first decided variant (docs/rules/notation.md
    // §2.7), as in `fen
    // --all`: the file's first games are searched for it, and read from where they are held.
    UntaggedContext context;
    context.prepare(file, command, Shard{}, source, options);
    int seen = 0;
    while (context.next(source, selected->text)) {
        if (++seen < number) continue;
        parser::open_game(selected->text, selected->record, selected->log, options.parse);
        return selected;
    }
    if (source.read_failed()) throw UsageError("cannot read " + file);
    throw UsageError(fmt::format("{} has {} game{}, not game {}", selected->file, seen,
                                 seen == 1 ? "" : "s", number));
}

}  // namespace floe::cli
