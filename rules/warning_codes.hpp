#pragma once
// Which diagnostic codes are ever reported as warnings: the codes whose severity a user may
// change (`--warn CODE=…`). A code that is only ever an error cannot be lowered: a broken game is
// never hidden.

#include "rules/diagnostic.hpp"

namespace floe::rules {

/// True when `code` is reported as a warning in some case: the Severity column of
/// docs/diagnostics.md reads "warning" (or "error / warning", as `fen-counter`;
/// `unsupported-variant` is a warning in convert). False for a code that is always an error
/// (`illegal-move`). docs/rules/notation.md §8.4.
bool is_warning_code(DiagCode code);

}  // namespace floe::rules
