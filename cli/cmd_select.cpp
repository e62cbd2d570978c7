#include "cli/cmd_select.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <iostream>
#include <map>
#include <memory>

#include "cli/diagnostic_report.hpp"
#include "cli/game_selection.hpp"
#include "cli/hint_words.hpp"
#include "cli/input.hpp"
#include "cli/ordered_jobs.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/replay_options.hpp"
#include "cli/shaping_options.hpp"
#include "cli/shard.hpp"
#include "cli/split_output.hpp"
#include "cli/typo_suggestion.hpp"
#include "cli/untagged_context.hpp"
#include "cli/untagged_note.hpp"
#include "cli/usage.hpp"
#include "cli/variant_option.hpp"
#include "formats/diagnostic_print.hpp"
#include "formats/json_writer.hpp"
#include "formats/pgn_writer.hpp"
#include "formats/selected_game_writer.hpp"
#include "parser/parse_record.hpp"
#include "parser/tags.hpp"
#include "parser/where_grammar.hpp"
#include "play/selection.hpp"

namespace floe::cli {

namespace {

struct SelectOptions {
    std::vector<std::string> files;
    std::string variant;
    std::string output;
    bool strict                = false;
    bool allow_null_moves      = false;
    int jobs                   = 1;
    rules::Encoding encoding   = rules::Encoding::Cp1252;
    std::size_t max_game_bytes = 0;
    ProgressMode progress      = ProgressMode::Auto;  // --progress, --no-progress
    ReportOptions report;            // --quiet, --max-errors, --warn, --color, --diagnostics
    ReportSettings report_settings;  // read from `report` when the command runs
    Shard shard;                     // --shard K/N
    // What is written.
    bool canonical = false;
    std::string to = "pgn";
    ShapingOptions shaping;  // --moves, --strip, --add-tags, --no-move-numbers
    bool count = false;
    // Criteria.
    formats::SelectCriteria criteria;
    std::string where, position, pattern, material;
    std::vector<std::string> events;
    bool valid = false, invalid = false, unique = false, duplicates = false;
    GameChoice games;  // --games, --game
    long long first = -1, skip = 0;
    // Splitting.
    long long split_every = 0;
    std::string split_by;
    // Which options were given: an empty value is a value, never the option's absence.
    const CLI::Option *where_option = nullptr, *position_option = nullptr,
                      *pattern_option = nullptr, *material_option = nullptr,
                      *opening_option = nullptr, *split_by_option = nullptr;
};

bool given(const CLI::Option* option) { return option && option->count() > 0; }

// The seen main lines of --unique and --duplicates: 16 bytes a slot in an open-addressing table
// that doubles when 3/4 full (docs/decisions/select.md, "select --unique").
class LineSet {
public:
    /// Adds `key`; true when it was there already.
    bool seen(formats::LineKey key) {
        if (key == formats::LineKey{}) key[0] = 1;  // the empty slot's value
        if ((size_ + 1) * 4 > slots_.size() * 3) grow();
        std::size_t i = key[0] & (slots_.size() - 1);
        while (slots_[i] != formats::LineKey{}) {
            if (slots_[i] == key) return true;
            i = (i + 1) & (slots_.size() - 1);
        }
        slots_[i] = key;
        ++size_;
        return false;
    }

private:
    void grow() {
        std::vector<formats::LineKey> old(slots_.empty() ? 1024 : slots_.size() * 2);
        old.swap(slots_);
        size_ = 0;
        for (const formats::LineKey& k : old)
            if (k != formats::LineKey{}) seen(k);
    }
    std::vector<formats::LineKey> slots_;
    std::size_t size_ = 0;
};

// One game in flight.
struct GameItem {
    parser::GameText text;
    rules::GameRecord record;
    formats::GameSelection selection;
    std::string output;
    rules::DiagnosticLog log;  // reported in input order (FileReport) when `reported`
    bool reported = false;
    formats::VariantReading reading;  // for the untagged-variant note, when the game was replayed
    // Worked on right before its turn (run_ordered's `direct`): whether it is written was
    // decided then (`chosen`), and when it was, its output went straight to the stream.
    bool decided = false, chosen = false, streamed = false;
};

// What a run has done, over all its files.
struct RunState {
    long long matched = 0;  // games that met every criterion (before --skip and --first)
    long long written = 0;
    bool failed       = false;  // a written game, or a game that could not be judged, had errors
    bool stop         = false;  // --first reached
    LineSet lines;
    SplitByNames split_names;  // --split-by: each name's value, so that two never share a file
};

// The line end a game's own bytes use, for what select adds around them.
std::string_view line_end_of(std::string_view game) {
    const std::size_t n = game.find_first_of("\r\n");
    if (n == std::string_view::npos || game[n] == '\n') return "\n";
    return n + 1 < game.size() && game[n + 1] == '\n' ? "\r\n" : "\r";
}

// How the whole run counts a game in the untagged-variant note, for the last `--shard` part's
// count of the games before it (UntaggedNote::start_part): a game in --games is counted when it
// was replayed, by a criterion or by the writer of a selected game.
UntaggedNote::ReadingOf reading_of(const SelectOptions& options,
                                   const formats::GameOptions& game_options, bool as_read) {
    return [&options, &game_options, as_read](const rules::GameRecord& record) {
        if (!options.games.contains(record.number)) return formats::VariantReading{};
        const formats::GameSelection selection =
            formats::select_game(record, game_options, options.criteria, {});
        const bool written = selection.matched && !record.too_large && !options.count &&
                             (options.to == "json" || !as_read);
        if (written) return formats::read_variant(record, game_options);
        return selection.game ? selection.game->setup.reading : formats::VariantReading{};
    };
}

// One input file of a select run: its reading, reports and notes, and the three steps that
// run_ordered takes for each game (read, work on it, hand it over in input order).
class FileSelect {
public:
    FileSelect(const std::string& file, SelectOptions& options, std::ostream* out,
               SplitOutput* split, RunState& run);
    /// Selects the file's games (run_ordered may lower options.jobs).
    void run();

private:
    bool read(GameItem& item);
    void work(GameItem& item, bool direct);
    void hand_over(GameItem& item);
    bool choose(const GameItem& item);
    const formats::ReplayedGame* write(GameItem& item, std::ostream* stream,
                                       const rules::DiagnosticLog& opened,
                                       std::optional<formats::ReplayedGame>& replayed);
    void keep_report(GameItem& item, const formats::ReplayedGame* written,
                     const rules::DiagnosticLog& opened);
    std::string split_file_name(const GameItem& item);

