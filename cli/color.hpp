#pragma once
// `--color auto|always|never`: whether diagnostics on standard error are in ANSI colour, decided
// as compilers decide it. formats/diagnostic_print.hpp colours; the command line decides.

#include <string_view>

namespace floe::cli {

enum class ColorChoice { Auto, Always, Never };

/// Whether to colour: Always and Never as they say; Auto when `terminal` (standard error is a
/// terminal) and `no_color` (the NO_COLOR environment variable, null when unset) is null or empty
/// (https://no-color.org). So colour never goes into a pipe or a file unless asked for.
/// docs/rules/notation.md §8.1.
bool use_color(ColorChoice choice, bool terminal, const char* no_color);

/// use_color for this process's standard error (isatty(2)) and environment.
bool use_color_on_stderr(ColorChoice choice);

}  // namespace floe::cli
