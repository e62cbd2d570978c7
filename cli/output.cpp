#include "cli/output.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <streambuf>
#include <string_view>
#include <vector>

#include "cli/compress.hpp"
#include "cli/temp_file.hpp"
#include "cli/usage.hpp"

namespace floe::cli {

/// A stream buffer over a file descriptor that keeps the errno of its first failed write (the
/// C library's buffers forget it). After a failure every write fails, so the stream goes bad.
class FdBuffer : public std::streambuf {
public:
    /// `buffered` false: every insertion is written at once (for a terminal).
    FdBuffer(int fd, bool buffered) : fd_(fd), storage_(buffered ? 1 << 16 : 0) { reset(); }

    /// The errno of the first failed write, or 0.
    int error() const { return error_; }

    /// Writes out what is buffered; false when a write failed, now or before.
    bool flush_all() {
        const bool ok = write_all(pbase(), static_cast<std::size_t>(pptr() - pbase()));
        reset();
        return ok;
    }

protected:
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        if (n <= epptr() - pptr()) {
            if (n > 0) std::memcpy(pptr(), s, static_cast<std::size_t>(n));
            pbump(static_cast<int>(n));
            return n;
        }
        if (!flush_all()) return 0;
        if (n <= epptr() - pptr()) return xsputn(s, n);
        return write_all(s, static_cast<std::size_t>(n)) ? n : 0;  // larger than the buffer
    }

    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof()))
            return flush_all() ? traits_type::not_eof(c) : traits_type::eof();
        const char ch = traits_type::to_char_type(c);
        return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
    }

    int sync() override { return flush_all() ? 0 : -1; }

private:
    void reset() { setp(storage_.data(), storage_.data() + storage_.size()); }

    bool write_all(const char* s, std::size_t n) {
        while (error_ == 0 && n > 0) {
            const ssize_t written = ::write(fd_, s, n);
            if (written < 0) {
                if (errno != EINTR) error_ = errno;
                continue;
            }
            s += written;
            n -= static_cast<std::size_t>(written);
        }
        return error_ == 0;
    }

    int fd_;
    int error_ = 0;
    std::vector<char> storage_;
};

StandardOutput::StandardOutput()
    : buffer_(std::make_unique<FdBuffer>(STDOUT_FILENO, !::isatty(STDOUT_FILENO))) {
    std::cout.flush();
    previous_ = std::cout.rdbuf(buffer_.get());
}

StandardOutput::~StandardOutput() {
    finish();
    std::cout.rdbuf(previous_);
}

std::string StandardOutput::finish() {
    std::cout.flush();
    if (buffer_->error() != 0) return std::strerror(buffer_->error());
    if (!std::cout) return "unknown error";  // (every failure of FdBuffer has an errno)
    return "";
}

namespace {
std::string cannot_write(const std::string& path, int error) {
    return fmt::format("cannot write {}: {}", path, std::strerror(error));
}
// The open descriptor N that `path` names (`/dev/stdout` 1, `/dev/stderr` 2, `/dev/fd/N`,
// `/proc/self/fd/N`), or -1 for any other path.
int descriptor_of(const std::string& path) {
    std::string_view rest = path;
    int n                 = -1;
    if (path == "/dev/stdout") {
        n = 1;
    } else if (path == "/dev/stderr") {
        n = 2;
    } else if (rest.substr(0, 8) == "/dev/fd/" || rest.substr(0, 14) == "/proc/self/fd/") {
        rest.remove_prefix(rest[1] == 'd' ? 8 : 14);
        const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
        if (ec != std::errc() || end != rest.data() + rest.size() || rest.empty()) n = -1;
    }
    return n >= 0 && ::fcntl(n, F_GETFD) != -1 ? n : -1;
}
}  // namespace

void check_not_input(const std::string& path, const std::vector<std::string>& inputs) {
    struct stat target {};
    if (::stat(path.c_str(), &target) != 0 || !S_ISREG(target.st_mode)) return;
    for (const std::string& input : inputs) {
        struct stat in {};
        if (input.empty()) continue;
        // `-` is standard input, which may be the file itself (`-o games.pgn - < games.pgn`).
        const int found = input == "-" ? ::fstat(STDIN_FILENO, &in) : ::stat(input.c_str(), &in);
        if (found != 0 || in.st_dev != target.st_dev || in.st_ino != target.st_ino) continue;
        throw UsageError(fmt::format("the output file {} is the input file {}; nothing was written",
                                     path, input == "-" ? "(standard input)" : input));
    }
}

