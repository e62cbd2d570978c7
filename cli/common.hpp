#pragma once
// What the subcommands share: exit codes, input files, the --variant option, positions given
// on the command line. Rendering and rules live in formats/ and rules/, never here.

#include <CLI/CLI.hpp>
#include <fstream>
#include <memory>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>

#include "rules/chess/position.hpp"
#include "rules/chess/variant.hpp"
#include "rules/encoding.hpp"
#include "rules/glacial/position.hpp"

namespace floe::cli {

/// Process exit codes (docs/rules/notation.md §9.5). When files mix outcomes, the highest wins.
enum ExitCode : int {
    ExitOk      = 0,  ///< all valid, or warnings only
    ExitInvalid = 1,  ///< a record or position is invalid (or, under --strict, has warnings)
    ExitUsage   = 2,  ///< usage, option or I/O error
};

/// Thrown by a subcommand to end with a usage or I/O error; main prints it and exits 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// A CLI11 check that the value is a whole number at least `minimum`; its message names the
/// rule ("a whole number from 1") instead of CLI11's numeric range.
CLI::Validator whole_number_from(long long minimum);

/// The whole content of FILE, or standard input for "-". Throws UsageError when unreadable.
std::string read_input(const std::string& path);

/// A record file opened for streaming (record files are read a chunk at a time), or standard
/// input for "-": the one place every record-reading command opens its input. Its first bytes
/// are read first (formats/input_kind.hpp) and served again by get(), so this works on pipes.
class InputStream {
public:
    /// Throws UsageError when FILE is a directory or cannot be opened, and when its first bytes
    /// show no text: compressed, an archive, UTF-16 or UTF-32, binary. `command` ("validate")
    /// names the subcommand in the message's example (`zstd -dc F | floe validate -`).
    InputStream(const std::string& path, std::string_view command);
    InputStream(const InputStream&)            = delete;
    InputStream& operator=(const InputStream&) = delete;
    ~InputStream();
    std::istream& get();

private:
    class Replay;  // the head, then the rest of the input
    std::ifstream file_;
    std::unique_ptr<Replay> buffer_;
    std::unique_ptr<std::istream> stream_;
};

/// Adds `--encoding cp1252|latin1|cp437` bound to `encoding`: how bytes that are not UTF-8 are
/// read (docs/rules/notation.md §1.13); the default is cp1252.
CLI::Option* add_encoding_option(CLI::App& cmd, rules::Encoding& encoding);

/// `--jobs N`: the number of threads that parse and replay games (validate, convert, fen --all);
/// 0 means one per core (run_ordered in cli/ordered_jobs.hpp).
CLI::Option* add_jobs_option(CLI::App& cmd, int& jobs);

/// `-o FILE` (`--output`), bound to `path`; written through an Output (cli/output.hpp).
CLI::Option* add_output_option(CLI::App& cmd, std::string& path);

/// The games a command's --variant accepts: the chess variants, or also Glacial Shift (only
/// for the commands that have a Glacial Shift path).
enum class Games { Chess, ChessAndGlacial };

/// Adds `--variant V` bound to `name`, checked against the variant table (rules/variants.hpp,
/// docs/rules/notation.md §2.2), and the table's list of variants as the command's help footer.
CLI::Option* add_variant_option(CLI::App& cmd, std::string& name, Games games = Games::Chess);

/// --variant's one-line help, generated from the variant table: every accepted name, the
/// default marked.
std::string variant_option_help(Games games);

/// The help footer of a command with --variant, generated from the variant table: each accepted
/// variant with its line of help and its aliases.
std::string variant_list_help(Games games);

/// True when --variant names Glacial Shift.
bool glacial_variant(const std::string& name);

/// The chess variant named by --variant, or nullptr when the option was not given.
const rules::chess::Variant* chess_variant(const std::string& name);

/// A position given as a positional FEN, --fen or --fen-file (docs/rules/notation.md §9.2).
struct PositionArgs {
    std::string fen;
    std::string fen_file;
    std::string variant;
};

/// Registers --fen, --fen-file and --variant on `cmd`.
void add_position_options(CLI::App& cmd, PositionArgs& args, Games games = Games::Chess);

/// Parses the position; on a FEN error prints the diagnostics to standard error and returns
/// nullopt (exit 1). Warnings are printed too. `positional` is the FEN given as an argument.
std::optional<rules::chess::Position> load_position(const PositionArgs& args,
                                                    const std::string& positional, bool strict);

/// The same for a Glacial Shift position string (docs/rules/notation.md §6.8): on an error prints
/// the diagnostics to standard error and returns nullopt (exit 1).
std::optional<rules::glacial::Position> load_glacial_position(const PositionArgs& args,
                                                              const std::string& positional);

}  // namespace floe::cli

#include <fmt/format.h>

#include "formats/main_line.hpp"
#include "formats/replay_game.hpp"
#include "parser/parse_record.hpp"
#include "rules/record.hpp"

namespace floe::cli {

/// One game of a record file, opened, and how it is to be replayed.
struct SelectedGame {
    parser::GameText text;  ///< the game's bytes (the record's views point into it)
    std::string file;       ///< the name used in diagnostics
    rules::GameRecord record;
    rules::DiagnosticLog log;  ///< what open_game reported
    formats::GameOptions options;
};

/// Reads FILE up to its game `number` (1-based; streaming, the games before are only scanned)
/// and opens that game, to be replayed under --variant `variant` (and --allow-null-moves when
/// `allow_null_moves`), its bytes that are not UTF-8 read in `encoding`. Throws UsageError when
/// the file has no such game or is no text (InputStream; `command` names the subcommand).
std::unique_ptr<SelectedGame> select_game(const std::string& file, int number,
                                          const std::string& variant, rules::Encoding encoding,
                                          std::string_view command, bool allow_null_moves = false);

/// Prints a selected game's errors (not its warnings: that is validate's job) to standard error.
void print_errors(const SelectedGame& selected, const formats::ReplayedGame& game);

/// Checks what a main-line ply asked for gives (formats::PlyAt): true when the position is
/// there; false when an error stopped the main line before it (printed already: exit 1).
/// Throws UsageError when the main line is valid and shorter than `ply`.
template <class G>
bool reached(const SelectedGame& selected, const formats::PlyAt<G>& at,
             const formats::ReplayedGame& game) {
    if (at.ply < 0) return !game.main_line_failed();  // the last position: the game's end
    if (at.ply <= at.reached) return true;
    if (game.main_line_failed()) return false;
    throw UsageError(fmt::format("game {} has {} plies, not ply {}", selected.record.number,
                                 at.reached, at.ply));
}

}  // namespace floe::cli
