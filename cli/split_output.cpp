#include "cli/split_output.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "cli/output.hpp"
#include "cli/temp_file.hpp"
#include "cli/usage.hpp"
#include "rules/encoding.hpp"

namespace floe::cli {

namespace {

// Files open at once: up to the descriptors floe may have, less a margin for its inputs. Each
// file stays unnamed (O_TMPFILE) while open; one closed to make room gets its hidden name.
std::size_t max_open_files() {
    constexpr rlim_t Wanted = 65536, Margin = 256, Least = 32;
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return Least;
    if (limit.rlim_cur < Wanted && limit.rlim_cur < limit.rlim_max) {
        rlimit raised   = limit;
        raised.rlim_cur = std::min(Wanted, limit.rlim_max);
        if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    return limit.rlim_cur > Least + Margin ? static_cast<std::size_t>(limit.rlim_cur - Margin)
                                           : Least;
}

std::string cannot_write(const std::string& path, int error) {
    return fmt::format("cannot write {}: {}", path, std::strerror(error));
}

bool is_unsafe(unsigned char c) {
    return c < 0x20 || c == 0x7F ||
           std::string_view("/\\:*?\"<>|").find(static_cast<char>(c)) != std::string_view::npos;
}

constexpr std::size_t MaxNameBytes = 100;

// A character that shows nothing or turns the text around in a listing: C1 controls, zero-width
// characters, the bidirectional marks, embeddings, overrides and isolates, and U+FEFF.
bool is_invisible(std::string_view ch) {
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(ch[i]); };
    if (ch.size() == 2) return b(0) == 0xC2 && b(1) < 0xA0;  // U+0080 to U+009F
    if (ch.size() != 3) return false;
    if (b(0) == 0xEF) return b(1) == 0xBB && b(2) == 0xBF;  // U+FEFF
    if (b(0) != 0xE2) return false;
    return (b(1) == 0x80 && ((b(2) >= 0x8B && b(2) <= 0x8F) || (b(2) >= 0xAA && b(2) <= 0xAE))) ||
           (b(1) == 0x81 && b(2) >= 0xA6 && b(2) <= 0xA9);
}

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

// A name Windows gives to a device whatever follows its first dot (`CON`, `con.txt`, `COM1`,
// `LPT¹`), in any case, trailing spaces before the dot ignored.
bool is_device_name(std::string_view name) {
    std::string base(name.substr(0, name.find('.')));
    while (!base.empty() && base.back() == ' ') base.pop_back();
    for (char& c : base) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (base == "con" || base == "prn" || base == "aux" || base == "nul") return true;
    if (base.size() < 4 || (base.compare(0, 3, "com") != 0 && base.compare(0, 3, "lpt") != 0))
        return false;
    const std::string_view digit = std::string_view(base).substr(3);
    return (digit.size() == 1 && digit[0] >= '0' && digit[0] <= '9') || digit == "\xC2\xB9" ||
           digit == "\xC2\xB2" || digit == "\xC2\xB3";  // superscript 1, 2, 3
}

// Already a name, and the same name on every file system: printable ASCII without capitals (no
// case folding or Unicode normalization can make two of them one), no dot or space at the end
// (Windows drops them), no hidden file, no device, and not of the form the other names take.
bool is_safe_as_is(std::string_view value) {
    if (value.empty() || value.size() > MaxNameBytes || value == "_" || value == "-") return false;
    for (const char ch : value) {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x80 || is_unsafe(c) || (c >= 'A' && c <= 'Z')) return false;
    }
    if (value.front() == '.' || value.back() == '.' || value.back() == ' ') return false;
    if (is_device_name(value)) return false;
    // `x-1f3a09c2` is how a value that is not safe is named.
    const std::size_t n = value.size();
    if (n >= 9 && value[n - 9] == '-' &&
        std::all_of(value.end() - 8, value.end(), [](char c) { return is_hex(c); }))
        return false;
    return true;
}

// The value's characters that are safe, capitals folded (ASCII only), the rest `_`, cut on a
// character boundary at 100 bytes; never empty, hidden, or ending in a dot or space, and with the
// hash after it never a device.
std::string made_safe(std::string_view value) {
    std::string out;
    std::size_t i = 0;
    while (i < value.size()) {
        const std::size_t n    = rules::utf8_length(value, i);
        const std::size_t take = n == 0 ? 1 : n;  // a byte that is not UTF-8: one `_`
        if (out.size() + take > MaxNameBytes) break;
        const auto c = static_cast<unsigned char>(value[i]);
        if (n == 0 || (n == 1 && is_unsafe(c)) || is_invisible(value.substr(i, n)))
            out += '_';
        else if (n == 1)
            out += static_cast<char>(std::tolower(c));
        else
            out.append(value.substr(i, n));
        i += take;
    }
    if (out.empty()) out = "_";
    if (out.front() == '.') out.front() = '_';
    if (out.back() == '.' || out.back() == ' ') out.back() = '_';
    // The hash follows: only a base before a dot (`con.txt-…`) can still be a device.
    if (const std::size_t dot = out.find('.'); dot != std::string::npos && is_device_name(out))
        out.insert(dot, "_");
    return out;
}

}  // namespace

