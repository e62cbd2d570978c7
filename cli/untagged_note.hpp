#pragma once
// The note, once per file, that counts the games without a Variant tag by the variant their
// plies gave them (docs/rules/notation.md §2.7): validate, convert, fen and select print it after
// the file's games. Under --strict it is a warning, so that a strict run asks for a tag or
// --variant.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/diagnostic_report.hpp"
#include "cli/shard.hpp"
#include "formats/json_writer.hpp"
#include "play/replay_game.hpp"
#include "play/untagged_variant.hpp"

namespace floe::cli {

class UntaggedNote {
public:
    /// Counts one game by how its variant was decided: only games without a Variant tag read
    /// without --variant (VariantSource::Plies, Neighbours or Default) count.
    void count(const formats::VariantReading& reading);

    /// Under `--shard K/N` (`shard` active), only the last part gives the note, the whole
    /// file's: it first counts the `passed` games of FILE `file` before it, each read as the part
    /// reads its own under `options` (formats::read_variant, or `reading_of` when given: select
    /// counts only the games it replays); the other parts give none. So the parts report
    /// together what the whole run reports, a warning under --strict once. Throws UsageError
    /// when the file cannot be read.
    using ReadingOf = std::function<formats::VariantReading(const rules::GameRecord&)>;
    void start_part(const Shard& shard, const parser::GameSource::Passed& passed,
                    const std::string& file, std::string_view command,
                    const formats::GameOptions& options, const ReadingOf& reading_of = {});

    /// True when some game was read as other than Ice Age Chess: only then is a note due.
    bool due() const;

    /// The note's words: "3 games without a Variant tag read by their first plies: 1 as Ice
    /// Age, 1 as Standard, 1 undecided read as Standard like the input's first decided game; use
    /// --variant or a Variant tag to choose" (variants in the order of rules::variant_table).
    std::string message() const;

    /// {"variants": a count per variant name, every counted game; "undecided": the same for the
    /// games whose plies decided nothing, when there are some}: the note's counts for JSON
    /// (FileReport::file_note's `extra`).
    formats::Json counts_json() const;

    /// Gives the note to `report` when one is due, a warning under --strict (`strict`), so
    /// that a strict run asks for a tag or --variant. Returns true when it was a warning.
    bool report_to(FileReport& report, bool strict) const;

private:
    std::vector<long long> decided_;     // per row of rules::variant_table(): the plies decided
    std::vector<long long> neighbours_;  // the plies decided nothing: the input's variant
    long long ice_age_ = 0;              // the plies decided nothing, nor did the input
    long long games_   = 0;
    bool due_          = false;
    bool silent_       = false;  // a --shard part that is not the last
};

}  // namespace floe::cli
