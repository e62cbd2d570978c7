#include "cli/app.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/cmd_convert.hpp"
#include "cli/cmd_diagram.hpp"
#include "cli/cmd_fen.hpp"
#include "cli/cmd_generate.hpp"
#include "cli/cmd_moves.hpp"
#include "cli/cmd_replay.hpp"
#include "cli/cmd_validate.hpp"
#include "cli/common.hpp"

namespace floe::cli {

int run(int argc, char** argv) {
    CLI::App app{"floe: game records and positions of Ice Age Chess and chess"};
    app.set_version_flag("--version", "floe 0.1.0");
    app.require_subcommand(1);
    int exit_code = ExitOk;
    setup_validate(app, exit_code);
    setup_convert(app, exit_code);
    setup_fen(app, exit_code);
    setup_generate(app, exit_code);
    setup_moves(app, exit_code);
    setup_perft(app, exit_code);
    setup_diagram(app, exit_code);
    setup_replay(app, exit_code);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version exit 0; every other parse error is a usage error (notation.md §9).
        const int code = app.exit(e);
        return code == 0 ? ExitOk : ExitUsage;
    } catch (const UsageError& e) {
        std::cerr << "floe: " << e.what() << '\n';
        return ExitUsage;
    } catch (const std::exception& e) {  // I/O and resource failures: never an abort
        std::cerr << "floe: " << e.what() << '\n';
        return ExitUsage;
    }
    return exit_code;
}

}  // namespace floe::cli
