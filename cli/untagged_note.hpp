#pragma once
// The note, once per file, that counts the games without a Variant tag by the variant their
// plies gave them (docs/rules/notation.md §2.7): validate, convert, fen and select print it after
// the file's games. Under --strict it is a warning, so that a strict run asks for a tag or
// --variant.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "cli/diagnostic_report.hpp"
#include "formats/json_writer.hpp"
#include "formats/untagged_variant.hpp"

namespace floe::cli {

class UntaggedNote {
public:
    /// Counts one game by how its variant was decided: only games without a Variant tag read
    /// without --variant (VariantSource::Plies or Default) count.
    void count(const formats::VariantReading& reading);

    /// True when some game's plies made it other than Ice Age Chess: only then is a note due.
    bool due() const;

    /// The note's words: "3 games without a Variant tag read by their first plies: 1 as Ice
    /// Age, 1 as Standard, 1 as Crazyhouse; use --variant or a Variant tag to choose" (variants
    /// in the order of rules::variant_table).
    std::string message() const;

    /// {"variants": a count per variant name, in the table's order}: the note's counts for
    /// JSON (FileReport::file_note's `extra`).
    formats::Json counts_json() const;

    /// Gives the note to `report` when one is due, a warning under --strict (`strict`), so
    /// that a strict run asks for a tag or --variant. Returns true when it was a warning.
    bool report_to(FileReport& report, bool strict) const;

private:
    std::vector<long long> counts_;  // per row of rules::variant_table()
    long long games_ = 0;
    bool due_        = false;
};

}  // namespace floe::cli
