#include "cli/cmd_moves.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/common.hpp"
#include "formats/san.hpp"

namespace floe::cli {

namespace {

struct MovesOptions {
    std::string fen;
    PositionArgs position;
};

struct PerftOptions {
    std::vector<std::string> args;
    PositionArgs position;
    bool divide = false;
};

}  // namespace

void setup_moves(CLI::App& app, int& exit_code) {
    auto o        = std::make_shared<MovesOptions>();
    CLI::App* cmd = app.add_subcommand("moves", "List the legal moves of a position");
    cmd->add_option("FEN", o->fen, "The position (quote it: Ice Age FENs contain *)");
    add_position_options(*cmd, o->position);
    cmd->callback([o, &exit_code] {
        const auto position = load_position(o->position, o->fen, false);
        if (!position) {
            exit_code = ExitInvalid;
            return;
        }
        rules::chess::MoveList legal;
        position->legal_moves(legal);
        std::vector<std::pair<std::string, std::string>> rows;  // (UCI, SAN)
        for (const auto& m : legal)
            rows.emplace_back(formats::make_uci(*position, m), formats::make_san(*position, m));
        std::sort(rows.begin(), rows.end());
        std::string out;
        for (const auto& [uci, san] : rows) out += san + '\n';
        std::cout << out;
        exit_code = ExitOk;
    });
}

void setup_perft(CLI::App& app, int& exit_code) {
    auto o        = std::make_shared<PerftOptions>();
    CLI::App* cmd = app.add_subcommand("perft", "Count the leaves of the legal move tree");
    cmd->add_option("ARGS", o->args, "FEN DEPTH, or DEPTH with --fen/--fen-file")->required();
    add_position_options(*cmd, o->position);
    cmd->add_flag("--divide", o->divide, "First print the count below each legal move");
    cmd->callback([o, &exit_code] {
        const bool fen_option  = !o->position.fen.empty() || !o->position.fen_file.empty();
        const std::size_t want = fen_option ? 1 : 2;
        if (o->args.size() != want)
            throw UsageError(fen_option ? "perft takes DEPTH after --fen/--fen-file"
                                        : "perft takes FEN DEPTH");
        int depth = 0;
        try {
            std::size_t used = 0;
            depth            = std::stoi(o->args.back(), &used);
            if (used != o->args.back().size() || depth < 0) throw std::invalid_argument("depth");
        } catch (const std::exception&) {
            throw UsageError("DEPTH must be a whole number >= 0, not \"" + o->args.back() + "\"");
        }
        const auto position = load_position(o->position, fen_option ? "" : o->args[0], false);
        if (!position) {
            exit_code = ExitInvalid;
            return;
        }
        std::string out;
        std::uint64_t total = 0;
        if (o->divide && depth > 0) {
            rules::chess::MoveList legal;
            position->legal_moves(legal);
            std::vector<std::pair<std::string, std::uint64_t>> rows;
            for (const auto& m : legal) {
                rules::chess::Position next = *position;
                next.play(m);
                rows.emplace_back(formats::make_uci(*position, m),
                                  rules::chess::perft(next, depth - 1));
            }
            std::sort(rows.begin(), rows.end());
            for (const auto& [uci, n] : rows) {
                out += fmt::format("{}: {}\n", uci, n);
                total += n;
            }
        } else {
            total = rules::chess::perft(*position, depth);
        }
        out += fmt::format("{}\n", total);
        std::cout << out;
        exit_code = ExitOk;
    });
}

}  // namespace floe::cli
