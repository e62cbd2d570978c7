#pragma once
// What a result token or a Result tag value means (docs/rules/notation.md §1.9): PGN's four
// termination markers, Glacial Shift's, and the forms real exporters and hand-typed files write
// beside them (colon, decimal and Unicode forms, forfeits, scores with no PGN form). The scanner
// cuts games at them, and the writers write the PGN form they stand for.

#include <cstdint>
#include <string>
#include <string_view>

#include "rules/diagnostic.hpp"

namespace floe::rules {

struct VariantEntry;

enum class ResultKind : std::uint8_t {
    NotAResult,  ///< no result of any form
    Exact,       ///< `1-0 0-1 1/2-1/2 *`, and Glacial Shift's four markers in a Glacial game
    Lenient,  ///< another spelling of one of PGN's four (`1:0`, `1–0`, `½-½`, `0.5-0.5`, `1/2`)
    Forfeit,  ///< a forfeit (`+:-`, `-:+`, `+--`, `--+`, `-:-`)
    NoPgnForm,  ///< a score PGN cannot write (`0-0`, `0:0`, `½-0`, `0-½`)
};

/// One reading of a result token.
struct ResultReading {
    ResultKind kind = ResultKind::NotAResult;
    /// The PGN termination marker it stands for (`1-0`, `0-1`, `1/2-1/2`, `*`, or a Glacial Shift
    /// marker); empty when it has none (NoPgnForm, the double forfeit `-:-`, NotAResult).
    std::string_view result;
    /// The score in ASCII (`1-0`, `0-0`, `1/2-0`, `0-1/2`), for messages; empty for `*`.
    std::string_view points;
    /// The token's first character that is not ASCII (its bytes), when it has one.
    std::string_view unicode;
    /// Zeros joined by a dash (`0-0`, `0–0`): castling written with zeros, too
    /// (docs/rules/notation.md §1.9). The scanner never ends a game at one.
    bool castling_lookalike = false;
};

/// Reads `token` (a movetext word or a Result tag value) as a result in a game of `variant`:
/// Glacial Shift's four-player markers are results when its engine is Glacial Shift. A pointer,
/// not a reference: a game may have no variant-table entry (an untagged game read without
/// --variant, a Variant tag naming no variant floe plays), and then PGN's markers are read.
ResultReading read_result(std::string_view token, const VariantEntry* variant);

/// The warning code a lenient reading gets: unicode-result, result-form, forfeit-result or
/// non-pgn-result (NotAResult too: a Result tag value that is no result). Exact: none (Count_).
DiagCode result_code(const ResultReading& reading);

/// The warning's message for `written` read as `reading` (not Exact). `tag`: it is the Result
/// tag's value, not a termination marker.
std::string result_message(std::string_view written, const ResultReading& reading, bool tag);

/// The Unicode name of a character a result form may hold (`U+2013 EN DASH`), from its bytes.
std::string result_character_name(std::string_view character);

}  // namespace floe::rules
