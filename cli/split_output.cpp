#include "cli/split_output.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "cli/output.hpp"
#include "cli/usage.hpp"
#include "rules/encoding.hpp"

namespace floe::cli {

namespace {

// Files open at once: a split by player may make thousands of files; the others are reopened
// when their next game comes.
constexpr std::size_t MaxOpen = 32;

std::string cannot_write(const std::string& path, int error) {
    return fmt::format("cannot write {}: {}", path, std::strerror(error));
}

bool is_unsafe(unsigned char c) {
    return c < 0x20 || c == 0x7F ||
           std::string_view("/\\:*?\"<>|").find(static_cast<char>(c)) != std::string_view::npos;
}

}  // namespace

std::string safe_file_name(std::string_view value) {
    constexpr std::size_t MaxBytes = 100;
    std::string out;
    std::size_t i = 0;
    while (i < value.size()) {
        const std::size_t n = rules::utf8_length(value, i);
        if (n == 0) {  // not UTF-8
            out += '_';
            ++i;
            continue;
        }
        if (out.size() + n > MaxBytes) break;
        if (n == 1 && is_unsafe(static_cast<unsigned char>(value[i])))
            out += '_';
        else
            out.append(value.substr(i, n));
        i += n;
    }
    if (out.size() > MaxBytes) out.resize(MaxBytes);
    if (out.empty()) out = "_";
    if (out[0] == '.') out[0] = '_';
    return out;
}

struct SplitOutput::File {
    std::string destination, temp;
    int fd        = -1;
    bool has_text = false;
    bool checked  = false;
    std::list<File*>::iterator open_at;
};

SplitOutput::SplitOutput(std::string folder, std::vector<std::string> inputs)
    : folder_(std::move(folder)), inputs_(std::move(inputs)) {
    std::error_code ec;
    std::filesystem::create_directories(folder_, ec);
    if (ec || !std::filesystem::is_directory(folder_))
        throw UsageError(fmt::format("cannot make the folder {}: {}", folder_,
                                     ec ? ec.message() : "it exists and is no folder"));
}

SplitOutput::~SplitOutput() {
    for (auto& [name, file] : files_) {
        if (file->fd >= 0) ::close(file->fd);
        if (!file->temp.empty()) ::unlink(file->temp.c_str());
    }
}

void SplitOutput::close_one() {
    File* oldest = open_.back();
    open_.pop_back();
    const int fd = oldest->fd;
    oldest->fd   = -1;
    if (::close(fd) != 0) throw WriteError(cannot_write(oldest->destination, errno));
}

void SplitOutput::append(const std::string& name, std::string_view text,
                         std::string_view separator) {
    auto [it, added] = files_.try_emplace(name);
    if (added) {
        it->second    = std::make_unique<File>();
        File& f       = *it->second;
        f.destination = (std::filesystem::path(folder_) / name).string();
        try {
            check_not_input(f.destination, inputs_);
        } catch (const UsageError& e) {
            throw WriteError(e.what());
        }
        std::string temp =
            (std::filesystem::path(folder_) / ("." + name + ".floe-XXXXXX")).string();
        if (open_.size() >= MaxOpen) close_one();
        f.fd = ::mkostemp(temp.data(), O_CLOEXEC);
        if (f.fd < 0) throw WriteError(cannot_write(f.destination, errno));
        f.temp            = temp;
        const mode_t mask = ::umask(0);
        ::umask(mask);
        ::fchmod(f.fd, 0666 & ~mask);
        open_.push_front(&f);
        f.open_at = open_.begin();
        order_.push_back(&f);
    }
    File& f = *it->second;
    if (f.fd < 0) {
        if (open_.size() >= MaxOpen) close_one();
        f.fd = ::open(f.temp.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
        if (f.fd < 0) throw WriteError(cannot_write(f.destination, errno));
        open_.push_front(&f);
        f.open_at = open_.begin();
    } else if (f.open_at != open_.begin()) {
        open_.splice(open_.begin(), open_, f.open_at);
    }
    auto write_all = [&](std::string_view bytes) {
        while (!bytes.empty()) {
            const ssize_t n = ::write(f.fd, bytes.data(), bytes.size());
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
    for (File* f : order_) {
        int fd = f->fd;
        if (fd < 0) fd = ::open(f->temp.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0) throw WriteError(cannot_write(f->destination, errno));
        // fsync first: after a crash a renamed file holds its data, not nothing.
        int error = ::fsync(fd) != 0 ? errno : 0;
        if (::close(fd) != 0 && error == 0) error = errno;
        if (f->fd >= 0) open_.erase(f->open_at);
        f->fd = -1;
        if (error == 0 && ::rename(f->temp.c_str(), f->destination.c_str()) != 0) error = errno;
        if (error != 0) throw WriteError(cannot_write(f->destination, error));
        f->temp.clear();
    }
}

}  // namespace floe::cli
