#pragma once
// The temporary files that become outputs (`-o FILE`, the files of a split folder), and their
// removal on an interrupt: nothing of an unfinished run is left beside its outputs
// (docs/reliability.md "Interrupts").
//
// Where the file system allows it (Linux's O_TMPFILE, with /proc mounted), a temporary file has
// no name until it is put in place, so that even SIGKILL leaves nothing behind. Otherwise it is
// the hidden `.NAME.floe-XXXXXX` beside its destination, which SIGINT, SIGTERM and SIGHUP remove.

#include <sys/types.h>

#include <string>

namespace floe::cli {

/// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (and so in every thread it starts
/// later) and starts one thread that waits for them with sigwait(): it removes every named
/// temporary file, then floe dies of the signal, as if it had none (the shell's status is
/// 128 + signal, and a shell loop stops). A signal that was ignored when floe started (`nohup`,
/// `&` in a script) stays ignored. Call it first, before any other thread starts; later calls
/// do nothing. Without it (unit tests) temporary files work the same, unguarded.
void install_interrupt_cleanup();

/// One temporary file, for one destination in the same folder. Without place(), the destructor
/// removes it (a run that fails leaves the destination as it was).
class TempFile {
public:
    TempFile() = default;
    ~TempFile();
    TempFile(const TempFile&)            = delete;
    TempFile& operator=(const TempFile&) = delete;

    /// Creates the empty temporary file in `destination`'s folder with permissions `mode` (not
    /// masked by the umask): unnamed when the file system allows it, else the hidden
    /// `.NAME.floe-XXXXXX`. Returns 0, or the errno of the failure.
    int create(const std::string& destination, mode_t mode);

    /// The open descriptor to write to, or -1 after close().
    int fd() const { return fd_; }

    /// True while the file has no name (O_TMPFILE): nothing can leave it behind.
    bool unnamed() const { return fd_ >= 0 && name_.empty(); }

    /// Closes the descriptor (to bound the files open at once); an unnamed file first gets its
    /// hidden name, since it could not be opened again. Returns 0 or an errno.
    int close();

    /// Opens the file again after close(), for appending. Returns 0 or an errno.
    int reopen();

    /// Puts the file at its destination, replacing what is there: an unnamed file is linked
    /// (through a hidden name and a rename when the destination exists, as link() replaces
    /// nothing), a named one renamed. The caller has made the data durable first. Returns 0 or an
    /// errno; on success the object owns nothing any more.
    int place();

private:
    int give_name();

    std::string destination_;
    std::string name_;  // the hidden name, "" while unnamed
    int fd_ = -1;
};

/// fsync() of a folder, so that the names just put in it survive a crash. Returns 0 or an errno
/// (EINVAL, a file system that cannot sync folders, counts as success).
int sync_folder(const std::string& folder);

}  // namespace floe::cli