namespace {

// Throws UsageError when descriptor `fd` (1 or 2) is a regular file open for writing that is one
// of `inputs`: floe would read its own output (or diagnostics) without end.
void check_descriptor(int fd, const char* what, const std::vector<std::string>& inputs) {
    struct stat out {};
    if (::fstat(fd, &out) != 0 || !S_ISREG(out.st_mode)) return;
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY) return;
    for (const std::string& input : inputs) {
        struct stat in {};
        if (input.empty()) continue;
        const int found = input == "-" ? ::fstat(STDIN_FILENO, &in) : ::stat(input.c_str(), &in);
        if (found != 0 || in.st_dev != out.st_dev || in.st_ino != out.st_ino) continue;
        // The file's name as the kernel knows it, for the message; the input's as given.
        std::error_code ec;
        const std::string name =
            std::filesystem::read_symlink("/proc/self/fd/" + std::to_string(fd), ec).string();
        // Standard error gets this message all the same: one line, not a disk filled.
        throw UsageError(fmt::format("{}{} is the input file {}; nothing was {}", what,
                                     ec || name.empty() ? "" : " (" + name + ")",
                                     input == "-" ? "(standard input)" : input,
                                     fd == STDERR_FILENO ? "read" : "written"));
    }
}

}  // namespace

void check_standard_output(const std::vector<std::string>& inputs) {
    check_descriptor(STDOUT_FILENO, "standard output", inputs);
    check_standard_error(inputs);
}

void check_standard_error(const std::vector<std::string>& inputs) {
    check_descriptor(STDERR_FILENO, "standard error", inputs);
}

Output::Output(const std::string& path, const std::vector<std::string>& inputs) : path_(path) {
    if (path.empty() || path == "-") {
        check_standard_output(inputs);
        return;
    }
    check_standard_error(inputs);  // `2>> x.pgn` would read its own diagnostics
    mode_t mode = 0;
    struct stat target {};
    std::string destination;
    if (::stat(path.c_str(), &target) != 0) {
        if (errno != ENOENT) throw UsageError(cannot_write(path, errno));
        // A new file (a dangling symbolic link is replaced): the permissions open() would give.
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode        = 0666 & ~mask;
        destination = path;
    } else if (S_ISREG(target.st_mode) && descriptor_of(path) >= 0) {
        check_not_input(path, inputs);
        // `-o /dev/stdout >> log.pgn`: the file as the shell opened it (appending, at its
        // offset); a temporary file put in place would replace the log with the results.
        fd_ = ::fcntl(descriptor_of(path), F_DUPFD_CLOEXEC, 0);
        if (fd_ < 0) throw UsageError(cannot_write(path, errno));
    } else if (S_ISREG(target.st_mode)) {
        check_not_input(path, inputs);
        std::error_code ec;
        destination = std::filesystem::canonical(path, ec).string();  // write through links
        if (ec) throw UsageError(cannot_write(path, ec.value()));
        mode = target.st_mode & 07777;
    } else {
        // /dev/null, a FIFO, a terminal: rename() would replace the special file itself.
        fd_ = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (fd_ < 0) throw UsageError(cannot_write(path, errno));
    }
    if (fd_ < 0) {
        temp_ = std::make_unique<TempFile>();
        if (const int error = temp_->create(destination, mode)) {
            temp_.reset();
            throw UsageError(cannot_write(path, error));
        }
        fd_     = temp_->fd();
        folder_ = std::filesystem::path(destination).parent_path().string();
        if (folder_.empty()) folder_ = ".";
    }
    buffer_ = std::make_unique<FdBuffer>(fd_, true);
    if (const std::optional<Compression> kind = compression_for(path)) {
        compress_ = std::make_unique<CompressBuffer>(*buffer_, *kind);
        stream_   = std::make_unique<std::ostream>(compress_.get());
    } else {
        stream_ = std::make_unique<std::ostream>(buffer_.get());
    }
}

Output::~Output() {
    if (!temp_ && fd_ >= 0) ::close(fd_);  // a TempFile closes (and removes) its own
}

std::ostream& Output::stream() { return stream_ ? *stream_ : std::cout; }

void Output::commit() {
    if (fd_ < 0) return;  // standard output
    // The compressed stream's end (trailer, checksum) first: without it the file is truncated.
    const std::string compress_error = compress_ ? compress_->finish() : "";
    buffer_->flush_all();
    int error = buffer_->error();
    if (error == 0 && !compress_error.empty())  // a library's failure: no errno to name
        throw UsageError(fmt::format("cannot write {}: {}", path_, compress_error));
    if (!temp_) {
        if (::close(fd_) != 0 && error == 0) error = errno;
        fd_ = -1;
        if (error != 0) throw UsageError(cannot_write(path_, error));
        return;
    }
    // fsync first: after a crash the file put in place must hold the data, not an empty file.
    if (error == 0 && ::fsync(fd_) != 0) error = errno;
    if (error == 0) error = temp_->place();
    if (error != 0) throw UsageError(cannot_write(path_, error));  // ~TempFile removes it
    fd_ = -1;
    temp_.reset();
    // The new name itself durable; a folder that cannot be synced does not undo the run.
    sync_folder(folder_);
}

CLI::Option* add_output_option(CLI::App& cmd, std::string& path) {
    return cmd.add_option(
        "-o,--output", path,
        "Write to FILE instead of standard output (- = standard output); FILE is "
        "replaced whole when the run succeeds, and never if it is an input; a FILE "
        "ending in .gz, .bz2, .xz or .zst is compressed");
}

}  // namespace floe::cli
