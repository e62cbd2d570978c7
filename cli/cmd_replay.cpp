#include "cli/cmd_replay.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/diagnostic_report.hpp"
#include "cli/game_selection.hpp"
#include "cli/hint_words.hpp"
#include "cli/input.hpp"
#include "cli/output.hpp"
#include "cli/replay_options.hpp"
#include "cli/split_output.hpp"
#include "cli/untagged_context.hpp"
#include "cli/usage.hpp"
#include "cli/variant_option.hpp"
#include "formats/replay_page.hpp"

namespace floe::cli {

namespace {
struct ReplayOptions {
    std::string file;
    std::string variant;
    std::string output;
    std::string all;   // --all DIR: a page per game and an index
    GameChoice games;  // --games, --game: one game, or with --all the pages written
    // --encoding: how bytes that are not UTF-8 are read (docs/rules/notation.md §1.13)
    rules::Encoding encoding   = rules::Encoding::Cp1252;
    std::size_t max_game_bytes = 0;  // --max-game-bytes (its default set by the option)
    ReportOptions report;            // --quiet, --max-errors, --warn, --color, --diagnostics
};

// An ostream's bytes appended to one file of a SplitOutput in chunks, so that a page is never
// held whole.
class SplitFileBuffer : public std::streambuf {
public:
    SplitFileBuffer(SplitOutput& split, std::string name) : split_(split), name_(std::move(name)) {
        setp(buffer_, buffer_ + sizeof buffer_);
    }
    ~SplitFileBuffer() override = default;
    // Appends what is buffered; throws WriteError as SplitOutput::append does.
    void flush_all() {
        if (pptr() == pbase()) return;  // no empty file for a game without page
        split_.append(name_, std::string_view(pbase(), static_cast<std::size_t>(pptr() - pbase())),
                      "");
        setp(buffer_, buffer_ + sizeof buffer_);
    }

protected:
    int_type overflow(int_type c) override {
        flush_all();
        if (c != traits_type::eof()) sputc(traits_type::to_char_type(c));
        return traits_type::not_eof(c);
    }

private:
    SplitOutput& split_;
    std::string name_;
    char buffer_[1 << 16];
};

// A page bound for standard output (or a device), held back while its replay runs, so that the
// game's errors, found by that replay, reach standard error before it, as when the errors came
// from a replay of their own: on a terminal or with `2>&1` they keep their place. A page over
// 4 MiB goes out as it grows, and its errors then follow it (the memory bound,
// docs/reliability.md, leaves no room for a copy of a large game's page). A page for a file
// that Output puts in place needs no holding.
class HeldPage : public std::streambuf {
public:
    static constexpr std::size_t Limit = 4 << 20;

    explicit HeldPage(Output& output) : out_(output.stream()), holding_(!output.replaces_file()) {
        setp(buffer_, buffer_ + sizeof buffer_);
    }
    ~HeldPage() override = default;
    // Writes what is held, and from now on passes the page through.
    void release() {
        if (holding_ && !held_.empty())
            out_.write(held_.data(), static_cast<std::streamsize>(held_.size()));
        held_    = std::string();
        holding_ = false;
        pass_on();
    }

protected:
    int_type overflow(int_type c) override {
        pass_on();
        if (c != traits_type::eof()) sputc(traits_type::to_char_type(c));
        return traits_type::not_eof(c);
    }
    int sync() override {
        pass_on();
        return 0;
    }

private:
    // Moves what is buffered on: into the held bytes, or out once they would pass the limit.
    void pass_on() {
        const auto n = static_cast<std::size_t>(pptr() - pbase());
        setp(buffer_, buffer_ + sizeof buffer_);
        if (holding_ && held_.size() + n > Limit) release();
        if (holding_) {
            if (held_.empty()) held_.reserve(Limit);  // no copies as it grows
            held_.append(buffer_, n);
        } else {
            out_.write(buffer_, static_cast<std::streamsize>(n));
        }
    }

