#pragma once
// The public facade of the record parser: the only parser header other layers include.
// Boost.Spirit X3 stays inside parser/*.cpp.
//
// A small scanner splits the input into games; X3 parses one game at a time into a flat token
// list; variations are built from `(` and `)` with an explicit stack (notation.md §1).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "rules/record.hpp"

namespace floe::parser {

struct ParseOptions {
    /// Deepest variation nesting accepted; deeper input is a `variation-too-deep` error at the
    /// `(` that exceeds it, and the rest of that game is skipped (conformance B32).
    std::size_t max_variation_depth = 1000;
    /// Read games without a Variant tag with Glacial Shift's tokens (seats, four-player
    /// results): true when the command line's --variant names Glacial Shift (notation.md §5).
    bool glacial_default = false;
};

/// Reads the games of one input buffer in order. The buffer must outlive the records, whose
/// text views point into it.
class RecordReader {
public:
    explicit RecordReader(std::string_view input, ParseOptions options = {});
    ~RecordReader();
    RecordReader(const RecordReader&)            = delete;
    RecordReader& operator=(const RecordReader&) = delete;

    /// Reads the next game into `out` (replacing its contents). Returns false at the end of the
    /// input. Never throws on bad input: problems become diagnostics in out.diagnostics, with
    /// spans into out.text, and reading goes on with the next game.
    bool next(rules::GameRecord& out);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace floe::parser
