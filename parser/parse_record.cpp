// The game source (the scanner over a buffer or a stream, with flat memory) and open_game,
// which sets up one game's record and reports what concerns the game as a whole
// (docs/rules/notation.md §1). Tags and movetext are read by tags.cpp and movetext_reader.cpp.
#include "parser/parse_record.hpp"

#include <algorithm>
#include <cstdio>
#include <istream>
#include <optional>
#include <string>

#include "parser/lexical.hpp"
#include "parser/scanner.hpp"
#include "parser/tags.hpp"
#include "parser/word_at_a_time.hpp"

namespace floe::parser {

using rules::DiagCode;
using rules::GameRecord;

namespace {

constexpr std::string_view Bom = "\xEF\xBB\xBF";

// The invalid-utf8 warning, at the game's first byte that is not UTF-8: what that byte was read
// as, so that a wrong --encoding shows at once (docs/rules/notation.md §1.13).
std::string invalid_byte_message(char byte, rules::Encoding encoding) {
    const auto b           = static_cast<unsigned char>(byte);
    const char32_t c       = rules::fallback_code_point(b, encoding);
    const std::string name = std::string(rules::encoding_name(encoding));
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", b);
    if (c == 0xFFFD)
        return "byte " + std::string(hex) + " is neither UTF-8 nor defined in " + name +
               ": written as U+FFFD; the game's other bytes that are not UTF-8 are read as " + name;
    std::string character;
    rules::append_code_point(character, c);
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
    return "byte " + std::string(hex) + " is not UTF-8: read as " + name + " '" + character +
           "' (" + code + "), like the game's other bytes that are not UTF-8";
}

// Where a game larger than --max-game-bytes ends, found without keeping it
// (docs/decisions/hostile-input.md, "A game larger than --max-game-bytes"): at the first line that
// starts, `limit` or more bytes into the game, with `[`, as the scanner ends a game's movetext at a
// tag line; else at the end of the input. Fed the game's bytes piece by piece, it keeps a few bytes
// of state: the game may be one line of gigabytes.
class SkipEnd {
public:
    explicit SkipEnd(std::size_t limit) : limit_(limit) {}

    // Reads the next piece of the game: the offset in `piece` of the first byte of the next
    // game, or npos when the game goes on past it.
    std::size_t feed(std::string_view piece) {
        for (std::size_t i = 0; i < piece.size(); ++i, ++seen_) {
            const char c = piece[i];
            if (after_cr_) {  // a CRLF is one line end
                after_cr_ = false;
                if (c == '\n') continue;
            }
            if (line_start_) {
                line_start_ = false;
                if (c == '[' && seen_ >= limit_) return i;
            }
            if (c == '\n' || c == '\r') {
                line_start_ = true;
                after_cr_   = c == '\r';
            }
        }
        return std::string_view::npos;
    }

private:
    std::size_t limit_;
    std::size_t seen_ = 0;      // bytes of the game read before the current one
    bool line_start_  = false;  // the current byte starts a line
    bool after_cr_    = false;
};

}  // namespace

struct GameSource::Impl {
    // A game keeps at most this much of its first and last lines around it (GameSource::next),
    // and a stream's window and what it drops stay this far from what the scanner reads.
    static constexpr std::size_t Context = rules::SourceMap::ContextBytes;
    // How far back from Context a long line is searched for a byte to drop up to.
    static constexpr std::size_t DropSearch = std::size_t{64} << 10;
    // A game of at least this many bytes takes the stream's buffer (hand_off), not a copy.
    static constexpr std::size_t HandOffBytes = std::size_t{1} << 20;

    Impl(std::string_view in, ParseOptions opts)
        : options(opts),
          view(in.substr(in.substr(0, 3) == Bom ? 3 : 0)),
          at_end(true),
          scanner(view, opts.untagged_variant, true, opts.encoding) {
        dropped = in.size() - view.size();  // a BOM
    }
    Impl(std::istream& in, ParseOptions opts, std::size_t chunk_bytes)
        : stream(&in),
          options(opts),
          chunk(std::max<std::size_t>(chunk_bytes, 1)),
          scanner({}, opts.untagged_variant, false, opts.encoding) {}

