#include "cli/app.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/cmd_convert.hpp"
#include "cli/cmd_diagram.hpp"
#include "cli/cmd_fen.hpp"
#include "cli/cmd_generate.hpp"
#include "cli/cmd_help_export.hpp"
#include "cli/cmd_moves.hpp"
#include "cli/cmd_replay.hpp"
#include "cli/cmd_select.hpp"
#include "cli/cmd_validate.hpp"
#include "cli/output.hpp"
#include "cli/parse_error_message.hpp"
#include "cli/temp_file.hpp"
#include "cli/usage.hpp"

namespace floe::cli {

int run(int argc, char** argv) {
    // First, before any thread starts: every thread then leaves the signals to the one that
    // removes the temporary files.
    install_interrupt_cleanup();
    StandardOutput standard_output;
    CLI::App app{"floe: game records and positions of Ice Age Chess and chess"};
    const std::string version = "floe 0.1.0";
    app.set_version_flag("--version", version);
    app.require_subcommand(1);
    ExitCode exit_code = ExitCode::Ok;
    setup_validate(app, exit_code);
    setup_convert(app, exit_code);
    setup_select(app, exit_code);
    setup_fen(app, exit_code);
    setup_generate(app, exit_code);
    setup_moves(app, exit_code);
    setup_perft(app, exit_code);
    setup_diagram(app, exit_code);
    setup_replay(app, exit_code);
    setup_help_export(app, version);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version exit 0; every other parse error is a usage error
        // (docs/rules/notation.md §9.5), in floe's words and shape rather than CLI11's.
        if (e.get_exit_code() == 0) {
            app.exit(e);
        } else {
            std::cerr << parse_error_message(app, e, {argv + 1, argv + argc}) << '\n';
            exit_code = ExitCode::Usage;
        }
    } catch (const std::exception& e) {  // UsageError, I/O and resource failures: never an abort
        std::cerr << message_prefix(app) << e.what() << '\n';
        exit_code = ExitCode::Usage;
    }
    // Every subcommand writes its results to standard output unless -o: a write that failed
    // there (a full disk, a closed descriptor) is an I/O error, not a silent success.
    if (const std::string reason = standard_output.finish(); !reason.empty()) {
        std::cerr << message_prefix(app) << "cannot write standard output: " << reason << '\n';
        exit_code = ExitCode::Usage;
    }
    return static_cast<int>(exit_code);
}

}  // namespace floe::cli
