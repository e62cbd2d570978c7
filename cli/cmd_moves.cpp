#include "cli/cmd_moves.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/diagnostic_report.hpp"
#include "cli/notation_option.hpp"
#include "cli/output.hpp"
#include "cli/position_options.hpp"
#include "cli/report_options.hpp"
#include "cli/usage.hpp"
#include "notation/glacial_position.hpp"
#include "notation/san.hpp"

namespace floe::cli {

namespace {

struct MovesOptions {
    std::string fen;
    PositionArgs position;
    formats::MoveNotation notation = formats::MoveNotation::San;  // --moves
    std::string output;                                           // -o FILE
    ReportOptions report;  // --quiet, --warn, --color, --diagnostics: the position's diagnostics
};

// A chess move in the notation --moves names.
std::string written_move(const rules::chess::Position& before, const rules::chess::Move& m,
                         formats::MoveNotation notation) {
    switch (notation) {
        case formats::MoveNotation::Lan:
            return formats::make_lan(before, m);
        case formats::MoveNotation::Uci:
            return formats::make_uci(before, m);
        case formats::MoveNotation::Figurine:
            return formats::make_figurine(before, m);
        case formats::MoveNotation::San:
            break;
    }
    return formats::make_san(before, m);
}

struct PerftOptions {
    std::vector<std::string> args;
    PositionArgs position;
    bool divide = false;
    std::string output;    // -o FILE
    ReportOptions report;  // as moves
};

namespace glacial = rules::glacial;

// docs/rules/notation.md §9.3: the legal plies of the seat to move in canonical notation without
// seat, sorted in byte order. The root is the only earlier board position; no mate is carried out.
void glacial_moves(const glacial::Position& position, std::ostream& to) {
    glacial::History history;
    history.push(position.board_hash());
    glacial::MoveList legal;
    position.legal_moves(legal, history);
    std::vector<std::string> rows;
    for (const auto& m : legal) rows.push_back(formats::make_glacial_move(position, m));
    std::sort(rows.begin(), rows.end());
    std::string out;
    for (const auto& row : rows) out += row + '\n';
    to << out;
}

// docs/rules/notation.md §9.4: the root's mate first, then one `ply: count` line per legal ply with
// --divide, sorted in byte order, and the total last.
void glacial_perft(const glacial::Position& root, int depth, bool divide, std::ostream& to) {
    glacial::History history;
    history.push(root.board_hash());
    glacial::Position position = root;
    position.resolve_mates(history);
    std::string out;
    std::uint64_t total = 0;
    if (divide && depth > 0 && !position.game_over()) {
        glacial::MoveList legal;
        position.legal_moves(legal, history);
        std::vector<std::pair<std::string, std::uint64_t>> rows;
        const std::size_t mark = history.size();
        for (const auto& m : legal) {
            glacial::Position next = position;
            next.play(m);
            history.push(next.board_hash());
            next.resolve_mates(history);
            rows.emplace_back(formats::make_glacial_move(position, m),
                              glacial::perft(next, depth - 1, history));
            history.truncate(mark);
        }
        std::sort(rows.begin(), rows.end());
        for (const auto& [ply, n] : rows) {
            out += fmt::format("{}: {}\n", ply, n);
            total += n;
        }
    } else {
        total = glacial::perft(position, depth, history);
    }
    out += fmt::format("{}\n", total);
    to << out;
}

}  // namespace

void setup_moves(CLI::App& app, ExitCode& exit_code) {
    auto o        = std::make_shared<MovesOptions>();
    CLI::App* cmd = app.add_subcommand("moves", "List the legal moves of a position");
    cmd->add_option("FEN", o->fen, "The position (quote it: Ice Age FENs contain *)");
    add_position_options(*cmd, o->position, Games::ChessAndGlacial);
    add_moves_option(*cmd, o->notation,
                     "Notation of the moves: san (default), lan, uci, figurine (chess; Glacial "
                     "Shift plies have their one notation)");
    add_output_option(*cmd, o->output);
    add_report_options(*cmd, o->report, Reported::Position);
    cmd->callback([o, &exit_code] {
        const ReportSettings report = report_settings(o->report);
        Output output(o->output, {o->position.fen_file});
        if (variant_engine(o->position.variant) == rules::Engine::GlacialShift) {
            const auto position = load_glacial_position(o->position, o->fen, report);
            if (position) {
                glacial_moves(*position, output.stream());
                output.commit();
            }
            exit_code = position ? ExitCode::Ok : ExitCode::Invalid;
            return;
        }
        const auto position = load_position(o->position, o->fen, report);
        if (!position) {
            exit_code = ExitCode::Invalid;
            return;
        }
        rules::chess::MoveList legal;
        position->legal_moves(legal);
        std::vector<std::pair<std::string, std::string>> rows;  // (UCI, as --moves writes it)
        for (const auto& m : legal)
            rows.emplace_back(formats::make_uci(*position, m),
                              written_move(*position, m, o->notation));
        std::sort(rows.begin(), rows.end());  // in UCI order, whatever the notation
        std::string out;
        for (const auto& [uci, written] : rows) out += written + '\n';
        output.stream() << out;
        output.commit();
        exit_code = ExitCode::Ok;
    });
}

void setup_perft(CLI::App& app, ExitCode& exit_code) {
    auto o        = std::make_shared<PerftOptions>();
    CLI::App* cmd = app.add_subcommand("perft", "Count the leaves of the legal move tree");
    cmd->add_option("ARGS", o->args, "FEN DEPTH, or DEPTH with --fen/--fen-file")->required();
    add_position_options(*cmd, o->position, Games::ChessAndGlacial);
    cmd->add_flag("--divide", o->divide, "First print the count below each legal move");
    add_output_option(*cmd, o->output);
    add_report_options(*cmd, o->report, Reported::Position);
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
            throw UsageError("DEPTH: \"" + o->args.back() + "\" is not a whole number from 0");
        }
        const std::string positional = fen_option ? "" : o->args[0];
        const ReportSettings report  = report_settings(o->report);
        Output output(o->output, {o->position.fen_file});
        if (variant_engine(o->position.variant) == rules::Engine::GlacialShift) {
            const auto position = load_glacial_position(o->position, positional, report);
            if (position) {
                glacial_perft(*position, depth, o->divide, output.stream());
                output.commit();
            }
            exit_code = position ? ExitCode::Ok : ExitCode::Invalid;
            return;
        }
        const auto position = load_position(o->position, positional, report);
        if (!position) {
            exit_code = ExitCode::Invalid;
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
        output.stream() << out;
        output.commit();
        exit_code = ExitCode::Ok;
    });
}

}  // namespace floe::cli
