#include "cli/color.hpp"

#include <unistd.h>

#include <cstdlib>

namespace floe::cli {

bool use_color(ColorChoice choice, bool terminal, const char* no_color) {
    if (choice != ColorChoice::Auto) return choice == ColorChoice::Always;
    return terminal && (no_color == nullptr || *no_color == '\0');
}

bool use_color_on_stderr(ColorChoice choice) {
    return use_color(choice, isatty(STDERR_FILENO) == 1, std::getenv("NO_COLOR"));
}

}  // namespace floe::cli
