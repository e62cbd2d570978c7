#include "cli/temp_file.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <unordered_set>

#include "rules/common/split_mix64.hpp"

namespace floe::cli {

namespace {

// The hidden names of the temporary files that exist now. Every change of the files themselves
// (made, linked, renamed, removed) happens under the mutex, together with the change of the
// set: the waiting thread takes the mutex and keeps it until floe dies, so each file is either
// removed by it or never made. Never destroyed: a signal may come while floe exits.
struct Registry {
    std::mutex mutex;
    std::unordered_set<std::string> names;
};

Registry& registry() {
    static Registry* const r = new Registry;
    return *r;
}

sigset_t handled;  // SIGINT, SIGTERM, SIGHUP: blocked in every thread, set before any starts
sigset_t waited;   // those and SIGPIPE: what the waiting thread takes
pthread_t waiter;  // that thread, once started

// SIGPIPE comes to the thread that wrote to a closed pipe (`floe select --split-by ... -o DIR
// 2>&1 | head -1`), so sigwait() in another thread never sees it: this handler sends it on to the
// waiting thread (pthread_kill is async-signal-safe) and waits there for floe to die of it, so
// that nothing is put in place meanwhile.
void forward_pipe(int) {
    ::pthread_kill(waiter, SIGPIPE);
    for (;;) ::pause();
}

// The thread that waits for SIGINT, SIGTERM and SIGHUP. Ordinary code may run here (no signal
// handler interrupts anything): every other thread has the signals blocked.
void* wait_for_signals(void*) {
    int signal = 0;
    while (::sigwait(&waited, &signal) != 0) {
    }
    Registry& r = registry();
    r.mutex.lock();  // kept: no temporary file is made or put in place after this
    for (const std::string& name : r.names) ::unlink(name.c_str());
    // Die of the signal, as without floe's cleanup: the shell then knows it was interrupted
    // (status 128 + signal, and `for` loops stop on Ctrl-C).
    struct sigaction plain {};
    plain.sa_handler = SIG_DFL;
    ::sigemptyset(&plain.sa_mask);
    ::sigaction(signal, &plain, nullptr);
    sigset_t one;
    ::sigemptyset(&one);
    ::sigaddset(&one, signal);
    ::pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
    ::raise(signal);
    ::_exit(128 + signal);
}

std::string folder_of(const std::string& destination) {
    const std::filesystem::path folder = std::filesystem::path(destination).parent_path();
    return folder.empty() ? "." : folder.string();
}

// `.NAME.floe-` beside the destination; six characters follow.
std::string hidden_prefix(const std::string& destination) {
    const std::filesystem::path path(destination);
    return (path.parent_path() / ("." + path.filename().string() + ".floe-")).string();
}

// Six characters as mkstemp's, for a name that link() makes (mkstemp cannot).
std::string random_suffix() {
    static std::atomic<std::uint64_t> counter{0};
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    rules::SplitMix64 random(static_cast<std::uint64_t>(now.tv_nsec) ^
                             (static_cast<std::uint64_t>(::getpid()) << 32) ^
                             (counter++ * 0x9E3779B97F4A7C15ull));
    static constexpr char Letters[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::string out;
    for (int i = 0; i < 6; ++i) out += Letters[random.below(sizeof Letters - 1)];
    return out;
}

std::string proc_path(int fd) { return "/proc/self/fd/" + std::to_string(fd); }

// An unnamed file in `folder`, or -1 when the file system (or the kernel) has none, or when
// /proc, through which it is linked, is missing.
int open_unnamed(const std::string& folder, mode_t mode) {
#ifdef O_TMPFILE
    const int fd = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
    if (fd < 0) return -1;
    struct stat own {
    }, through_proc{};
    if (::fstat(fd, &own) == 0 && ::stat(proc_path(fd).c_str(), &through_proc) == 0 &&
        own.st_ino == through_proc.st_ino && own.st_dev == through_proc.st_dev)
        return fd;
    ::close(fd);
#else
    (void)folder;
    (void)mode;
#endif
    return -1;
}

// Whether `signal` is handled as floe starts (not ignored: `nohup`, `trap '' PIPE`).
bool not_ignored(int signal) {
    struct sigaction now {};
    return ::sigaction(signal, nullptr, &now) == 0 && now.sa_handler != SIG_IGN;
}

}  // namespace

void install_interrupt_cleanup() {
    static bool installed = false;
    if (installed) return;
    installed = true;
    ::sigemptyset(&handled);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP})
        if (not_ignored(signal)) ::sigaddset(&handled, signal);
    waited                = handled;
    const bool pipe_taken = not_ignored(SIGPIPE);
    if (pipe_taken) ::sigaddset(&waited, SIGPIPE);
    sigset_t before;
    if (::pthread_sigmask(SIG_BLOCK, &waited, &before) != 0) return;
    pthread_attr_t attributes;
    ::pthread_attr_init(&attributes);
    ::pthread_attr_setstacksize(&attributes, std::size_t{1} << 18);  // it needs little
    ::pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // No thread (no memory for one): the signals kill floe as before, temporary files stay.
    const bool started = ::pthread_create(&waiter, &attributes, wait_for_signals, nullptr) == 0;
    ::pthread_attr_destroy(&attributes);
    if (!started) {
        ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
        return;
    }
    // SIGPIPE stays blocked in the waiting thread only; the others take it in forward_pipe.
    sigset_t pipe;
    ::sigemptyset(&pipe);
    ::sigaddset(&pipe, SIGPIPE);
    ::pthread_sigmask(SIG_UNBLOCK, &pipe, nullptr);
    if (!pipe_taken) return;
    struct sigaction forward {};
    forward.sa_handler = forward_pipe;
    ::sigemptyset(&forward.sa_mask);
    ::sigaction(SIGPIPE, &forward, nullptr);
}

