#pragma once
// Where a writer's text goes: a buffer, handed on to a stream in chunks when there is one, so
// that the output of a game of any size needs no buffer of its size (docs/reliability.md).

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

namespace floe::formats {

/// A writer appends to `text`. Where it will not look back at what it wrote, it calls spill():
/// with a `stream`, the text goes there once it holds a chunk; without one (a game worked on
/// by another thread, written later in input order), the text stays whole.
struct TextOut {
    TextOut(std::string& buffer, std::ostream* to = nullptr) : text(buffer), stream(to) {}

    std::string& text;
    std::ostream* stream;

    static constexpr std::size_t Chunk = 64 * 1024;

    /// Writes the text to the stream and empties it, once it holds a chunk.
    void spill() {
        if (stream && text.size() >= Chunk) {
            stream->write(text.data(), static_cast<std::streamsize>(text.size()));
            text.clear();
        }
    }

    /// Appends `more`, which the writer will not look back at: with a stream and a chunk or
    /// more of it, straight there after the text before it, so that a long unit (a comment of
    /// megabytes) is not copied into `text` too.
    void put(std::string_view more) {
        if (stream && more.size() >= Chunk) {
            stream->write(text.data(), static_cast<std::streamsize>(text.size()));
            text.clear();
            stream->write(more.data(), static_cast<std::streamsize>(more.size()));
            return;
        }
        text += more;
    }
};

/// Calls `f` on consecutive pieces of record text `raw`, of about `size` bytes each, cut only
/// after an ASCII byte other than `\` and CR: no escape (`\"`), CRLF or UTF-8 sequence spans
/// two pieces, so each can be read, decoded and escaped alone, and a long tag value or comment
/// is never copied whole (memory bounds, docs/reliability.md). Nothing is called for an empty
/// `raw`.
template <class F>
void for_each_piece(std::string_view raw, F&& f, std::size_t size = 16 * 1024) {
    while (raw.size() > size) {
        std::size_t cut = size;
        for (; cut < raw.size(); ++cut) {
            const auto c = static_cast<unsigned char>(raw[cut - 1]);
            if (c < 0x80 && c != '\\' && c != '\r') break;
        }
        f(raw.substr(0, cut));
        raw.remove_prefix(cut);
    }
    if (!raw.empty()) f(raw);
}

}  // namespace floe::formats
