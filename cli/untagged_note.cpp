#include "cli/untagged_note.hpp"

#include <fmt/format.h>

#include "cli/input.hpp"
#include "cli/usage.hpp"
#include "parser/parse_record.hpp"
#include "rules/variants.hpp"

namespace floe::cli {

namespace {

// The row of `entry` in rules::variant_table().
std::size_t row_of(const rules::VariantEntry* entry) {
    const auto table = rules::variant_table();
    for (std::size_t i = 0; i < table.size(); ++i)
        if (&table[i] == entry) return i;
    return 0;
}

}  // namespace

void UntaggedNote::count(const formats::VariantReading& reading) {
    using formats::VariantSource;
    // A game never set up (too large to read) has no variant.
    if (reading.entry == nullptr || reading.source == VariantSource::Tag ||
        reading.source == VariantSource::Option)
        return;
    if (decided_.empty()) {
        decided_.assign(rules::variant_table().size(), 0);
        neighbours_.assign(rules::variant_table().size(), 0);
    }
    if (reading.source == VariantSource::Plies) ++decided_[row_of(reading.entry)];
    if (reading.source == VariantSource::Neighbours) ++neighbours_[row_of(reading.entry)];
    if (reading.source == VariantSource::Default) ++ice_age_;
    ++games_;
    due_ = due_ || !reading.entry->is_default;
}

void UntaggedNote::start_part(const Shard& shard, const parser::GameSource::Passed& passed,
                              const std::string& file, std::string_view command,
                              const formats::GameOptions& options, const ReadingOf& reading_of) {
    if (!shard.active()) return;
    silent_                   = shard.index != shard.count;
    const std::uint32_t games = passed.games;
    if (silent_ || games == 0 || options.variant) return;
    InputStream in(file, command);
    parser::GameSource source(in.get(), options.parse);
    parser::GameText text;
    rules::GameRecord record;
    for (std::uint32_t i = 0; i < games && source.next(text); ++i) {
        rules::DiagnosticLog ignored;
        parser::open_game(text, record, ignored, options.parse);
        count(reading_of ? reading_of(record) : formats::read_variant(record, options));
    }
    if (source.read_failed()) throw UsageError("cannot read " + file);
}

bool UntaggedNote::due() const { return due_; }

std::string UntaggedNote::message() const {
    const auto table = rules::variant_table();
    std::string ways;
    const auto add = [&ways](std::string way) {
        if (!ways.empty()) ways += ", ";
        ways += way;
    };
    for (std::size_t i = 0; i < decided_.size(); ++i)
        if (decided_[i] > 0) add(fmt::format("{} as {}", decided_[i], table[i].name));
    for (std::size_t i = 0; i < neighbours_.size(); ++i)
        if (neighbours_[i] > 0)
            add(fmt::format("{} undecided read as {} like the input's first decided game",
                            neighbours_[i], table[i].name));
    if (ice_age_ > 0)
        add(fmt::format("{} undecided read as {}: no game decided in the input's first MiB",
                        ice_age_, rules::default_variant().name));
    return fmt::format(
        "{} {} without a Variant tag read by {} first plies: {}; use --variant or a Variant tag "
        "to choose",
        games_, games_ == 1 ? "game" : "games", games_ == 1 ? "its" : "their", ways);
}

formats::Json UntaggedNote::counts_json() const {
    formats::Json j   = formats::Json::object();
    const auto table  = rules::variant_table();
    const auto counts = [&](bool undecided) {
        formats::Json c = formats::Json::object();
        for (std::size_t i = 0; i < decided_.size(); ++i) {
            long long n = neighbours_[i] + (table[i].is_default ? ice_age_ : 0);
            if (!undecided) n += decided_[i];
            if (n > 0) c[std::string(table[i].name)] = n;
        }
        return c;
    };
    j["variants"]           = counts(false);
    formats::Json undecided = counts(true);
    if (!undecided.empty()) j["undecided"] = std::move(undecided);
    return j;
}

bool UntaggedNote::report_to(FileReport& report, bool strict) const {
    if (!due_ || silent_) return false;
    report.file_note(message(), strict, counts_json());
    return strict;
}

}  // namespace floe::cli
