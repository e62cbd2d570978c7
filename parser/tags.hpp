#pragma once
// A game's tag section (docs/rules/notation.md §1.2), read from its bytes when a tag is asked for:
// nothing keeps a game's tags as a list, so a hostile section of a million tags costs no memory
// beyond the game's bytes. The tag section is every tag pair before the first movetext token; a
// comment or an escape line may stand between them.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/lexical.hpp"
#include "rules/record.hpp"

namespace floe::parser {

/// One tag pair of a tag section, or a malformed tag (`[White "Ann`) there.
struct Tag {
    std::string_view name;   ///< empty for a malformed tag
    rules::Span span;        ///< the whole `[Name "value"]`, or the malformed tag's bytes
    rules::Span value_span;  ///< the bytes between the quotes, escapes as written
    bool malformed = false;
    bool lenient   = false;  ///< no closing quote before `]` (docs/rules/notation.md §1.2)
};

/// The tags that decide how a game is replayed: the first of each name, when there is one.
struct SetupTags {
    std::optional<Tag> variant, fen, setup, result;
};

/// The setup tags of a record, in one reading of its tag section.
SetupTags setup_tags(const rules::GameRecord& record);

/// The tags of one game, in the order written.
class TagReader {
public:
    /// Reads `record`'s tag section; its lone bytes as record.encoding reads them.
    explicit TagReader(const rules::GameRecord& record);
    /// The next tag pair or malformed tag; false at the end of the tag section.
    bool next(Tag& out);

private:
    const rules::GameRecord& record_;
    std::size_t pos_ = 0;
    bool done_       = false;
    detail::TagLineMemo memo_;  // many tag pairs on one line: linear time (issue 13)
};

/// A tag's value with its escapes read (`\"` and `\\`; any other backslash stays,
/// docs/rules/notation.md §1.2), its bytes as written (the writers decode them with the
/// record's encoding).
std::string tag_value(const rules::GameRecord& record, const Tag& tag);

/// Appends `raw`, a tag value's bytes as written (or a piece of them that does not end inside
/// an escape), with its escapes read as tag_value reads them.
void append_tag_value(std::string& out, std::string_view raw);

/// A tag's value as written, between its quotes (the escapes not read).
inline std::string_view raw_tag_value(const rules::GameRecord& record, const Tag& tag) {
    return record.text.substr(tag.value_span.begin, tag.value_span.end - tag.value_span.begin);
}

/// The first tag of each name in `names` (case-sensitive; nullopt where none), in one reading
/// of the tag section.
template <std::size_t N>
std::array<std::optional<Tag>, N> find_tags(const rules::GameRecord& record,
                                            const std::array<std::string_view, N>& names) {
    std::array<std::optional<Tag>, N> found{};
    TagReader tags(record);
    for (Tag t; tags.next(t);)
        for (std::size_t i = 0; i < N; ++i)
            if (!t.malformed && !found[i] && t.name == names[i]) found[i] = t;
    return found;
}

/// The names of one tag section, to find a repeated one (`repeated-tag`, docs/rules/notation.md
/// §1.12) in linear time: an open-addressing table of where each name starts in the game's
/// text, 4 bytes a slot, so that a section of a million names costs little beside its bytes
/// (memory bounds, docs/reliability.md).
class TagNameSet {
public:
    /// Adds `name`, a view into `text` (a game's text); true when the set held it already.
    bool repeated(std::string_view text, std::string_view name);

private:
    bool insert(std::vector<std::uint32_t>& table, std::string_view text, std::string_view name,
                std::uint32_t slot) const;
    // The first names, searched in turn: a usual game's tags allocate nothing (no_allocation_test).
    static constexpr std::size_t SmallCount = 32;
    std::array<std::uint32_t, SmallCount> small_{};
    std::size_t small_count_ = 0;
    std::vector<std::uint32_t> slots_;  // where a name starts in the text + 1; 0 is empty
    std::size_t count_ = 0;
};

/// The value of the first tag named `name` (case-sensitive), or nullopt.
std::optional<std::string> find_tag(const rules::GameRecord& record, std::string_view name);

/// The first tag named `name`, or nullopt.
std::optional<Tag> find_tag_pair(const rules::GameRecord& record, std::string_view name);

}  // namespace floe::parser