    // Moves the line count forward to `to`: CR, LF and CRLF each end a line. Eight bytes
    // without a line end are stepped over at once.
    void advance_lines(std::size_t to) {
        for (std::size_t i = counted; i < to; ++i) {
            while (to - i >= 8 && !detail::has_byte_below(detail::load8(view.data() + i), 0x0E))
                i += 8;
            if (i >= to) break;
            const char c = view[i];
            if (c != '\n' && c != '\r') continue;
            if (c == '\r' && i + 1 < view.size() && view[i + 1] == '\n') ++i;
            ++line;
            line_start  = i + 1;
            line_column = 1;
        }
        counted = std::max(counted, to);
    }

    // Up to where a stream's bytes before `position` (where the scanner stands) may be dropped:
    // the start of its line, whose start the scanner's `%` and tag-line rules and the column
    // need. On a long line (many games on one line) also bytes of the line, up to a printable
    // ASCII byte at least Context bytes before `position`: the next game's GameText keeps that
    // much before it, and the scanner, looking back over blanks for the line's start, stops at
    // such a byte as it would in the whole line; its column is counted before it goes (forget).
    std::size_t drop_point(std::size_t position) {
        advance_lines(position);
        if (position - line_start <= Context + 1) return line_start;
        const std::size_t last  = position - Context - 1;
        const std::size_t first = last - std::min(last - line_start, DropSearch);
        for (std::size_t i = last; i > first; --i)
            if (const auto c = static_cast<unsigned char>(view[i]); c > ' ' && c < 0x7F) return i;
        return line_start;
    }

    // The bookkeeping of dropping the first `drop` bytes (drop_point) of the buffer.
    void forget(std::size_t drop) {
        if (drop > line_start) {  // inside the line: it now starts, for columns, at `drop`
            line_column  = column_of(drop);
            line_start   = drop;
            column_line  = line;
            column_at    = 0;
            column_count = line_column;
        }
        dropped += drop;
        counted -= drop;
        line_start -= drop;
    }

    // Drops the bytes already scanned (drop_point) and reads more: one chunk, or as many bytes
    // as the buffer keeps when that is more. The scanner then sees the buffer up to its last
    // line end (or a blank of a long last line: rescan), or all of it at the end of the
    // stream. A game longer than the buffer makes the scanner start it again after each read:
    // the buffer doubles each time, so the rescans of a long game add up to at most twice its
    // length (issue 13), where one chunk at a time was quadratic. It grows no further than one
    // chunk past --max-game-bytes of the game (next() then skips it).
    void fill() {
        const std::size_t position = scanner.position();
        const std::size_t drop     = drop_point(position);
        forget(drop);
        buffer.erase_front(drop);

        const std::size_t old     = buffer.size();
        std::size_t want          = std::max(chunk, old);
        const std::size_t pending = scanner.pending_begin();
        if (pending != std::string_view::npos) {
            const std::size_t full = pending - drop + options.max_game_bytes + 1;
            if (full > old) want = std::min(want, std::max(chunk, full - old));
        }
        read_more(want);
        rescan(position - drop);
    }

    // Appends up to `want` bytes of the stream to the buffer (fewer at its end).
    void read_more(std::size_t want) {
        char* to = buffer.room(want);
        stream->read(to, static_cast<std::streamsize>(want));
        const auto got = static_cast<std::size_t>(stream->gcount());
        buffer.commit(got);
        if (got < want) {  // read() fills the request unless the stream ended or failed
            at_end = true;
            failed = stream->bad();
        }
        // The BOM (no column counts it: docs/rules/notation.md §8.2), once its three bytes are in.
        if (!bom_checked && (buffer.size() >= 3 || at_end)) {
            if (buffer.view().substr(0, 3) == Bom) {
                buffer.erase_front(3);
                dropped += 3;
            }
            bom_checked = true;
        }
    }

