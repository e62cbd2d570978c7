#pragma once
// Where a writer's text goes: a buffer, handed on to a stream in chunks when there is one, so
// that the output of a game of any size needs no buffer of its size (docs/reliability.md).

#include <cstddef>
#include <ostream>
#include <string>

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
};

}  // namespace floe::formats
