#include "support/test_support.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace floe::test {

std::optional<std::filesystem::path> shared_dir() {
    const char* env           = std::getenv("FLOE_SHARED");
    std::filesystem::path dir = env && *env ? env : FLOE_SHARED_DEFAULT;
    if (std::filesystem::is_directory(dir / "spec")) return dir;
    return std::nullopt;
}

std::filesystem::path source_path(const std::string& relative) {
    return std::filesystem::path(FLOE_SOURCE_DIR) / relative;
}

std::string quoted_source(const std::string& relative) {
    std::string quoted = "'";
    quoted += source_path(relative).string();
    quoted += '\'';
    return quoted;
}

std::string strip_source_dir(std::string text) {
    const std::string prefix = source_path("").string();
    for (std::size_t at; (at = text.find(prefix)) != std::string::npos;)
        text.erase(at, prefix.size());
    return text;
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string quoted_floe() { return std::string("'") + FLOE_BINARY + "'"; }

RunResult run_floe(const std::string& args, const std::string& stdin_text) {
    // Files under a temporary directory keep the three streams apart without threads.
    char dir_template[] = "/tmp/floe-test-XXXXXX";
    const char* dir     = mkdtemp(dir_template);
    if (!dir) throw std::runtime_error("mkdtemp failed");
    const std::string d  = dir;
    const std::string in = d + "/in", out = d + "/out", err = d + "/err";
    std::ofstream(in, std::ios::binary) << stdin_text;
    const std::string cmd = std::string("'") + FLOE_BINARY + "' " + args + " <'" + in + "' >'" +
                            out + "' 2>'" + err + "'";
    const int status = std::system(cmd.c_str());
    RunResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out       = read_file(out);
    r.err       = read_file(err);
    std::filesystem::remove_all(d);
    return r;
}

}  // namespace floe::test
