#pragma once
// Characters that hand-typed records write for ASCII ones (docs/rules/notation.md §1.15): a word
// processor's en dash in `0–0–0`, a Cyrillic `О` in `О-О`, full-width digits in `１２．`, and the
// Unicode spaces of §1.14. The readers accept them, and every warning names the code point, so
// that the user can find the character that no editor shows.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace floe::rules {

/// A non-ASCII character read as an ASCII one.
struct LookAlike {
    char32_t code_point;
    char ascii;             ///< '-', 'O', 'o', '0' ... '9' or '.'
    std::string_view name;  ///< its Unicode name, "EN DASH"
};

/// The look-alike whose UTF-8 sequence starts at text[pos], or nullptr (an ASCII byte, a byte that
/// is not UTF-8, or any other character). `length` gets the sequence's length when found.
const LookAlike* look_alike_at(std::string_view text, std::size_t pos, std::size_t& length);

/// The Unicode name of a space of docs/rules/notation.md §1.14 ("NO-BREAK SPACE"), or empty.
std::string_view unicode_space_name(char32_t code_point);

/// "U+2013 EN DASH": how a warning names a character.
std::string code_point_label(char32_t code_point, std::string_view name);

/// A castling token (`0–0–0`, `О-О+`) with its look-alikes replaced by ASCII, when every
/// non-ASCII character in it is a look-alike of `-`, `O`, `o` or `0` and at least one is there.
/// `first` gets the first look-alike. Written into `out`, which holds at most `capacity` bytes;
/// returns the length, or 0 when the token is no such castling.
std::size_t fold_castling(std::string_view token, char* out, std::size_t capacity,
                          const LookAlike*& first);

/// The first look-alike in `text` (nullptr when none): the one a warning names.
const LookAlike* first_look_alike(std::string_view text);

}  // namespace floe::rules
