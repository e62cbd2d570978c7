// peak_rss COMMAND [ARGS...]: runs the command with its outputs discarded and prints its peak
// resident set size in kB and its exit code, `<kB> <exit code>` (the memory-bound test,
// tests/bounds/memory_bounds_test.py). A small process forks it: a child's ru_maxrss counts the
// image it was forked from, and a Python test runner's would hide what the command used.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: peak_rss COMMAND [ARGS...]\n");
        return 2;
    }
    const pid_t pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) {
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid) return 2;
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    std::printf("%ld %d\n", usage.ru_maxrss, code);
    return 0;
}
