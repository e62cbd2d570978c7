#include "cli/cmd_validate.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/common.hpp"
#include "formats/diagnostic_print.hpp"
#include "formats/replay_game.hpp"
#include "parser/parse_record.hpp"

namespace floe::cli {

namespace {

struct ValidateOptions {
    std::vector<std::string> files;
    std::string variant;
    bool strict           = false;
    bool json             = false;
    bool allow_null_moves = false;
};

struct FileSummary {
    int games = 0, errors = 0, warnings = 0;
    long long plies = 0;
};

nlohmann::json diagnostic_json(const std::string& file, const rules::GameRecord& game,
                               const rules::Diagnostic& d) {
    const auto begin = game.source.locate(d.span.begin);
    const auto end   = game.source.locate(std::max(d.span.end, d.span.begin));
    nlohmann::json j;
    j["file"]       = file;
    j["line"]       = begin.line;
    j["column"]     = begin.column;
    j["end_column"] = end.line == begin.line ? end.column : begin.column + 1;
    j["severity"]   = d.severity == rules::Severity::Error ? "error" : "warning";
    j["code"]       = rules::code_name(d.code);
    j["message"]    = d.message;
    j["game"]       = game.number;
    j["ply"]        = d.ply == 0 ? nlohmann::json(nullptr) : nlohmann::json(d.ply);
    j["move"]       = d.move.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.move);
    j["fen"]        = d.fen.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.fen);
    if (d.count > 1) j["count"] = d.count;
    return j;
}

FileSummary validate_file(const std::string& file, const ValidateOptions& options) {
    const std::string text = read_input(file);
    const std::string name = file == "-" ? "<stdin>" : file;
    formats::GameOptions game_options;
    game_options.variant          = chess_variant(options.variant);
    game_options.strict           = options.strict;
    game_options.allow_null_moves = options.allow_null_moves;

    FileSummary summary;
    parser::RecordReader reader(text);
    rules::GameRecord record;
    std::string out;
    while (reader.next(record)) {
        const formats::ReplayedGame game = formats::replay_game(record, game_options);
        ++summary.games;
        summary.plies += static_cast<long long>(game.replay.plies.size());
        summary.errors += game.errors();
        summary.warnings += game.warnings();
        out.clear();
        for (const auto& d : game.diagnostics) {
            if (options.json)
                out += diagnostic_json(name, record, d).dump() + '\n';
            else
                formats::print_diagnostic(out, name, record, d);
        }
        (options.json ? std::cout : std::cerr) << out;
    }
    if (options.json) {
        nlohmann::json j;
        j["file"]     = name;
        j["games"]    = summary.games;
        j["plies"]    = summary.plies;
        j["errors"]   = summary.errors;
        j["warnings"] = summary.warnings;
        std::cout << j.dump() << '\n';
    } else {
        std::cout << fmt::format("{}: {} games, {} plies, {} errors, {} warnings\n", name,
                                 summary.games, summary.plies, summary.errors, summary.warnings);
    }
    return summary;
}

}  // namespace

void setup_validate(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<ValidateOptions>();
    CLI::App* cmd =
        app.add_subcommand("validate", "Replay every game of each record file and report problems");
    cmd->add_option("FILE", options->files, "Record files (- = standard input)")->required();
    add_variant_option(*cmd, options->variant);
    cmd->add_flag("--strict", options->strict, "Treat every warning as an error");
    cmd->add_flag("--json", options->json,
                  "Write diagnostics and summaries to standard output as JSON Lines");
    cmd->add_flag("--allow-null-moves", options->allow_null_moves,
                  "Accept the null move -- in the main line");
    cmd->callback([options, &exit_code] {
        int code = ExitOk;
        for (const std::string& file : options->files) {
            try {
                const FileSummary s = validate_file(file, *options);
                if (s.errors > 0) code = std::max(code, int{ExitInvalid});
            } catch (const UsageError& e) {
                std::cerr << "floe validate: " << e.what() << '\n';
                code = ExitUsage;
            }
        }
        exit_code = code;
    });
}

}  // namespace floe::cli
