#include "cli/app.hpp"

#include <CLI/CLI.hpp>

namespace floe::cli {

int run(int argc, char** argv) {
    CLI::App app{"floe: game records and positions of Ice Age Chess, Glacial Shift and chess"};
    app.require_subcommand(1);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : 2;
    }
    return 0;
}

}  // namespace floe::cli
