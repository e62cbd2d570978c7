#pragma once
// The visitor of the one walk: what the replay driver hands a writer, in the canonical order of
// docs/rules/notation.md §4.1 and §7.2 (per move: its NAGs, the events it triggered, the comments,
// the variations). The PGN, JSON, FEN, diagram and replay-page writers are visitors, for either
// game. Positions passed in are valid only during the call.

#include <concepts>
#include <cstdint>
#include <optional>
#include <string_view>

#include "rules/common/ascii.hpp"
#include "rules/diagnostic.hpp"
#include "rules/game/element.hpp"

namespace floe::rules {

template <class V, class G>
concept GameVisitor = requires(V& visitor, const typename G::Position& position,
                               const typename G::Move& move, const typename G::Events& events,
                               std::string_view text, bool flag, std::uint32_t value,
                               std::optional<DiagCode> code) {
    /// The start position, and what the rules did there (Glacial Shift: mates due at once).
    visitor.start(position, events);
    /// A move played from `before` (legal there), reaching `after` with what it triggered.
    visitor.move(position, move, position, events);
    /// A NAG of the last move (or before the first move).
    visitor.nag(value);
    /// The events the last move triggered, as the rules computed them (the record's own event
    /// text is checked and not passed on); called after every move, maybe with none.
    visitor.events(events);
    /// A comment's exact bytes: `{…}` (`flag` false) or `; …` (true).
    visitor.comment(text, flag);
    /// A variation: an alternative to the last move, from the position before it.
    visitor.variation_begin(position);
    visitor.variation_end();
    /// The rest of a line from its first error, verbatim and trimmed, with the error's code
    /// (nullopt for what follows an earlier conversion's marker: docs/rules/notation.md §7.5).
    visitor.unplayed(text, code);
    /// The walk is over (the main line ended, or stopped).
    visitor.end();
    /// Whether NAGs and comments are wanted: when not, the driver does not read them again.
    { V::annotations } -> std::convertible_to<bool>;
};

/// A visitor that takes nothing (validate). Writers derive from it and hide what they take.
template <class G>
struct IgnoreGame {
    static constexpr bool annotations = false;
    void start(const typename G::Position&, const typename G::Events&) {}
    void move(const typename G::Position&, const typename G::Move&, const typename G::Position&,
              const typename G::Events&) {}
    void nag(std::uint32_t) {}
    void events(const typename G::Events&) {}
    void comment(std::string_view, bool) {}
    void variation_begin(const typename G::Position&) {}
    void variation_end() {}
    void unplayed(std::string_view, std::optional<DiagCode>) {}
    void end() {}
};

/// `text` from `from` to `to`, without the ASCII white space at either end.
inline std::string_view trimmed(std::string_view text, std::uint32_t from, std::uint32_t to) {
    while (from < to && is_ascii_space(text[from])) ++from;
    while (to > from && is_ascii_space(text[to - 1])) --to;
    return text.substr(from, to - from);
}

}  // namespace floe::rules
