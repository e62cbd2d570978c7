#pragma once
// The progress line of the record commands (validate, convert, fen --all, select): how far a
// long run is, on standard error, rewritten in place and erased at the end (issue 17).

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <streambuf>
#include <string>

namespace floe::cli {

class InputStream;

/// `--progress` / `--no-progress`: Auto shows the line only when standard error is a terminal.
enum class ProgressMode { Auto, Always, Never };

/// Adds `--progress` (Always) and `--no-progress` (Never), which exclude each other, bound to
/// `mode` (Auto when neither is given).
void add_progress_options(CLI::App& cmd, ProgressMode& mode);

/// The mode a run uses, from the one given and `--quiet`: under `--quiet` Auto becomes Never (a
/// quiet run writes only errors and summaries, as `curl -s` and `wget -q` show no progress);
/// `--progress` still forces the line. Reports nothing. docs/commands.md, Conventions.
ProgressMode progress_mode(ProgressMode given, bool quiet);

/// What one progress line shows.
struct ProgressState {
    std::string name;                   ///< the input, as diagnostics name it ("<stdin>")
    std::uint64_t bytes = 0;            ///< read from the input so far (compressed bytes if so)
    std::optional<std::uint64_t> size;  ///< the input's size, when it is a regular file
    long long games = 0;                ///< games done
    double seconds  = 0;                ///< since the input was opened
};

/// The line for `state`, without `\r` or escapes:
/// "NAME: 39.3 MiB of 81.7 MiB (48%), 70000 games, 35000 games/s, 0:02 left"; without a size,
/// "NAME: 39.3 MiB, 70000 games, 35000 games/s". Bytes are in B, KiB, MiB or GiB; the rate is
/// left out before a tenth of a second has passed, the time left (h:mm:ss or m:ss, from the
/// bytes' rate) until some bytes were read.
std::string progress_line(const ProgressState& state);

/// The progress line of one input, fed by the command's loop: game() once per game done, on the
/// thread that writes the output. It first shows after about a second (the environment variable
/// FLOE_PROGRESS_DELAY_MS changes the delay, for tests), is redrawn at most every 250 ms, in
/// place (`\r`, the line, `\x1b[K`), and is erased (`\r\x1b[K`) when the object is destroyed.
///
/// While it lives, std::cerr (and std::cout when it is a terminal beside a terminal standard
/// error) writes through a buffer that erases the line before anything else is written, so a
/// diagnostic or a result never shares the line; the next redraw brings it back. Off (mode
/// Never, or Auto with standard error not a terminal, or TERM=dumb), it does nothing.
class Progress {
public:
    /// `input` must outlive the object; `name` is the input's name in the line.
    Progress(ProgressMode mode, const InputStream& input, std::string name);
    ~Progress();
    Progress(const Progress&)            = delete;
    Progress& operator=(const Progress&) = delete;

    /// One more game done. The clock is read only every few games (as many as take about
    /// 10 ms), so this costs an increment and a compare per game.
    void game() {
        ++games_;
        if (on_ && --countdown_ == 0) tick();
    }

private:
    class EraseFirst;  // a stream buffer that erases the line before it forwards a write
    using Clock = std::chrono::steady_clock;

    void tick();
    void draw(Clock::time_point now);
    void erase();

    const InputStream& input_;
    std::string name_;
    bool on_                  = false;
    bool visible_             = false;
    long long games_          = 0;
    unsigned countdown_       = 1;  // games until the clock is read again
    unsigned games_per_check_ = 1;
    Clock::time_point start_, last_check_, next_draw_;
    std::optional<std::uint64_t> size_;
    std::streambuf* error_ = nullptr;  // standard error's own buffer, where the line goes
    std::unique_ptr<EraseFirst> error_guard_, output_guard_;
    std::streambuf* output_ = nullptr;  // standard output's buffer, when guarded
    int width_              = 0;        // the terminal's columns, 0 when not known
};

}  // namespace floe::cli
