#pragma once
// `select --split-every N` and `--split-by TAG`: games written into many files of one folder,
// each file whole or not at all, never over an input, with a bounded number of files open.

#include <cstddef>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/usage.hpp"

namespace floe::cli {

/// A file of the split folder could not be written (or would be an input): the run stops, where
/// an input that cannot be read lets it go on with the next.
struct WriteError : UsageError {
    using UsageError::UsageError;
};

/// A tag value as a file name: bytes that are not safe in a name become `_` (`/`, `\`, control
/// characters, `:*?"<>|`, and bytes that are not UTF-8); a leading `.` becomes `_` (no `..`, no
/// hidden file); at most 100 bytes, cut on a character boundary; an empty value gives `_`.
std::string safe_file_name(std::string_view value);

/// Files written in a folder, each first to a temporary file beside its destination
/// (`.NAME.floe-XXXXXX`) that commit() renames into place.
class SplitOutput {
public:
    /// Creates `folder` when missing. `inputs` are the command's input files: a destination that
    /// is one of them is refused. Throws UsageError when the folder cannot be made or is no folder.
    SplitOutput(std::string folder, std::vector<std::string> inputs);
    /// Without commit(): every temporary file is removed; the destinations are untouched.
    ~SplitOutput();
    SplitOutput(const SplitOutput&)            = delete;
    SplitOutput& operator=(const SplitOutput&) = delete;

    /// Appends `text` to the file `name` (a safe name) of the folder, after `separator` when that
    /// file has text already. Throws WriteError when the destination is an input, or when a
    /// temporary file cannot be created or written.
    void append(const std::string& name, std::string_view text, std::string_view separator);
    /// Renames every file into place, in the order they were first written. Throws WriteError
    /// "cannot write PATH: REASON" at the first failure.
    void commit();
    /// How many files were written.
    std::size_t files() const { return order_.size(); }

private:
    struct File;
    void close_one();

    std::string folder_;
    std::vector<std::string> inputs_;
    std::map<std::string, std::unique_ptr<File>> files_;
    std::vector<File*> order_;
    std::list<File*> open_;  // most recently used first; at most MaxOpen
};

}  // namespace floe::cli