    std::ostream& out_;
    bool holding_;
    std::string held_;
    char buffer_[1 << 16];
};

// `--all DIR`: every game of the file, one page each (`game-N.html`), and `index.html` listing
// them; each file written whole or not at all. Returns the exit code: 1 when a game had an error.
ExitCode all_pages(const ReplayOptions& o, const ReportSettings& settings) {
    SplitOutput split(o.all, {o.file});
    InputStream in(o.file, "replay");
    const std::string name = o.file == "-" ? "<stdin>" : o.file;
    SelectedGame selected;
    selected.file    = name;
    selected.options = replay_options(o.variant, false, o.encoding, o.max_game_bytes);
    parser::GameSource source(in.get(), selected.options.parse);
    UntaggedContext context;  // undecided untagged games: docs/rules/notation.md §2.7
    context.prepare(o.file, "replay", Shard{}, source, selected.options);
    std::vector<formats::ReplayIndexEntry> index;
    FileReport report(settings, name, std::cerr);
    bool failed = false;
    while (next_chosen(context, source, selected.text, o.games)) {
        selected.record = rules::GameRecord{};
        selected.log    = rules::DiagnosticLog{};
        parser::open_game(selected.text, selected.record, selected.log, selected.options.parse);
        const std::string page_name = fmt::format("game-{}.html", selected.record.number);
        SplitFileBuffer buffer(split, page_name);
        std::ostream page(&buffer);
        // One replay writes the page and finds the errors, reported before the page's last
        // bytes go out (a failed write throws there).
        const formats::ReplayedGame game = formats::write_replay_page(
            page, selected.record, selected.options, std::move(selected.log), hint_words,
            formats::replay_index_page);
        report.report(selected.record, game.log);
        buffer.flush_all();
        failed = failed || !game.setup.playable() || game.main_line_failed();
        // A game not set up has no page: nothing was written for it.
        index.push_back(formats::replay_index_entry(selected.record, game,
                                                    game.setup.playable() ? page_name : ""));
    }
    if (source.read_failed()) throw UsageError("cannot read " + o.file);
    SplitFileBuffer buffer(split, std::string(formats::replay_index_page));
    std::ostream page(&buffer);
    formats::write_replay_index(page, name, index);
    buffer.flush_all();
    split.commit();
    return failed ? ExitCode::Invalid : ExitCode::Ok;
}
}  // namespace

void setup_replay(CLI::App& app, ExitCode& exit_code) {
    auto o        = std::make_shared<ReplayOptions>();
    CLI::App* cmd = app.add_subcommand("replay", "Write an HTML page that replays a game");
    cmd->add_option("FILE", o->file, "Record file (- = standard input)")->required();
    add_record_variant_option(*cmd, o->variant, Games::ChessAndGlacial);
    add_encoding_option(*cmd, o->encoding);
    add_max_game_bytes_option(*cmd, o->max_game_bytes);
    add_game_options(*cmd, o->games);
    CLI::Option* output = add_output_option(*cmd, o->output);
    cmd->add_option("--all", o->all,
                    "Write every game (or those of --games) into folder DIR: index.html and "
                    "game-N.html")
        ->type_name("DIR")
        ->excludes(output);
    add_report_options(*cmd, o->report);
    cmd->callback([o, &exit_code] {
        ReportSettings settings = report_settings(o->report);
        settings.errors_only    = true;  // the page shows the game: its errors, as fen
        o->games.read();
        if (!o->all.empty()) {
            exit_code = all_pages(*o, settings);
            return;
        }
        Output output(o->output, {o->file});
        const auto selected = select_game(o->file, o->games.single(), o->variant, o->encoding,
                                          o->max_game_bytes, "replay");
        // The errors first, as every command prints them, then the page: one replay finds both,
        // so the page waits until the errors are out (HeldPage).
        HeldPage held(output);
        std::ostream page(&held);
        const formats::ReplayedGame game = formats::write_replay_page(
            page, selected->record, selected->options, selected->log, hint_words);
        FileReport(settings, selected->file, std::cerr).report(selected->record, game.log);
        held.release();
        // The variant or the FEN tag was unusable (reported): no page.
        if (!game.setup.playable()) {
            exit_code = ExitCode::Invalid;
            return;
        }
        output.commit();
        // A main line that stops early still gets its page, up to the error, and exit 1.
        exit_code = game.main_line_failed() ? ExitCode::Invalid : ExitCode::Ok;
    });
}

}  // namespace floe::cli