    // Sets the scanner's window over the buffer and has it go on from `position`.
    void rescan(std::size_t position) {
        const std::string_view all = buffer.view();
        std::size_t cut            = all.size();
        if (!at_end) {
            // The window ends after a line end, so that every token and tag in it is whole;
            // not after a final CR, which may be the first half of a CRLF.
            std::size_t i = all.find_last_of("\n\r");
            if (i != std::string::npos && all[i] == '\r' && i + 1 == all.size())
                i = i == 0 ? std::string::npos : all.find_last_of("\n\r", i - 1);
            cut = i == std::string::npos ? 0 : i + 1;
            // A long last line (many games on one line) may end the window inside it, after a
            // blank: no token, tag name or marker holds one, and the scanner asks for more when
            // a comment, tag value or lookahead reaches the window's end. Context bytes stay
            // after it, so that a game's suffix (next()) is what the whole line gives.
            if (all.size() - cut > chunk && all.size() > cut + Context + 1) {
                for (std::size_t b = all.size() - Context - 1; b > cut; --b)
                    if (detail::is_blank(all[b - 1])) {
                        cut = b;
                        break;
                    }
            }
        }
        view = all.substr(0, cut);
        scanner.rebase(view, position, at_end);
    }

    // Reads past a game too large to keep, which starts at view[begin] (its bytes up to the
    // buffer's end are there), to where SkipEnd ends it, and has the scanner go on from there.
    // A stream's bytes are dropped as they are read past (their line ends counted), one chunk
    // at a time.
    void skip_game(std::size_t begin) {
        SkipEnd skip(options.max_game_bytes);
        if (!stream) {
            const std::size_t at   = skip.feed(view.substr(begin));
            const std::size_t next = at == std::string_view::npos ? view.size() : begin + at;
            scanner.rebase(view, next, true);
            return;
        }
        std::size_t from = begin;
        for (;;) {
            view = buffer.view();
            // A final CR stays for the next piece: it may be the first half of a CRLF.
            std::size_t to = buffer.size();
            if (!at_end && to > from && buffer[to - 1] == '\r') --to;
            const std::size_t at = skip.feed(view.substr(from, to - from));
            if (at != std::string_view::npos) {
                advance_lines(from + at);
                rescan(from + at);
                return;
            }
            if (at_end) {
                advance_lines(to);
                rescan(to);
                return;
            }
            advance_lines(to);
            buffer.erase_front(to);
            dropped += to;
            counted     = 0;
            line_start  = 0;  // maybe inside the line; the next game starts a line of its own
            line_column = 1;
            from        = 0;
            read_more(chunk);
        }
    }

    // Hands the buffer, which holds a large game's lines, to `out` instead of copying them: the
    // bytes the source still needs (from drop_point on) go to a new buffer, which reuses the
    // block `out` held before. A game kept costs its bytes once, not twice (memory bounds).
    // True when done; false when the bytes after the game are more than the game's, and a copy
    // of the game costs less.
    bool hand_off(GameText& out, std::size_t from, std::size_t to) {
        const std::size_t position = scanner.position();
        const std::size_t keep     = drop_point(position);
        if (to - from < HandOffBytes || to - from < buffer.size() - keep) return false;
        forget(keep);
        ByteBuffer rest = std::move(out.owned_);
        rest.assign(buffer.view().substr(keep));
        out.owned_      = std::move(buffer);
        out.owned_from_ = from;
        out.owned_size_ = to - from;
        buffer          = std::move(rest);
        rescan(position - keep);
        return true;
    }

    // Where view[at] stands in the input, in bytes from its start.
    std::uint64_t offset(std::size_t at) const { return dropped + at; }

    // What cut() found.
    enum class Cut : std::uint8_t { Game, End, Past };