    SelectOptions& options_;
    std::ostream* out_;
    SplitOutput* split_;
    RunState& run_;
    const std::string file_;
    InputStream in_;
    const std::string name_;
    formats::GameOptions game_options_;
    formats::PgnOptions pgn_;
    // Written as read: the game's own bytes, with no writer.
    const bool as_read_;
    // A writer writes each game that matched: from the walk recorded while it was matched.
    const bool writes_;
    parser::GameSource source_;
    Progress progress_;
    FileReport report_;
    UntaggedContext context_;  // undecided untagged games: docs/rules/notation.md §2.7
    UntaggedNote untagged_;
};

FileSelect::FileSelect(const std::string& file, SelectOptions& options, std::ostream* out,
                       SplitOutput* split, RunState& run)
    : options_(options),
      out_(out),
      split_(split),
      run_(run),
      file_(file),
      in_(file, "select"),
      name_(file == "-" ? "<stdin>" : file),
      game_options_(replay_options(options.variant, options.allow_null_moves, options.encoding,
                                   options.max_game_bytes)),
      pgn_(pgn_options(options.shaping, false, options.to == "json")),
      as_read_(!options.canonical && options.to == "pgn" && !options.shaping.given()),
      writes_(!options.count && !as_read_),
      source_(in_.get(), game_options_.parse),
      progress_(progress_mode(options.progress, options.report.quiet), in_, name_),
      report_(options.report_settings, name_, std::cerr) {
    game_options_.strict       = options.strict;
    game_options_.pass_through = true;  // as convert: an unknown variant as written
    // Each game carries its own separator, so a part writes what the single run writes for it.
    const parser::GameSource::Passed passed = apply_shard(options.shard, file, in_, source_);
    context_.prepare(file, "select", options.shard, source_, game_options_);
    untagged_.start_part(options.shard, passed, file, "select", game_options_,
                         reading_of(options, game_options_, as_read_));
}

void FileSelect::run() {
    run_ordered<GameItem>(
        "select", options_.jobs, [this](GameItem& item) { return read(item); },
        [this](GameItem& item, bool direct) { work(item, direct); },
        [this](GameItem& item) { hand_over(item); },
        [](const GameItem& item) { return item.text.game().size(); });
    if (source_.read_failed()) throw UsageError("cannot read " + file_);
    // Under --strict the note is a warning, which fails the run (docs/rules/notation.md §2.7).
    run_.failed = untagged_.report_to(report_, options_.strict) || run_.failed;
}

// The next game in --games, until --first or --max-errors stops the run.
bool FileSelect::read(GameItem& item) {
    return !run_.stop && !report_.stopped() &&
           next_chosen(context_, source_, item.text, options_.games);
}

// Whether a matched game is written, in input order: --unique, --duplicates, --skip and
// --first (on the calling thread, at the game's turn or right before it).
bool FileSelect::choose(const GameItem& item) {
    if (options_.criteria.line_key) {
        const bool repeat = run_.lines.seen(item.selection.line);
        if (repeat != options_.duplicates) return false;
    }
    if (++run_.matched <= options_.skip) return false;
    if (options_.first >= 0 && run_.written >= options_.first) {
        run_.stop = true;
        return false;
    }
    ++run_.written;
    if (options_.first >= 0 && run_.written >= options_.first) run_.stop = true;
    return true;
}

// Matches the game and, when it matched, writes it (one replay for both: the matching replay
// records its walk when a writer writes the game, play/walk_tape.hpp).
void FileSelect::work(GameItem& item, bool direct) {
    item.decided = item.chosen = item.streamed = false;
    if (direct && report_.stopped()) return;  // read ahead past --max-errors: not written
    rules::DiagnosticLog log;
    parser::open_game(item.text, item.record, log, game_options_.parse);
    // What open_game found (a game boundary, bad bytes) goes with every reading of the game:
    // the selection's replay and the writer's.
    const rules::DiagnosticLog opened = log;
    item.selection = formats::select_game(item.record, game_options_, options_.criteria,
                                          std::move(log), writes_);
    item.output.clear();
    item.reported = false;
    item.reading =
        item.selection.game ? item.selection.game->setup.reading : formats::VariantReading{};
    if (item.record.too_large) {  // cannot be judged: reported, as validate does
        item.reported = true;
        item.log      = item.selection.game->log;
        return;
    }
    if (!item.selection.matched) return;
    // Worked on right before its turn, a game to be written goes straight to the output (not
    // into a split folder), so that a large game needs no buffer of its output's size (memory
    // bounds, docs/reliability.md).
    std::ostream* stream = nullptr;
    if (direct && out_ && !options_.count) {
        item.decided = true;
        item.chosen  = choose(item);
        if (!item.chosen) return;
        stream        = out_;
        item.streamed = true;
    }
    std::optional<formats::ReplayedGame> replayed;
    const formats::ReplayedGame* written = write(item, stream, opened, replayed);
    if (written) item.reading = written->setup.reading;
    keep_report(item, written, opened);
}

// Writes a game that matched into its output (or `stream`): through the writer that --to,
// --canonical and --moves name, or as read. Returns the replay the writer wrote from (nullptr
// when written as read, or counted), kept in `replayed` when the writer replayed the game (its
// walk was not recorded: a selection by tags, or a walk too long to keep). `opened`: what
// open_game found.
const formats::ReplayedGame* FileSelect::write(GameItem& item, std::ostream* stream,
                                               const rules::DiagnosticLog& opened,
                                               std::optional<formats::ReplayedGame>& replayed) {
    if (options_.count) return nullptr;  // counted, not written
    const formats::TextOut to(item.output, stream);
    const formats::ReplayedGame* recorded =
        item.selection.walk_recorded ? &*item.selection.game : nullptr;
    const formats::ReplayedGame* written = nullptr;
    if (options_.to == "json") {
        if (recorded && formats::write_selected_json(to, name_, item.record, *recorded, hint_words))
            written = recorded;
        else
            written = &replayed.emplace(formats::write_game_json(
                to, name_, item.record, game_options_, false, opened, hint_words));
        // (the JSON object ends its own line)
    } else {
        std::string_view line_end = "\n";  // the line end the game's output uses: the writers LF
        if (!as_read_) {
            if (recorded && formats::write_selected_pgn(to, item.record, *recorded, pgn_))
                written = recorded;
            else
                written = &replayed.emplace(
                    formats::write_pgn(to, item.record, game_options_, pgn_, opened));
        } else {
            const std::string_view game = item.text.game();
            line_end                    = line_end_of(game);
            if (stream)
                stream->write(game.data(), static_cast<std::streamsize>(game.size()));
            else
                item.output.append(game);
            item.output += line_end;
        }
        // A PGN game ends with a blank line (the PGN standard, section 8.2.1), after every game,
        // the last too: a game's bytes never depend on which games around it are selected. A
        // move list (--moves uci --no-move-numbers) is one line a game, as convert writes it.
        if (!pgn_.move_list()) item.output += line_end;
    }
    if (stream) {
        *stream << item.output;
        item.output.clear();
    }
    return written;
}

// Keeps the diagnostics the game reports at its turn. Written through a writer, the game reports
// as convert does: all its diagnostics. Written as read, the diagnostics of a broken game go with
// it, as validate prints them: the replay's, or without one what reading the game found.
void FileSelect::keep_report(GameItem& item, const formats::ReplayedGame* written,
                             const rules::DiagnosticLog& opened) {
    const rules::DiagnosticLog& found =
        written ? written->log : (item.selection.game ? item.selection.game->log : opened);
    const bool broken = found.dropped_errors() > 0 ||
                        std::any_of(found.list().begin(), found.list().end(), [](const auto& d) {
                            return d.severity == rules::Severity::Error;
                        });
    if (broken || (written && !found.list().empty())) {
        item.reported = true;
        item.log      = found;
    }
}

// At the game's turn: its report, and its output to the output or its split file.
void FileSelect::hand_over(GameItem& item) {
    if (report_.stopped()) return;  // read ahead by other threads past --max-errors
    progress_.game();
    // A game with errors makes the run fail (exit 1), under --warn's severities.
    const auto report_game = [&] {
        if (item.reported)
            run_.failed = report_.report(item.record, item.log).errors > 0 || run_.failed;
    };
    untagged_.count(item.reading);
    if (item.record.too_large) {
        report_game();
        return;
    }
    if (!item.selection.matched) return;
    if (!(item.decided ? item.chosen : choose(item))) return;
    report_game();
    if (options_.count || item.streamed) return;
    if (split_)
        split_->append(split_file_name(item), item.output, "");
    else
        *out_ << item.output;
}

// The file of the split folder a chosen game goes to: --split-every's number, or --split-by's
// tag value.
std::string FileSelect::split_file_name(const GameItem& item) {
    std::string file_name;
    if (options_.split_every > 0) {
        file_name = split_every_name(
            static_cast<std::uint64_t>((run_.written - 1) / options_.split_every + 1));
    } else {
        const std::optional<std::string> value = parser::find_tag(item.record, options_.split_by);
        file_name =
            run_.split_names.name(value ? std::optional<std::string_view>(*value) : std::nullopt);
    }
    file_name += options_.to == "json" ? ".jsonl" : ".pgn";
    return file_name;
}

// An option's text as read (rules/selection/parse_error.hpp), or its usage error, naming the
// column in the option's text when the error has one.
template <class T>
T parsed_or_usage(const char* option, rules::selection::Parsed<T> parsed) {
    if (parsed.ok()) return std::move(parsed.value());
    const rules::selection::ParseError& e = parsed.error();
    if (e.column) throw UsageError(fmt::format("{}: column {}: {}", option, *e.column, e.reason));
    throw UsageError(fmt::format("{}: {}", option, e.reason));
}

// Reads the criteria written in their own languages: --opening, --where, --position, --pattern
// and --material.
void read_criteria(SelectOptions& o) {
    if (given(o.opening_option))
        o.criteria.opening =
            parsed_or_usage("--opening", formats::parse_opening(o.criteria.opening));
    if (given(o.where_option))
        o.criteria.where = parsed_or_usage("--where", parser::parse_where(o.where));
    if (given(o.position_option))
        o.criteria.position =
            parsed_or_usage("--position", formats::parse_select_position(o.position));
    if (given(o.pattern_option))
        o.criteria.pattern =
            parsed_or_usage("--pattern", rules::selection::parse_board_pattern(o.pattern));
    if (given(o.material_option))
        o.criteria.material =
            parsed_or_usage("--material", rules::selection::parse_material(o.material));
}

void check_options(SelectOptions& o) {
    if (o.valid && o.invalid) throw UsageError("--valid and --invalid exclude each other");
    if (o.unique && o.duplicates) throw UsageError("--unique and --duplicates exclude each other");
    if (given(o.split_by_option) && o.split_by.empty())
        throw UsageError("--split-by: give the name of a tag");
    if (o.split_every > 0 && given(o.split_by_option))
        throw UsageError("--split-every and --split-by exclude each other");
    const bool split = o.split_every > 0 || given(o.split_by_option);
    if (split && (o.output.empty() || o.output == "-"))
        throw UsageError("--split-every and --split-by write into the folder -o DIR names");
    if (split && o.count) throw UsageError("--count writes no games: it cannot split them");
    if (o.shard.active() && (o.unique || o.duplicates || o.skip > 0 || o.first >= 0 || split))
        throw UsageError(
            "--shard cannot be combined with --unique, --duplicates, --skip, --first, "
            "--split-every or --split-by: they depend on the games of the other parts");
    if (o.to == "json" && o.canonical)
        throw UsageError("--canonical writes PGN; --to json is its own form");
    pgn_options(o.shaping, false, o.to == "json");  // its usage errors before anything is read
    o.criteria.validity = o.valid     ? formats::Validity::Valid
                          : o.invalid ? formats::Validity::Invalid
                                      : formats::Validity::Any;
    o.criteria.line_key = o.unique || o.duplicates;
    for (const std::string& e : o.events) {
        const std::uint8_t bit = formats::select_event(e);
        if (bit == 0) {
            const std::vector<std::string_view> names = formats::select_event_names();
            throw UsageError("--event: " + unknown_value(e, "event", {names.begin(), names.end()}));
        }
        o.criteria.events |= bit;
    }
    o.games.read();
    read_criteria(o);
}

// What is written: --canonical, --to, --moves, --count.
void add_form_options(CLI::App& cmd, const std::shared_ptr<SelectOptions>& o) {
    cmd.add_flag("--canonical", o->canonical,
                 "Write the selected games through the canonical PGN writer, not as read");
    cmd.add_option("--to", o->to, "Output format: pgn (as read, or --canonical) or json")
        ->transform(CLI::IsMember({"pgn", "json"}, CLI::ignore_case))
        ->capture_default_str();
    add_shaping_options(cmd, o->shaping,
                        "Move notation of the written PGN (canonical): san, lan, uci, figurine");
    cmd.add_flag("--count", o->count, "Print only the number of games selected");
}

// The criteria (docs/commands.md, "select").
void add_criteria_options(CLI::App& cmd, SelectOptions& o) {
    o.where_option =
        cmd.add_option("--where", o.where,
                       "Games whose tags satisfy EXPR: 'WhiteElo >= 2400 and Result == \"1-0\"' "
                       "(docs/where.md)")
            ->group("Criteria");
    o.position_option =
        cmd.add_option("--position", o.position,
                       "Main lines that reach this position: a FEN, or a Glacial Shift position "
                       "string (the clocks are left out)")
            ->group("Criteria");
    o.pattern_option =
        cmd.add_option("--pattern", o.pattern,
                       "Main lines with a board that fits this FEN board field ('?' any square; "
                       "9 ranks: a Glacial Shift board)")
            ->group("Criteria");
    o.material_option =
        cmd.add_option("--material", o.material,
                       "Main lines with this material: 'KQ vs KR' exactly, 'KQ+ vs KR' at least "
                       "(docs/commands.md lists the letters of ice and of Glacial Shift)")
            ->group("Criteria");
    o.opening_option =
        cmd.add_option(
               "--opening", o.criteria.opening,
               "Main lines that start with these moves ('e4 e5 Nf3'), in the game's variant")
            ->group("Criteria");
    cmd.add_option("--event", o.events,
                   "Games with any of these events on the main line: ice-age, frozen-piece, "
                   "frozen-king, glacial-mate, bare-mate, checkmate, stalemate")
        ->delimiter(',')
        ->allow_extra_args(false)  // one list per use: the FILEs after it stay files
        ->group("Criteria");
    cmd.add_flag("--valid", o.valid, "Games that replay without error")->group("Criteria");
    cmd.add_flag("--invalid", o.invalid, "Games with errors (their diagnostics on standard error)")
        ->group("Criteria");
    cmd.add_flag("--unique", o.unique,
                 "Drop games whose main line repeats an earlier game's, from the same start")
        ->group("Criteria");
    cmd.add_flag("--duplicates", o.duplicates, "Keep only those repeats")->group("Criteria");
    add_game_options(cmd, o.games, "Criteria");
    cmd.add_option("--skip", o.skip, "Leave out the first N games selected")
        ->check(whole_number_from(0))
        ->group("Criteria");
    cmd.add_option("--first", o.first, "Stop after N games selected")
        ->check(whole_number_from(0))
        ->group("Criteria");
}

// Splitting: --split-every, --split-by.
void add_split_options(CLI::App& cmd, SelectOptions& o) {
    cmd.add_option(
           "--split-every", o.split_every,
           "Write files of N games each (000001.pgn, 000002.pgn, ...) into the folder -o names")
        ->check(whole_number_from(1));
    o.split_by_option = cmd.add_option(
        "--split-by", o.split_by,
        "Write one file per value of this tag into the folder -o names (a value that is no safe "
        "lower-case name gets a hash: Smith is written to smith-HASH.pgn; no tag to -.pgn)");
}

// The run, once the options are read: each file, then the count or the commit of the output.
void run_select(SelectOptions& o, ExitCode& exit_code) {
    check_options(o);
    o.report_settings    = report_settings(o.report);
    const bool splitting = o.split_every > 0 || given(o.split_by_option);
    std::unique_ptr<Output> output;
    std::unique_ptr<SplitOutput> split;
    if (splitting)
        split = std::make_unique<SplitOutput>(o.output, o.files);
    else
        output = std::make_unique<Output>(o.output, o.files);
    ExitCode code = ExitCode::Ok;
    RunState run;
    for (const std::string& f : o.files) {
        if (run.stop) break;
        try {
            FileSelect(f, o, output ? &output->stream() : nullptr, split.get(), run).run();
        } catch (const WriteError& e) {
            // No split file is put in place: the folder keeps what it had.
            std::cerr << "floe select: " << e.what() << '\n';
            exit_code = ExitCode::Usage;
            return;
        } catch (const UsageError& e) {
            std::cerr << "floe select: " << e.what() << '\n';
            code = ExitCode::Usage;
        }
    }
    if (run.failed) code = std::max(code, ExitCode::Invalid);
    if (o.count) output->stream() << run.written << '\n';
    // An input that could not be read would leave files with games missing: the old files
    // stay (standard output has its games already).
    if (code == ExitCode::Usage && (split || output->replaces_file()))
        std::cerr << "floe select: " << o.output
                  << " not written, since an input could not be read\n";
    else if (split)
        split->commit();
    else
        output->commit();
    exit_code = code;
}

}  // namespace

void setup_select(CLI::App& app, ExitCode& exit_code) {
    auto o        = std::make_shared<SelectOptions>();
    CLI::App* cmd = app.add_subcommand(
        "select", "Write the games that meet every criterion, as read (or canonical, or JSON)");
    cmd->add_option("FILE", o->files, "Record files (- = standard input)")->required();
    add_form_options(*cmd, o);
    add_criteria_options(*cmd, *o);
    add_split_options(*cmd, *o);
    add_record_variant_option(*cmd, o->variant, Games::ChessAndGlacial);
    add_encoding_option(*cmd, o->encoding);
    add_max_game_bytes_option(*cmd, o->max_game_bytes);
    cmd->add_flag("--strict", o->strict, "Treat every warning as an error");
    add_null_moves_option(*cmd, o->allow_null_moves);
    add_output_option(*cmd, o->output);
    add_jobs_option(*cmd, o->jobs);
    add_progress_options(*cmd, o->progress);
    add_report_options(*cmd, o->report);
    add_shard_option(*cmd, o->shard);
    cmd->callback([o, &exit_code] { run_select(*o, exit_code); });
}

}  // namespace floe::cli
