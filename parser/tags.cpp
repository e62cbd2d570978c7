#include "parser/tags.hpp"

#include "parser/game_grammar.hpp"
#include "parser/lexical.hpp"

namespace floe::parser {

TagReader::TagReader(const rules::GameRecord& record) : record_(record) {
    detail::set_encoding(record.encoding);
}

bool TagReader::next(Tag& out) {
    const std::string_view text = record_.text;
    while (!done_) {
        const detail::Token t =
            detail::next_token(text, pos_, record_.source.first_column == 1, &memo_);
        pos_ = t.end;
        // A tag pair or comment holding a NUL is a malformed tag: a syntax error at the NUL
        // (parser::MovetextReader), kept by the writers as a malformed tag is, so that no NUL
        // is written (docs/rules/notation.md §1.13).
        if ((t.kind == detail::TokenKind::TagPair || t.kind == detail::TokenKind::BadTag ||
             t.kind == detail::TokenKind::Comment || t.kind == detail::TokenKind::LineComment) &&
            text.substr(t.begin, t.end - t.begin).find('\0') != std::string_view::npos) {
            out = Tag{{}, {t.begin, t.end}, {}, true, false};
            return true;
        }
        switch (t.kind) {
            case detail::TokenKind::UnicodeSpace:
            case detail::TokenKind::Escape:
            case detail::TokenKind::Comment:  // commentary before the tags stays with the game
            case detail::TokenKind::LineComment:
                continue;
            case detail::TokenKind::BadTag:
                out = Tag{{}, {t.begin, t.end}, {}, true, false};
                return true;
            case detail::TokenKind::TagPair: {
                // `[` blanks name blanks `"` value `"` blanks `]`, as the grammar matched it.
                auto p = static_cast<std::uint32_t>(detail::skip_tag_blanks(text, t.begin + 1));
                const std::uint32_t name_begin = p;
                p = static_cast<std::uint32_t>(detail::tag_name_end(text, p));
                const std::uint32_t name_end = p;
                while (text[p] != '"') ++p;
                const std::uint32_t value_begin = p + 1;
                const detail::TagValueEnd v = detail::find_tag_value_end(text, value_begin, &memo_);
                out                         = Tag{text.substr(name_begin, name_end - name_begin),
                          {t.begin, t.end},
                          {value_begin, static_cast<std::uint32_t>(v.close)},
                          false,
                          v.lenient};
                return true;
            }
            default:  // the movetext begins
                done_ = true;
        }
    }
    return false;
}

void append_tag_value(std::string& out, std::string_view raw) {
    for (std::size_t k = 0; k < raw.size(); ++k) {
        if (raw[k] == '\\' && k + 1 < raw.size() && (raw[k + 1] == '"' || raw[k + 1] == '\\')) ++k;
        out += raw[k];
    }
}

std::string tag_value(const rules::GameRecord& record, const Tag& tag) {
    const std::string_view raw = raw_tag_value(record, tag);
    std::string value;
    value.reserve(raw.size());
    append_tag_value(value, raw);
    return value;
}

SetupTags setup_tags(const rules::GameRecord& record) {
    const auto found = find_tags<4>(record, {"Variant", "FEN", "SetUp", "Result"});
    return {found[0], found[1], found[2], found[3]};
}

namespace {

// The tag name that starts `slot` - 1 bytes into `text`: it runs to the first byte that is no
// tag name character.
std::string_view name_in(std::string_view text, std::uint32_t slot) {
    std::size_t end = slot - 1;
    while (end < text.size() && detail::is_tag_name_char(text[end])) ++end;
    return text.substr(slot - 1, end - (slot - 1));
}

}  // namespace

bool TagNameSet::insert(std::vector<std::uint32_t>& table, std::string_view text,
                        std::string_view name, std::uint32_t slot) const {
    const std::size_t mask = table.size() - 1;
    for (std::size_t i = std::hash<std::string_view>{}(name)&mask;; i = (i + 1) & mask) {
        if (table[i] == 0) {
            table[i] = slot;
            return true;
        }
        if (name_in(text, table[i]) == name) return false;
    }
}

bool TagNameSet::repeated(std::string_view text, std::string_view name) {
    const std::size_t at = static_cast<std::size_t>(name.data() - text.data());
    if (name.empty() || at >= UINT32_MAX) return false;  // (a game of more than 4 GB)
    const auto slot = static_cast<std::uint32_t>(at + 1);
    if (slots_.empty()) {
        for (std::size_t i = 0; i < small_count_; ++i)
            if (name_in(text, small_[i]) == name) return true;
        if (small_count_ < SmallCount) {
            small_[small_count_++] = slot;
            return false;
        }
        // Past the small list: every name so far goes into the table.
        slots_.assign(64, 0);
        for (const std::uint32_t s : small_) insert(slots_, text, name_in(text, s), s);
        count_ = SmallCount;
    }
    // Grown (doubled) past three quarters full, the names moved over.
    if (4 * (count_ + 1) > 3 * slots_.size()) {
        std::vector<std::uint32_t> grown(2 * slots_.size());
        for (const std::uint32_t old : slots_)
            if (old != 0) insert(grown, text, name_in(text, old), old);
        slots_ = std::move(grown);
    }
    if (!insert(slots_, text, name, slot)) return true;
    ++count_;
    return false;
}

std::optional<Tag> find_tag_pair(const rules::GameRecord& record, std::string_view name) {
    TagReader tags(record);
    for (Tag t; tags.next(t);)
        if (!t.malformed && t.name == name) return t;
    return std::nullopt;
}

std::optional<std::string> find_tag(const rules::GameRecord& record, std::string_view name) {
    const std::optional<Tag> t = find_tag_pair(record, name);
    if (!t) return std::nullopt;
    return tag_value(record, *t);
}

}  // namespace floe::parser
