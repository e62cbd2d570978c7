#pragma once
// Where the subcommands write: standard output, or a `-o FILE` that is written whole or not at
// all and never over an input. Every write failure is reported, so that it can exit 2.

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace floe::cli {

class FdBuffer;
class CompressBuffer;
class TempFile;

/// Standard output for one run of floe. While it lives, std::cout writes to file descriptor 1
/// through a buffer that remembers the first failed write: the C library would lose that error
/// when it flushes at exit (`floe validate x.pgn > /dev/full` exited 0). On a terminal every
/// insertion is written at once, so results and diagnostics keep their order on the screen.
class StandardOutput {
public:
    StandardOutput();
    /// Flushes what is left and gives std::cout its own buffer back.
    ~StandardOutput();
    StandardOutput(const StandardOutput&)            = delete;
    StandardOutput& operator=(const StandardOutput&) = delete;

    /// Flushes std::cout. Returns "" when everything written so far reached standard output,
    /// else why it did not (strerror of the first failed write, e.g. "No space left on device").
    std::string finish();

private:
    std::unique_ptr<FdBuffer> buffer_;
    std::streambuf* previous_ = nullptr;
};

/// Where a command writes its results: `-o FILE`, or standard output when the option is empty
/// or "-".
///
/// A regular file (symbolic links followed) or a new one is written to a temporary file in its
/// folder (cli/temp_file.hpp: unnamed where the file system allows it, else the hidden
/// `.NAME.floe-XXXXXX`; with the old file's permissions), which commit() puts in place: readers
/// see the old file or the whole new one, and a failed or interrupted run leaves the old file as
/// it was. Anything else that exists (/dev/null, a FIFO, a terminal) cannot be renamed over and
/// is written directly, and so is a name of an open descriptor (`/dev/stdout`, `/dev/fd/N`,
/// `/proc/self/fd/N`), through a copy of it: `-o /dev/stdout >> log.pgn` appends to the log. A path
/// ending in `.gz`, `.bz2`, `.xz` or `.zst` is written compressed in that format, as a stream
/// (cli/compress.hpp).
class Output {
public:
    /// Checks and opens the target before anything is read or written.
    /// `inputs` are the command's input files ("" is skipped, "-" is standard input). Throws
    /// UsageError when `path` is an existing regular file that is one of the inputs (same device
    /// and inode: the same path, a hard link or a symbolic link), when `path` is standard output
    /// and that is one of the inputs (check_standard_output), or when the file cannot be opened
    /// or the temporary file cannot be created (the message names the reason).
    Output(const std::string& path, const std::vector<std::string>& inputs);
    /// Without commit(): removes the temporary file; the destination is untouched.
    ~Output();
    Output(const Output&)            = delete;
    Output& operator=(const Output&) = delete;

    /// The stream to write to: std::cout, or the (temporary) file.
    std::ostream& stream();

    /// True when the results go to a file that commit() puts in place, so that a run that
    /// fails can still leave the destination unchanged.
    bool replaces_file() const { return temp_ != nullptr; }

    /// The path as given to -o, for messages.
    const std::string& path() const { return path_; }

    /// Ends the compressed stream when the file is compressed, writes out what is buffered, makes
    /// it durable (fsync) and puts the temporary file in place of the destination, then syncs the
    /// folder. Throws UsageError
    /// "cannot write PATH: REASON" when any write failed (the destination is then unchanged, the
    /// temporary file removed). For standard output it does nothing: StandardOutput::finish()
    /// checks it at the end of the run.
    void commit();

private:
    std::string path_;                // as given, for messages
    std::string folder_;              // the destination's folder (symbolic links resolved)
    std::unique_ptr<TempFile> temp_;  // the file put in place by commit(); null when direct
    int fd_ = -1;                     // temp_'s descriptor, or the special file's
    std::unique_ptr<FdBuffer> buffer_;
    std::unique_ptr<CompressBuffer> compress_;  // -o FILE.gz, .bz2, .xz, .zst; else null
    std::unique_ptr<std::ostream> stream_;
};

/// Throws UsageError ("the output file P is the input file I; nothing was written") when `path`
/// is an existing regular file that is one of `inputs`: the same device and inode (the same path,
/// a hard link or a symbolic link), `-` standing for standard input (`- < P`). Nothing happens
/// when `path` does not exist or is no regular file.
void check_not_input(const std::string& path, const std::vector<std::string>& inputs);

/// Throws UsageError ("standard output (P) is the input file I; nothing was written") when
/// standard output (or standard error, check_standard_error) is a regular file, open for writing or
/// appending, that is one of `inputs` (same device and inode; `-` is standard input): `floe select
/// x.pgn >> x.pgn` would read its own output without end. A pipe, a terminal or /dev/null is never
/// an input. Every command that reads records and writes to standard output calls it before it
/// writes anything.
void check_standard_output(const std::vector<std::string>& inputs);

/// Throws UsageError ("standard error (P) is the input file I; nothing was read") when
/// standard error is such a file: `floe validate x.pgn 2>> x.pgn` read its own diagnostics
/// without end. check_standard_output() checks it too; Output and SplitOutput call it always.
void check_standard_error(const std::vector<std::string>& inputs);

/// Adds `-o FILE` (`--output`) bound to `path`, to be written through an Output. Returns the
/// option.
CLI::Option* add_output_option(CLI::App& cmd, std::string& path);

}  // namespace floe::cli
