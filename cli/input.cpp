#include "cli/input.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/decompress.hpp"
#include "cli/usage.hpp"
#include "cli/word_choice.hpp"
#include "formats/input_kind.hpp"
#include "parser/parse_record.hpp"

namespace floe::cli {

std::string read_input(const std::string& path) {
    if (path == "-") {
        std::ostringstream s;
        s << std::cin.rdbuf();
        return s.str();
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw UsageError("cannot read " + path + ": it is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError("cannot open " + path + ": " + std::strerror(errno));
    std::ostringstream s;
    s << in.rdbuf();
    if (in.bad()) throw UsageError("cannot read " + path);
    return s.str();
}

// Serves the head (the bytes read to sniff the input) and then the rest of the input: standard
// input cannot seek back. Large reads after the head go straight to the source.
class InputStream::Replay final : public std::streambuf {
public:
    Replay(std::string head, std::streambuf* rest)
        : head_(std::move(head)), rest_(rest), read_(head_.size()) {
        setg(head_.data(), head_.data(), head_.data() + head_.size());
    }
    /// The bytes taken from the source: the head and what was read after it.
    std::uint64_t read() const { return read_; }

protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        buffer_.resize(1 << 16);
        const std::streamsize got =
            rest_->sgetn(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
        if (got <= 0) return traits_type::eof();
        read_ += static_cast<std::uint64_t>(got);
        setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
        return traits_type::to_int_type(*gptr());
    }
    std::streamsize xsgetn(char* s, std::streamsize n) override {
        std::streamsize got = std::min<std::streamsize>(n, egptr() - gptr());
        std::copy(gptr(), gptr() + got, s);
        gbump(static_cast<int>(got));
        if (got < n) {
            const std::streamsize more = rest_->sgetn(s + got, n - got);
            if (more > 0) {
                read_ += static_cast<std::uint64_t>(more);
                got += more;
            }
        }
        return got;
    }

private:
    std::string head_, buffer_;
    std::streambuf* rest_;
    std::uint64_t read_;
};

namespace {

// The compressions unwrapped one inside the other (gzip inside xz...): each layer holds its
// decoder's buffers and window.
constexpr int MaxCompressions = 4;

// The compression a signature shows (formats/input_kind.hpp), or none.
std::string_view compression(formats::InputKind kind) {
    switch (kind) {
        case formats::InputKind::Gzip:
            return "gzip";
        case formats::InputKind::Zstd:
            return "zstd";
        case formats::InputKind::Bzip2:
            return "bzip2";
        case formats::InputKind::Xz:
            return "xz";
        default:
            return {};
    }
}

// The error for an input that is no text (formats/input_kind.hpp), with a command that makes it
// readable. `compressed` names the compression the input was read through ("gzip"), if any:
// what it holds is what is refused.
std::string refusal(const formats::InputSniff& sniff, const std::string& path,
                    std::string_view command, std::string_view compressed) {
    const std::string file = path == "-" ? "FILE" : path;
    std::string name       = path == "-" ? "<stdin>" : path;
    if (!compressed.empty()) name += fmt::format(" ({}-decompressed)", compressed);
    const auto example = [&](std::string_view tool) {
        if (compressed.empty()) return fmt::format("(e.g. {} {} | floe {} -)", tool, file, command);
        return fmt::format("(e.g. {} -dc {} | {} | floe {} -)", compressed, file, tool, command);
    };
    const auto unicode = [&](std::string_view form, std::string_view order) {
        return fmt::format(
            "{} is {} ({}) text{}; convert it to UTF-8 first {}", name, form,
            order == "LE" ? "little-endian" : "big-endian",
            sniff.bom ? "" : " without a byte-order mark",
            // With a byte-order mark iconv finds the order (and drops the mark).
            example(fmt::format("iconv -f {}{} -t UTF-8", form, sniff.bom ? "" : order)));
    };
    switch (sniff.kind) {
        case formats::InputKind::Gzip:
        case formats::InputKind::Zstd:
        case formats::InputKind::Bzip2:
        case formats::InputKind::Xz:
            // Decompressed as it is read, layer after layer: only an input compressed more
            // than MaxCompressions times is left here.
            return fmt::format("{} is {}-compressed again; decompress it first {}", name,
                               compression(sniff.kind),
                               example(fmt::format("{} -dc", compression(sniff.kind))));
        case formats::InputKind::Tar:
            // GNU tar reads a compressed tar file itself.
            return fmt::format(
                "{} is a tar archive; extract the records first (e.g. tar -xOf {} | floe {} -)",
                name, file, command);
        case formats::InputKind::Zip:
            return fmt::format("{} is a zip archive; extract the records first {}", name,
                               example("unzip -p"));
        case formats::InputKind::SevenZip:
            return fmt::format("{} is a 7z archive; extract the records first {}", name,
                               example("7z x -so"));
        case formats::InputKind::Utf16Le:
            return unicode("UTF-16", "LE");
        case formats::InputKind::Utf16Be:
            return unicode("UTF-16", "BE");
        case formats::InputKind::Utf32Le:
            return unicode("UTF-32", "LE");
        case formats::InputKind::Utf32Be:
            return unicode("UTF-32", "BE");
        case formats::InputKind::Binary:
            return fmt::format(
                "{} is a binary file, not PGN text: {} of its first {} bytes are NUL or other "
                "control bytes",
                name, sniff.controls, sniff.sampled);
        case formats::InputKind::Text:
            break;
    }
    return {};
}

// Up to SniffBytes first bytes of `source` (a pipe may deliver less than asked before its end).
std::string read_head(std::streambuf& source) {
    std::string head(formats::SniffBytes, '\0');
    std::size_t got = 0;
    while (got < head.size()) {
        const std::streamsize n =
            source.sgetn(head.data() + got, static_cast<std::streamsize>(head.size() - got));
        if (n <= 0) break;
        got += static_cast<std::size_t>(n);
    }
    head.resize(got);
    return head;
}

}  // namespace

InputStream::InputStream(const std::string& path, std::string_view command) {
    std::streambuf* source = std::cin.rdbuf();
    if (path != "-") {
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec))
            throw UsageError("cannot read " + path + ": it is a directory");
        file_.open(path, std::ios::binary);
        if (!file_) throw UsageError("cannot open " + path + ": " + std::strerror(errno));
        source = file_.rdbuf();
        if (std::filesystem::is_regular_file(path, ec)) {
            const std::uintmax_t bytes = std::filesystem::file_size(path, ec);
            if (!ec) size_ = bytes;
        }
    } else if (struct stat st{}; ::fstat(0, &st) == 0 && S_ISREG(st.st_mode)) {
        // `floe validate - < games.pgn`: from where standard input stands.
        const off_t at = ::lseek(0, 0, SEEK_CUR);
        if (at >= 0 && at <= st.st_size) size_ = static_cast<std::uint64_t>(st.st_size - at);
    }
    std::string head                  = read_head(*source);
    formats::InputSniff sniff         = formats::sniff_input(head);
    const std::string_view compressed = compression(sniff.kind);
    buffer_                           = std::make_unique<Replay>(std::move(head), source);
    std::streambuf* input             = buffer_.get();
    // What a compressed input holds is sniffed in turn: a tar.gz is a tar archive, and a file
    // compressed again (gzip inside xz) is decompressed again, up to MaxCompressions layers.
    for (int layer = 0; layer < MaxCompressions && !compression(sniff.kind).empty(); ++layer) {
        auto decompress =
            std::make_unique<DecompressBuffer>(*input, sniff.kind, path == "-" ? "<stdin>" : path);
        head        = read_head(*decompress);
        sniff       = formats::sniff_input(head);
        auto replay = std::make_unique<Replay>(std::move(head), decompress.get());
        input       = replay.get();
        layers_.push_back(std::move(decompress));
        layers_.push_back(std::move(replay));
    }
    if (const std::string error = refusal(sniff, path, command, compressed); !error.empty())
        throw UsageError(error);
    stream_ = std::make_unique<std::istream>(input);
    // A decompression error is thrown from the buffer: let it through with its reason rather
    // than as a bare failed read.
    stream_->exceptions(std::ios::badbit);
}

InputStream::~InputStream() = default;

std::istream& InputStream::get() { return *stream_; }

std::uint64_t InputStream::bytes_read() const { return buffer_->read(); }

CLI::Option* add_encoding_option(CLI::App& cmd, rules::Encoding& encoding) {
    return accept_words<rules::Encoding>(
        cmd.add_option("--encoding", encoding,
                       "How bytes that are not UTF-8 are read: cp1252 (Windows-1252, the default), "
                       "latin1 or cp437 (DOS)"),
        {{"cp1252", rules::Encoding::Cp1252},
         {"latin1", rules::Encoding::Latin1},
         {"cp437", rules::Encoding::Cp437}});
}

CLI::Option* add_max_game_bytes_option(CLI::App& cmd, std::size_t& bytes) {
    static_assert(parser::ParseOptions{}.max_game_bytes == 268435456, "the help names it");
    bytes = parser::ParseOptions{}.max_game_bytes;
    return cmd
        .add_option("--max-game-bytes", bytes,
                    "The largest game read, in bytes; a larger one is reported (game-too-large) "
                    "and skipped (default: 268435456, 256 MiB)")
        ->check(whole_number_from(1));
}

}  // namespace floe::cli
