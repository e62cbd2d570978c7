#include "cli/progress.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "cli/input.hpp"

namespace floe::cli {

using namespace std::chrono_literals;

void add_progress_options(CLI::App& cmd, ProgressMode& mode) {
    CLI::Option* on = cmd.add_flag_callback(
        "--progress", [&mode] { mode = ProgressMode::Always; },
        "Show the progress line on standard error even when it is not a terminal");
    CLI::Option* off = cmd.add_flag_callback(
        "--no-progress", [&mode] { mode = ProgressMode::Never; },
        "Never show the progress line (shown by default when standard error is a terminal, unless "
        "--quiet)");
    on->excludes(off);
}

ProgressMode progress_mode(ProgressMode given, bool quiet) {
    return quiet && given == ProgressMode::Auto ? ProgressMode::Never : given;
}

namespace {

// "812 B", "4.0 KiB", "39.3 MiB": binary units, as pv and du -h use them.
std::string amount(std::uint64_t bytes) {
    if (bytes < 1024) return fmt::format("{} B", bytes);
    static constexpr const char* Units[] = {"KiB", "MiB", "GiB", "TiB"};
    double value                         = static_cast<double>(bytes) / 1024;
    std::size_t unit                     = 0;
    while (value >= 1024 && unit + 1 < std::size(Units)) {
        value /= 1024;
        ++unit;
    }
    return fmt::format("{:.1f} {}", value, Units[unit]);
}

// "0:07", "12:30", "1:02:03".
std::string duration(double seconds) {
    const auto s = static_cast<long long>(seconds + 0.5);
    if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    return fmt::format("{}:{:02}", s / 60, s % 60);
}

// The delay before the line first shows: a second, or FLOE_PROGRESS_DELAY_MS (tests set 0, so
// that the line shows whatever the machine's speed).
std::chrono::milliseconds first_delay() {
    if (const char* text = std::getenv("FLOE_PROGRESS_DELAY_MS")) {
        char* end        = nullptr;
        const long value = std::strtol(text, &end, 10);
        if (end != text && *end == '\0' && value >= 0) return std::chrono::milliseconds(value);
    }
    return 1000ms;
}

// A terminal that moves no cursor: the escape would show as text.
bool dumb_terminal() {
    const char* term = std::getenv("TERM");
    return term && std::strcmp(term, "dumb") == 0;
}

// The terminal's width on standard error, 0 when not known: a longer line would wrap, and `\r`
// would then rewrite only its last row.
int columns() {
    winsize size{};
    if (::ioctl(2, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}

// Gives `stream` the buffer `to` and returns its previous one. The stream's state is kept
// (rdbuf() would clear it): StandardOutput reads std::cout's at the end.
std::streambuf* swap_buffer(std::ostream& stream, std::streambuf* to) {
    const std::ios::iostate state = stream.rdstate();
    std::streambuf* const from    = stream.rdbuf(to);
    stream.setstate(state);
    return from;
}

}  // namespace

std::string progress_line(const ProgressState& state) {
    std::string line = state.name + ": " + amount(state.bytes);
    if (state.size) {
        const std::uint64_t size = *state.size;
        const std::uint64_t percent =
            size == 0 ? 100 : std::min<std::uint64_t>(100, state.bytes * 100 / size);
        line += fmt::format(" of {} ({}%)", amount(size), percent);
    }
    line += fmt::format(", {} game{}", state.games, state.games == 1 ? "" : "s");
    if (state.seconds > 0) {
        line += fmt::format(", {:.0f} games/s", static_cast<double>(state.games) / state.seconds);
        if (state.size && state.bytes > 0) {
            const double left =
                static_cast<double>(*state.size - std::min(*state.size, state.bytes));
            line +=
                ", " + duration(state.seconds * left / static_cast<double>(state.bytes)) + " left";
        }
    }
    return line;
}

// Erases the line before it forwards a write: what the commands write to standard error (or to
// standard output on the same terminal) never lands after the line's text. It has no buffer of
// its own, so every write reaches the stream it guards in order.
class Progress::EraseFirst final : public std::streambuf {
public:
    EraseFirst(Progress& progress, std::streambuf* target) : progress_(progress), target_(target) {}

protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof()))
            return target_->pubsync() == 0 ? traits_type::not_eof(c) : traits_type::eof();
        progress_.erase();
        return target_->sputc(traits_type::to_char_type(c));
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        if (n > 0) progress_.erase();
        return target_->sputn(s, n);
    }
    int sync() override { return target_->pubsync(); }

private:
    Progress& progress_;
    std::streambuf* target_;
};

Progress::Progress(ProgressMode mode, const InputStream& input, std::string name)
    : input_(input), name_(std::move(name)) {
    const bool terminal = ::isatty(2) == 1;
    on_                 = mode == ProgressMode::Always ||
          (mode == ProgressMode::Auto && terminal && !dumb_terminal());
    if (!on_) return;
    start_ = last_check_ = Clock::now();
    next_draw_           = start_ + first_delay();
    size_                = input.size();
    if (terminal) width_ = columns();
    error_       = std::cerr.rdbuf();
    error_guard_ = std::make_unique<EraseFirst>(*this, error_);
    swap_buffer(std::cerr, error_guard_.get());
    // Results on the same terminal (validate's summary, fen's lines) would land after the line.
    if (terminal && ::isatty(1) == 1) {
        output_       = std::cout.rdbuf();
        output_guard_ = std::make_unique<EraseFirst>(*this, output_);
        swap_buffer(std::cout, output_guard_.get());
    }
}

Progress::~Progress() {
    if (!on_) return;
    erase();
    if (output_guard_) swap_buffer(std::cout, output_);
    swap_buffer(std::cerr, error_);
}

void Progress::tick() {
    const Clock::time_point now = Clock::now();
    // About 10 ms between reads of the clock: a read costs about 100 ns here, near 1% of a game
    // that fails at its first move (the book read as Ice Age: 14 us a game).
    const Clock::duration since = now - last_check_;
    if (since < 5ms && games_per_check_ < 4096)
        games_per_check_ *= 2;
    else if (since > 20ms && games_per_check_ > 1)
        games_per_check_ /= 2;
    countdown_  = games_per_check_;
    last_check_ = now;
    if (now < next_draw_) return;
    draw(now);
    next_draw_ = now + 250ms;
}

void Progress::draw(Clock::time_point now) {
    if (output_) output_->pubsync();  // the results so far go before the line
    const ProgressState state{name_, input_.bytes_read(), size_, games_,
                              std::chrono::duration<double>(now - start_).count()};
    std::string line = progress_line(state);
    if (width_ > 1 && line.size() >= static_cast<std::size_t>(width_)) {
        std::size_t cut = static_cast<std::size_t>(width_) - 1;
        // Not inside a UTF-8 sequence (a file name's).
        while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
        line.resize(cut);
    }
    line.insert(0, "\r");
    line += "\x1b[K";
    error_->sputn(line.data(), static_cast<std::streamsize>(line.size()));
    error_->pubsync();
    visible_ = true;
}

void Progress::erase() {
    if (!visible_) return;
    visible_ = false;
    error_->sputn("\r\x1b[K", 4);
    error_->pubsync();
}

}  // namespace floe::cli