TempFile::~TempFile() {
    if (fd_ >= 0) ::close(fd_);
    if (name_.empty()) return;
    Registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    ::unlink(name_.c_str());
    r.names.erase(name_);
}

int TempFile::create(const std::string& destination, mode_t mode) {
    destination_ = destination;
    fd_          = open_unnamed(folder_of(destination), mode);
    if (fd_ < 0) {
        Registry& r = registry();
        const std::lock_guard<std::mutex> lock(r.mutex);
        std::string name = hidden_prefix(destination) + "XXXXXX";
        fd_              = ::mkostemp(name.data(), O_CLOEXEC);
        if (fd_ < 0) return errno;
        name_ = name;
        r.names.insert(name_);
    }
    // The old file's permissions, or a new file's, whatever the umask did to the temporary one.
    return ::fchmod(fd_, mode) != 0 ? errno : 0;
}

int TempFile::give_name() {
    Registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    const std::string from = proc_path(fd_);
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::string name = hidden_prefix(destination_) + random_suffix();
        if (::linkat(AT_FDCWD, from.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) {
            name_ = name;
            r.names.insert(name_);
            return 0;
        }
        if (errno != EEXIST) return errno;
    }
    return EEXIST;
}

int TempFile::close() {
    if (fd_ < 0) return 0;
    if (name_.empty()) {
        if (const int error = give_name()) return error;
    }
    const int error = ::close(fd_) != 0 ? errno : 0;
    fd_             = -1;
    return error;
}

int TempFile::reopen() {
    if (fd_ >= 0) return 0;
    fd_ = ::open(name_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    return fd_ < 0 ? errno : 0;
}

int TempFile::place() {
    if (name_.empty()) {
        // A new destination: one link, and the file is there whole.
        if (::linkat(AT_FDCWD, proc_path(fd_).c_str(), AT_FDCWD, destination_.c_str(),
                     AT_SYMLINK_FOLLOW) == 0) {
            ::close(fd_);
            fd_ = -1;
            return 0;
        }
        if (errno != EEXIST) return errno;
        // link() replaces nothing: a hidden name first, then rename() replaces the old file
        // at once (a SIGKILL between the two leaves that hidden name).
        if (const int error = give_name()) return error;
    }
    Registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    if (::rename(name_.c_str(), destination_.c_str()) != 0) return errno;
    r.names.erase(name_);
    name_.clear();
    if (fd_ >= 0) ::close(fd_);  // the data is durable already: the caller synced it
    fd_ = -1;
    return 0;
}

int sync_folder(const std::string& folder) {
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return errno;
    int error = ::fsync(fd) != 0 ? errno : 0;
    if (error == EINVAL) error = 0;
    ::close(fd);
    return error;
}

}  // namespace floe::cli
