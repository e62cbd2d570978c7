#pragma once
// Helpers shared by the test executables.

#include <filesystem>
#include <optional>
#include <string>

namespace floe::test {

/// The shared/ folder (FLOE_SHARED in the environment, else the build's default), or nullopt
/// when it does not exist. Tests that need it call GTEST_SKIP() on nullopt.
std::optional<std::filesystem::path> shared_dir();

/// Path of a file in the source tree, e.g. source_path("samples/x.pgn").
std::filesystem::path source_path(const std::string& relative);

/// A source file's absolute path, quoted for the shell (an argument of run_floe).
std::string quoted_source(const std::string& relative);

/// `text` with every occurrence of the source directory's absolute path (and its slash)
/// removed, so that outputs naming source files compare with goldens holding repository paths.
std::string strip_source_dir(std::string text);

/// The whole content of a file (throws std::runtime_error when it cannot be read).
std::string read_file(const std::filesystem::path& path);

/// Result of running the floe binary.
struct RunResult {
    int exit_code = -1;
    std::string out;  ///< standard output
    std::string err;  ///< standard error
};

/// The built floe binary's path, quoted for the shell (for pipelines run_floe cannot express).
std::string quoted_floe();

/// Runs the built floe binary with a shell-quoted argument string, optional standard input.
RunResult run_floe(const std::string& args, const std::string& stdin_text = "");

}  // namespace floe::test

#define FLOE_REQUIRE_SHARED(var)                                           \
    auto var##_opt = ::floe::test::shared_dir();                           \
    if (!var##_opt) GTEST_SKIP() << "shared/ not found (set FLOE_SHARED)"; \
    const std::filesystem::path& var = *var##_opt