    // Cuts the next game into `extent` (Game), reading more of a stream as needed; `too_large`
    // when it is larger than max_game_bytes (then only its start is in view). End at the end of
    // the input; Past, consuming nothing, when the next game starts at or past `stop`: where
    // that game ends is then not looked for.
    Cut cut(detail::GameExtent& extent, bool& too_large, std::uint64_t stop) {
        const std::size_t limit = options.max_game_bytes;
        too_large               = false;
        for (;;) {
            const detail::ScanResult r = scanner.next(extent);
            if (r == detail::ScanResult::Game) {
                if (offset(extent.begin) >= stop) {
                    scanner.unread(extent);
                    return Cut::Past;
                }
                too_large = extent.end - extent.begin > limit;
                break;
            }
            if (r == detail::ScanResult::End) return Cut::End;
            // NeedMore: only from a partial window, so the stream has not ended (the scanner
            // stands before the pending game again). A game not cut within its first `limit`
            // bytes is too large: it is read past, not kept.
            const std::size_t pending = scanner.pending_begin();
            if (pending != std::string_view::npos && offset(pending) >= stop) return Cut::Past;
            if (pending != std::string_view::npos && buffer.size() - pending > limit) {
                extent.begin = pending;
                too_large    = true;
                break;
            }
            fill();
        }
        // A stream's game too large may start past the window (the scanner's view ends at the
        // buffer's last line end): its start is read from the buffer.
        if (too_large && stream) view = buffer.view();
        return Cut::Game;
    }

    // The file column of view[at], on the line advance_lines reached: counted on from the
    // previous game's start when it stood on the same line, so that many games on one line
    // cost time linear in the line.
    std::uint32_t column_of(std::size_t at) {
        const auto rel     = static_cast<std::uint32_t>(at - line_start);
        std::uint32_t from = 0, column = line_column;
        if (column_line == line && column_at <= rel) {
            from   = column_at;
            column = column_count;
        }
        // Whole characters of the view from `from` on; a game never starts inside one, but if
        // it did, the count up to it would read the cut sequence byte by byte, as
        // code_point_count does, and is not remembered.
        std::size_t i   = line_start + from;
        std::uint32_t n = 0;
        while (i < at) {
            const std::uint32_t len =
                static_cast<unsigned char>(view[i]) < 0x80 ? 1 : rules::utf8_length(view, i);
            i += len ? len : 1;
            ++n;
        }
        if (i != at)
            return column + rules::code_point_count(view.substr(line_start + from, rel - from));
        column_line  = line;
        column_at    = rel;
        column_count = column + n;
        return column_count;
    }