std::uint32_t fnv1a_32(std::string_view bytes) {
    std::uint32_t hash = 2166136261u;
    for (const char c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 16777619u;
    }
    return hash;
}

std::string split_by_name(std::optional<std::string_view> value) {
    if (!value) return "-";
    if (is_safe_as_is(*value)) return std::string(*value);
    return fmt::format("{}-{:08x}", made_safe(*value), fnv1a_32(*value));
}

std::string SplitByNames::name(std::optional<std::string_view> value) {
    std::string name = split_by_name(value);
    const auto [it, added] =
        value_of_.try_emplace(name, value ? std::optional<std::string>(*value) : std::nullopt);
    if (!added && it->second != value) {
        const auto shown = [](const std::optional<std::string>& v) {
            return v ? fmt::format("\"{}\"", *v) : std::string("(no tag)");
        };
        throw WriteError(
            fmt::format("--split-by: the values {} and {} would share the file "
                        "{}; nothing was written",
                        shown(it->second),
                        shown(value ? std::optional<std::string>(*value) : std::nullopt), name));
    }
    return name;
}

std::string split_every_name(std::uint64_t number) {
    if (number > MaxSplitFiles)
        throw WriteError(
            fmt::format("--split-every would need a file {}, past {}.pgn, the last six-digit name; "
                        "nothing was written",
                        number, MaxSplitFiles));
    return fmt::format("{:06}", number);
}

struct SplitOutput::File {
    std::string destination;
    TempFile temp;
    bool has_text = false;
    std::list<File*>::iterator open_at;
};

SplitOutput::SplitOutput(std::string folder, std::vector<std::string> inputs)
    : folder_(std::move(folder)), inputs_(std::move(inputs)), max_open_(max_open_files()) {
    check_standard_error(inputs_);  // `2>> x.pgn` would read its own diagnostics
    std::error_code ec;
    std::filesystem::create_directories(folder_, ec);
    if (ec || !std::filesystem::is_directory(folder_))
        throw UsageError(fmt::format("cannot make the folder {}: {}", folder_,
                                     ec ? ec.message() : "it exists and is no folder"));
}

SplitOutput::~SplitOutput() = default;  // each TempFile removes its file

void SplitOutput::close_one() {
    File* oldest = open_.back();
    open_.pop_back();
    if (const int error = oldest->temp.close())
        throw WriteError(cannot_write(oldest->destination, error));
}

SplitOutput::File& SplitOutput::file(const std::string& name) {
    auto [it, added] = files_.try_emplace(name);
    if (!added) return *it->second;
    it->second    = std::make_unique<File>();
    File& f       = *it->second;
    f.destination = (std::filesystem::path(folder_) / name).string();
    try {
        check_not_input(f.destination, inputs_);
    } catch (const UsageError& e) {
        throw WriteError(e.what());
    }
    // A folder (or a FIFO...) in the way would fail only in commit(), after the files before it
    // in order were put in place: the run stops now, before anything is.
    struct stat there {};
    if (::lstat(f.destination.c_str(), &there) == 0 && !S_ISREG(there.st_mode) &&
        !S_ISLNK(there.st_mode))
        throw WriteError(cannot_write(f.destination, S_ISDIR(there.st_mode) ? EISDIR : EEXIST));
    if (open_.size() >= max_open_) close_one();
    const mode_t mask = ::umask(0);
    ::umask(mask);
    if (const int error = f.temp.create(f.destination, 0666 & ~mask))
        throw WriteError(cannot_write(f.destination, error));
    open_.push_front(&f);
    f.open_at = open_.begin();
    order_.push_back(&f);
    return f;
}

void SplitOutput::append(const std::string& name, std::string_view text,
                         std::string_view separator) {
    File& f = file(name);
    if (f.temp.fd() < 0) {
        if (open_.size() >= max_open_) close_one();
        if (const int error = f.temp.reopen()) throw WriteError(cannot_write(f.destination, error));
        open_.push_front(&f);
        f.open_at = open_.begin();
    } else if (f.open_at != open_.begin()) {
        open_.splice(open_.begin(), open_, f.open_at);
    }
    auto write_all = [&](std::string_view bytes) {
        while (!bytes.empty()) {
            const ssize_t n = ::write(f.temp.fd(), bytes.data(), bytes.size());
            if (n < 0) {
                if (errno == EINTR) continue;
                throw WriteError(cannot_write(f.destination, errno));
            }
            bytes.remove_prefix(static_cast<std::size_t>(n));
        }
    };
    if (f.has_text) write_all(separator);
    write_all(text);
    f.has_text = true;
}

void SplitOutput::commit() {
    // One sync of the folder's file system makes every file's data durable before any name
    // appears (an fsync per file made --split-every 1 take minutes); one of the folder after
    // makes the names durable.
    const int folder = ::open(folder_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) throw WriteError(cannot_write(folder_, errno));
    const int synced = ::syncfs(folder) != 0 ? errno : 0;
    ::close(folder);
    if (synced != 0) throw WriteError(cannot_write(folder_, synced));
    for (File* f : order_) {
        if (f->temp.fd() >= 0) open_.erase(f->open_at);
        if (const int error = f->temp.place())
            throw WriteError(cannot_write(f->destination, error));
    }
    open_.clear();
    sync_folder(folder_);
}

}  // namespace floe::cli
