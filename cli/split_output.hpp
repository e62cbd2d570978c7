#pragma once
// `select --split-every N` and `--split-by TAG`: games written into many files of one folder,
// each file whole or not at all, never over an input, with a bounded number of files open.

#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <optional>
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

/// FNV-1a, 32 bits (offset basis 2166136261, prime 16777619): the hash in split names.
std::uint32_t fnv1a_32(std::string_view bytes);

/// The file name (without extension) of the games whose tag has `value` under `--split-by`; the
/// games without the tag (nullopt) go to `-`, a name no value gets. A value that is already a
/// safe name in lower case is its own name: 1 to 100 bytes of printable ASCII without capitals
/// and without `/\:*?"<>|`, not starting with `.`, not ending with `.` or a space, no Windows
/// device name (`CON`, `NUL`, `COM1`..., with any extension), not `_` or `-`, and not ending in
/// `-` and eight hex digits. Any other value is made safe (unsafe characters and bytes that are
/// not UTF-8 become `_`, ASCII capitals are folded, at most 100 bytes) and followed by `-` and
/// the eight hex digits of fnv1a_32 of its exact bytes: `Smith` gives `smith-` and its hash. So
/// two distinct values never share a name, even on a file system that ignores case.
std::string split_by_name(std::optional<std::string_view> value);

/// The names of one `--split-by` run, with the value each was made from: split_by_name() of a
/// value the run has not seen, remembered. Two distinct values whose made-safe parts and 32-bit
/// hashes agree (rare, but a hostile file can hold them: `SmItHJoHNsOnwIlLiam` and
/// `SmithjOHNSONWillIam`) would share a file; the second throws WriteError naming both, before
/// its game is written, rather than merge them silently.
class SplitByNames {
public:
    std::string name(std::optional<std::string_view> value);

private:
    std::map<std::string, std::optional<std::string>, std::less<>> value_of_;  // name -> value
};

/// The most files `--split-every` writes: their names have six digits.
constexpr std::uint64_t MaxSplitFiles = 999999;

/// The file name (without extension) of the `number`th file (from 1) of `--split-every`: six
/// digits (`000001`), so that the names sort in the games' order. Throws WriteError past
/// MaxSplitFiles, before anything is put in place.
std::string split_every_name(std::uint64_t number);

/// Files written in a folder, each first to a temporary file in it (cli/temp_file.hpp: unnamed
/// where the file system allows it, else `.NAME.floe-XXXXXX`) that commit() puts in place.
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
    /// Syncs the folder's file system once, puts every file in place, in the order they were
    /// first written, and syncs the folder. Throws WriteError
    /// "cannot write PATH: REASON" at the first failure.
    void commit();
    /// How many files were written.
    std::size_t files() const { return order_.size(); }

private:
    struct File;
    File& file(const std::string& name);  // made (and checked) at its first use
    void close_one();

    std::string folder_;
    std::vector<std::string> inputs_;
    std::map<std::string, std::unique_ptr<File>> files_;
    std::vector<File*> order_;
    std::list<File*> open_;  // most recently used first; at most max_open_
    std::size_t max_open_;
};

}  // namespace floe::cli
