#pragma once
// floe(1): the man page, in roff, written from the command line itself (describe_commands).

#include <CLI/CLI.hpp>
#include <string>

namespace floe::cli {

/// The man page of `app` in roff (man(7)): NAME, SYNOPSIS, DESCRIPTION, one subsection per
/// visible subcommand with its usage and each option's --help line, VARIANTS (the variant table
/// and its aliases, docs/rules/notation.md §2.2), EXIT STATUS (docs/rules/notation.md §9.5),
/// ENVIRONMENT (every variable floe reads), EXAMPLES (commands of the docs' tested examples:
/// tests/docs/check_examples.py checks each) and SEE ALSO. `version` goes into the title line ("floe 0.1.0"). Never fails.
std::string man_page(const CLI::App& app, const std::string& version);

}  // namespace floe::cli
