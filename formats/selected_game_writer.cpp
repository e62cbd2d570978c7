#include "formats/selected_game_writer.hpp"

#include <variant>

#include "formats/json_writer.hpp"
#include "play/overloaded.hpp"
#include "play/walk_tape.hpp"

namespace floe::formats {

namespace {

// Walks `Writer<G>(record, game.setup, args...)` through the walk recorded for `game` on this
// thread. True too for a game not replayed: its writer never starts, as in replay_game. False
// when the walk was not kept whole.
template <template <class> class Writer, class... Args>
bool play_recorded(const rules::GameRecord& given, const ReplayedGame& game, Args&&... args) {
    return std::visit(overloaded{[](const std::monostate&) { return true; },
                                 [&]<class G>(const Play<G>&) {
                                     const WalkTape<G>& tape = WalkTape<G>::of_thread();
                                     if (!tape.whole()) return false;
                                     Writer<G> writer(tape.record(given), game.setup, args...);
                                     tape.play(writer);
                                     return true;
                                 }},
                      game.play);
}

}  // namespace

bool write_selected_pgn(TextOut out, const rules::GameRecord& record, const ReplayedGame& game,
                        const PgnOptions& pgn) {
    PgnGame written{out, pgn, {}, {}};
    if (!play_recorded<PgnWriter>(record, game, written)) return false;
    write_pgn_unplayed(out, record, pgn, game);
    return true;
}

bool write_selected_json(TextOut out, std::string_view file, const rules::GameRecord& record,
                         const ReplayedGame& game, HintWords words) {
    if (!play_recorded<JsonWriter>(record, game, out)) return false;
    end_game_json(out, file, record, game, false, words);
    return true;
}

}  // namespace floe::formats
