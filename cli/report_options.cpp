#include "cli/report_options.hpp"

#include "cli/usage.hpp"

namespace floe::cli {

void add_report_options(CLI::App& cmd, ReportOptions& options, Reported reported) {
    const std::string group = "Diagnostics";
    cmd.add_flag("--quiet,-q", options.quiet,
                 "Print only errors (and validate's summaries): no warnings, notes or hints")
        ->group(group);
    if (reported == Reported::Records)
        cmd.add_option("--max-errors", options.max_errors,
                       "Stop reading a file after N errors, and say so (the next file goes on)")
            ->check(whole_number_from(1))
            ->group(group);
    cmd.add_option("--warn", options.warn,
                   "CODE=off|warning|error: the severity of one warning code (repeatable; an "
                   "error cannot be lowered)")
        ->allow_extra_args(false)
        ->type_name("CODE=LEVEL")
        ->group(group);
    cmd.add_option(
           "--color", options.color,
           "Colour diagnostics: auto (on a terminal, unless NO_COLOR is set), always, never")
        ->transform(CLI::IsMember({"auto", "always", "never"}, CLI::ignore_case))
        ->capture_default_str()
        ->group(group);
    cmd.add_option("--diagnostics", options.diagnostics,
                   "Diagnostics on standard error as text, or as JSON Lines (one object each)")
        ->transform(CLI::IsMember({"text", "json"}, CLI::ignore_case))
        ->capture_default_str()
        ->group(group);
}

}  // namespace floe::cli
