#include "cli/untagged_note.hpp"

#include <fmt/format.h>

#include "rules/variants.hpp"

namespace floe::cli {

void UntaggedNote::count(const formats::VariantReading& reading) {
    // A game never set up (too large to read) has no variant.
    if (reading.entry == nullptr || (reading.source != formats::VariantSource::Plies &&
                                     reading.source != formats::VariantSource::Default))
        return;
    const auto table = rules::variant_table();
    if (counts_.empty()) counts_.assign(table.size(), 0);
    for (std::size_t i = 0; i < table.size(); ++i)
        if (&table[i] == reading.entry) ++counts_[i];
    ++games_;
    due_ = due_ || reading.source == formats::VariantSource::Plies;
}

bool UntaggedNote::due() const { return due_; }

std::string UntaggedNote::message() const {
    const auto table = rules::variant_table();
    std::string ways;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
        if (counts_[i] == 0) continue;
        if (!ways.empty()) ways += ", ";
        ways += fmt::format("{} as {}", counts_[i], table[i].name);
    }
    return fmt::format(
        "{} {} without a Variant tag read by {} first plies: {}; use --variant or a Variant tag "
        "to choose",
        games_, games_ == 1 ? "game" : "games", games_ == 1 ? "its" : "their", ways);
}

formats::Json UntaggedNote::counts_json() const {
    formats::Json j         = formats::Json::object();
    formats::Json& variants = j["variants"];
    variants                = formats::Json::object();
    const auto table        = rules::variant_table();
    for (std::size_t i = 0; i < counts_.size(); ++i)
        if (counts_[i] > 0) variants[std::string(table[i].name)] = counts_[i];
    return j;
}

bool UntaggedNote::report_to(FileReport& report, bool strict) const {
    if (!due_) return false;
    report.file_note(message(), strict, counts_json());
    return strict;
}

}  // namespace floe::cli