    std::istream* stream = nullptr;  // null over a whole buffer
    ParseOptions options;
    std::size_t chunk = 0;
    ByteBuffer buffer;      // streaming: the unscanned bytes, from drop_point on
    std::string_view view;  // what the scanner sees (without the BOM)
    bool at_end      = false;
    bool failed      = false;
    bool bom_checked = false;
    detail::Scanner scanner;
    std::uint32_t games       = 0;
    std::uint64_t dropped     = 0;           // bytes of the input before view[0] (a BOM too)
    std::uint64_t range_end   = UINT64_MAX;  // set_range's end
    std::uint32_t line        = 1;           // file line of view[line_start]
    std::size_t line_start    = 0;  // or where a long line's bytes were dropped up to (forget)
    std::uint32_t line_column = 1;  // the file column of view[line_start]
    std::size_t counted       = 0;  // bytes of view whose line ends are counted
    // column_of's last count: file line, offset from that line's start, column there.
    std::uint32_t column_line  = 0;
    std::uint32_t column_at    = 0;
    std::uint32_t column_count = 1;
};

GameSource::GameSource(std::string_view input, ParseOptions options)
    : impl_(std::make_unique<Impl>(input, options)) {}

GameSource::GameSource(std::istream& in, ParseOptions options, std::size_t chunk_bytes)
    : impl_(std::make_unique<Impl>(in, options, chunk_bytes)) {}

GameSource::~GameSource() = default;

bool GameSource::read_failed() const { return impl_->failed; }

GameSource::Passed GameSource::set_range(std::uint64_t begin, std::uint64_t end) {
    Impl& m     = *impl_;
    m.range_end = end;
    Passed passed;
    detail::GameExtent extent;
    bool too_large = false;
    // The games before the range are cut as next() cuts them, and only counted.
    while (m.cut(extent, too_large, begin) == Impl::Cut::Game) {
        ++m.games;
        ++passed.games;
        if (too_large) {
            ++passed.too_large;
            m.skip_game(extent.begin);
        }
    }
    return passed;
}

bool GameSource::next(GameText& out) {
    Impl& m = *impl_;
    // The previous game's bytes are no longer needed: a large game's block goes now, before the
    // next game is read, rather than beside it.
    if (m.stream) {
        out.owned_.release_large();
        out.owned_size_ = 0;
    }
    detail::GameExtent extent;
    const std::size_t limit = m.options.max_game_bytes;
    bool too_large          = false;
    if (m.cut(extent, too_large, m.range_end) != Impl::Cut::Game) return false;

    m.advance_lines(extent.begin);
    // The lines around the game, at most ContextBytes of them before and after it: many games
    // on one long line must not each copy the whole line (issue 13). The excerpt printer shows
    // less than that around a diagnostic.
    constexpr std::size_t Context = rules::SourceMap::ContextBytes;
    std::size_t lines_begin       = m.line_start;
    if (extent.begin - lines_begin > Context) {
        lines_begin = extent.begin - Context;
        while (lines_begin < extent.begin &&
               (static_cast<unsigned char>(m.view[lines_begin]) & 0xC0) == 0x80)
            ++lines_begin;  // not inside a character
    }
    std::size_t game_end   = extent.end;
    std::size_t suffix_end = extent.end;
    if (too_large) {
        // Its first bytes only, more than `limit` of which are in view: up to the last line end
        // among them, else not inside a character; no line after.
        game_end             = extent.begin + std::min(Context, limit);
        std::size_t line_end = game_end;
        while (line_end > extent.begin && !detail::is_line_end(m.view[line_end - 1])) --line_end;
        if (line_end > extent.begin)
            game_end = line_end;
        else
            while (game_end > extent.begin &&
                   (static_cast<unsigned char>(m.view[game_end]) & 0xC0) == 0x80)
                --game_end;
        while (game_end > extent.begin && detail::is_ascii_space(m.view[game_end - 1])) --game_end;
        suffix_end = game_end;
    } else {
        // A stream's window may end inside the game's last line (Impl::rescan): the line goes
        // on in the buffer, at least Context bytes past the window.
        const std::string_view all     = m.stream ? m.buffer.view() : m.view;
        const std::size_t suffix_limit = std::min(all.size(), extent.end + Context);
        while (suffix_end < suffix_limit && !detail::is_line_end(all[suffix_end])) ++suffix_end;
    }
    const std::string_view lines =
        (m.stream ? m.buffer.view() : m.view).substr(lines_begin, suffix_end - lines_begin);
    if (!m.stream) out.external_ = lines;
    out.begin         = static_cast<std::uint32_t>(extent.begin - lines_begin);
    out.end           = static_cast<std::uint32_t>(game_end - lines_begin);
    out.number        = ++m.games;
    out.first_line    = m.line;
    out.first_column  = m.column_of(extent.begin);
    out.ended_by      = static_cast<std::uint8_t>(extent.ended_by);
    out.token_variant = extent.token_variant;
    out.termination =
        static_cast<std::uint32_t>(!too_large && extent.ended_by == detail::GameEnd::Termination
                                       ? extent.termination - extent.begin
                                       : 0);
    out.too_large = too_large;
    if (m.stream && (too_large || !m.hand_off(out, lines_begin, suffix_end))) {
        out.owned_.assign(lines);
        out.owned_from_ = 0;
        out.owned_size_ = lines.size();
    }
    if (m.stream) out.external_ = {};
    if (too_large) m.skip_game(extent.begin);
    return true;
}

void open_game(const GameText& text, GameRecord& out, rules::DiagnosticLog& log,
               const ParseOptions& options) {
    out               = GameRecord{};
    out.number        = text.number;
    out.text          = text.game();
    out.token_variant = text.token_variant;
    out.encoding      = options.encoding;

    rules::SourceMap& src = out.source;
    src.text              = out.text;
    src.first_line        = text.first_line;
    src.first_column      = text.first_column;
    src.prefix_bytes      = text.begin;
    src.suffix_bytes      = static_cast<std::uint32_t>(text.lines().size() - text.end);

    // Too large: its start is there for the excerpt, not to be read (ParseOptions).
    if (text.too_large) {
        out.too_large       = true;
        rules::Diagnostic d = rules::make_error(
            DiagCode::GameTooLarge, {0, 0},
            "larger than " + std::to_string(options.max_game_bytes) + " bytes: not read");
        d.hint = rules::Hint::MaxGameBytes;
        log.add(std::move(d));
        return;
    }

    const auto ended_by = static_cast<detail::GameEnd>(text.ended_by);
    out.open_comment    = ended_by == detail::GameEnd::UnterminatedComment;
    if (ended_by == detail::GameEnd::Termination) {
        out.termination_span = {text.termination, static_cast<std::uint32_t>(out.text.size())};
        out.termination      = out.text.substr(text.termination);
    }

    // The first byte that is not UTF-8, once per game (docs/rules/notation.md §1.13).
    for (std::size_t i = 0; i < out.text.size();) {
        if (out.text.size() - i >= 8 && !detail::has_high_bit(detail::load8(out.text.data() + i))) {
            i += 8;  // eight ASCII bytes at once
            continue;
        }
        if (static_cast<unsigned char>(out.text[i]) < 0x80) {
            ++i;
            continue;
        }
        if (const std::uint32_t len = rules::utf8_length(out.text, i)) {
            i += len;
            continue;
        }
        out.invalid_utf8 = true;
        const auto at    = static_cast<std::uint32_t>(i);
        log.add(rules::make_warning(DiagCode::InvalidUtf8, {at, at + 1},
                                    invalid_byte_message(out.text[i], out.encoding)));
        break;
    }

    const auto end = static_cast<std::uint32_t>(out.text.size());
    // Without a marker the Result tag's value stands for it (docs/rules/notation.md §1.12);
    // play/game_result.cpp reads it, and warns about its form.
    std::string read_as = "read as *";
    if (ended_by != detail::GameEnd::Termination &&
        ended_by != detail::GameEnd::UnterminatedComment)
        if (const std::optional<Tag> result = find_tag_pair(out, "Result"))
            read_as = "the Result tag's " + rules::quoted_token(raw_tag_value(out, *result)) +
                      " stands for it";
    switch (ended_by) {
        case detail::GameEnd::Termination:
        case detail::GameEnd::UnterminatedComment:  // reported with the comment
            break;
        case detail::GameEnd::TagBoundary:
        case detail::GameEnd::NumberBoundary:
            log.add(rules::make_warning(
                DiagCode::GameBoundary, {end, end},
                "no termination marker before the next game begins: the game ends here, " +
                    read_as));
            break;
        default:
            log.add(
                rules::make_warning(DiagCode::MissingTermination, {end, end},
                                    "no termination marker at the end of the game: " + read_as));
            break;
    }
}

RecordReader::RecordReader(std::string_view input, ParseOptions options)
    : source_(input, options), options_(options) {}

RecordReader::RecordReader(std::istream& in, ParseOptions options)
    : source_(in, options), options_(options) {}

RecordReader::~RecordReader() = default;

bool RecordReader::next(GameRecord& out, rules::DiagnosticLog& log) {
    if (!source_.next(text_)) return false;
    open_game(text_, out, log, options_);
    return true;
}

}  // namespace floe::parser
