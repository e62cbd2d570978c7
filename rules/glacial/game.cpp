#include "rules/glacial/game.hpp"

#include "rules/common/ascii.hpp"
#include "rules/glacial/explain.hpp"
#include "rules/glacial/move_reader.hpp"

namespace floe::rules::glacial {

namespace {

constexpr const char* SeatNames[] = {"Yellow", "Green", "Blue", "Red"};

std::string squares_name(const Position&, const Move& m) {
    if (m.is_drop())
        return std::string{"ygbr"[m.drop_colour], static_cast<char>('0' + m.drop_size), '@'} +
               square_name(m.to);
    return square_name(m.from) + "-" + square_name(m.to);
}

// Event text compared ignoring case and spaces (docs/rules/notation.md §4.4).
std::string normalised(std::string_view text) {
    std::string s;
    for (char c : text) {
        if (is_blank(c) || is_line_end(c)) continue;
        s += ascii_lower(c);
    }
    return s;
}

bool glacial_marker(std::string_view m) {
    return m == "1-0-0-0" || m == "0-1-0-0" || m == "0-0-1-0" || m == "0-0-0-1" || m == "*";
}

}  // namespace

std::string Game::name(const Position& p, const Move& m) const {
    return (options_.name_move ? options_.name_move : squares_name)(p, m);
}

void Game::sync(const State& s) {
    history_.truncate(s.history_mark);
    for (std::uint8_t i = 0; i < s.tail_count; ++i) history_.push(s.tail[i]);
}

Game::State Game::start(const Position& start) {
    State s;
    s.pos = start;
    history_.truncate(0);
    history_.push(start.board_hash());
    s.due          = s.pos.resolve_mates(history_);
    s.history_mark = 0;
    s.tail_count   = 0;
    for (std::size_t i = 0; i < history_.size(); ++i) s.tail[s.tail_count++] = history_.at(i);
    return s;
}

Game::State Game::branch(const State& s) const {
    State child    = s;
    child.has_last = false;
    child.due      = {};  // the mates of the move it replaces are not its own
    child.matched  = 0;
    return child;
}

void Game::number(State& s, const Element& e, DiagnosticLog& log) const {
    // Ply numbers continue the position string's field 6 in a game from a FEN tag.
    if (e.value == s.pos.ply_number()) return;
    log.group(DiagCode::MoveNumberMismatch, e.span,
              "ply number " + quoted_token(e.text) + " does not match the position (expected " +
                  std::to_string(s.pos.ply_number()) + ".)",
              "ply numbers do not match the position", s.plies + 1);
}

namespace {

// Why a ply token cannot be played in `before`, found without the legal plies: it is no ply, the
// game has ended, it names another seat, or a piece that is not the one on its square.
std::optional<PlyError> error_before_search(const Position& before, const PlyToken& token) {
    if (!token.ok)
        return PlyError{DiagCode::UnreadableMove,
                        "not a Glacial Shift ply (expected such as Y: y1e3-e4, G: b2b5xe5 or "
                        "B: g1@d4)"};
    if (before.game_over())
        return PlyError{DiagCode::MovesAfterEnd, std::string("the game has ended: ") +
                                                     SeatNames[before.winner()] + " has won"};
    const int mover = before.turn();
    if (token.seat != NoSeat && token.seat != mover)
        return PlyError{DiagCode::WrongSeat, std::string("it is ") + SeatNames[mover] +
                                                 "'s turn, not " + SeatNames[token.seat] + "'s" +
                                                 describe_turn(before)};
    if (!token.drop && token.colour >= 0) {
        const Cell& piece = before.at(token.from);
        if (piece.occupant == Occupant::Lying &&
            (piece.colour != token.colour || largest_size(piece.sizes & SizeBits) != token.size))
            return PlyError{DiagCode::IllegalMove,
                            std::string("the piece on ") + square_name(token.from) + " is " +
                                "ygbr"[piece.colour] +
                                std::to_string(largest_size(piece.sizes & SizeBits)) + ", not " +
                                "ygbr"[token.colour] + std::to_string(token.size)};
    }
    return std::nullopt;
}

// The legal ply a token names (the last of the legal plies that match), if any.
std::optional<Move> find_ply(const Position& before, const PlyToken& token,
                             const History& history) {
    MoveList legal;
    before.legal_moves(legal, history);
    const Move* found = nullptr;
    for (const Move& m : legal) {
        const bool same = token.drop ? m.is_drop() && m.drop_colour == token.colour &&
                                           m.drop_size == token.size && m.to == token.to
                                     : m.from == token.from && m.to == token.to;
        if (same) found = &m;
    }
    if (!found) return std::nullopt;
    return *found;
}

// The rule a token that names no legal ply breaks (rules/glacial/explain.hpp).
std::string why_illegal(const Position& before, const PlyToken& token, const History& history) {
    const Move ply  = token.drop ? Move::drop(token.colour, token.size, token.to)
                                 : Move::move(token.from, token.to);
    std::string why = describe_illegal_ply(before, ply, history);
    if (why.empty()) why = "not a legal ply";
    return why;
}

// The warnings of a ply written without its seat or piece name, or with its seat glued.
void report_seat_and_piece_name(const PlyToken& token, const Element& e, std::uint32_t ply,
                                DiagnosticLog& log) {
    if (token.seat == NoSeat)
        log.group(DiagCode::MissingSeat, e.span, "ply without its seat", "plies without their seat",
                  ply);
    else if (token.seat_glued)
        log.group(DiagCode::GluedSeat, e.span, "seat glued to its ply (canonical: `Y: …`)",
                  "seats glued to their plies", ply);
    if (!token.drop && token.colour < 0)
        log.group(DiagCode::MissingPieceName, e.span, "move without its piece name",
                  "moves without their piece names", ply);
}

// The warnings of a move's capture mark (`-` or `x`) that is not the one its capture calls for.
void report_capture_mark(const PlyToken& token, const PlyInfo& info, const Element& e,
                         std::uint32_t ply, DiagnosticLog& log) {
    if (token.drop) return;
    if (info.capture && token.capture == '-')
        log.group(DiagCode::MissingCaptureMark, e.span, "capture written with -",
                  "captures written with -", ply);
    if (!info.capture && token.capture == 'x')
        log.group(DiagCode::SuperfluousCaptureMark, e.span, "x on a ply that captures nothing",
                  "plies with x that capture nothing", ply);
}

// The warning of a promotion mark missing or written on a ply that is offered no promotion
// (a mark that names the other choice is an error: wrong_promotion_mark).
void report_promotion_mark(const PlyToken& token, const PlyInfo& info, const Element& e,
                           std::uint32_t ply, DiagnosticLog& log) {
    const char* canonical = info.promotion == Promotion::Made ? "^" : "^0";
    if (token.promotion == Promotion::None)
        log.group(DiagCode::MissingPromotionMark, e.span,
                  std::string("promotion mark ") + canonical + " missing",
                  "promotion marks missing", ply);
    else if (info.promotion == Promotion::None)
        log.group(DiagCode::SuperfluousPromotionMark, e.span,
                  "promotion mark on a ply that is offered no promotion",
                  "superfluous promotion marks", ply);
}

bool wrong_promotion_mark(const PlyToken& token, const PlyInfo& info) {
    return token.promotion != info.promotion && token.promotion != Promotion::None &&
           info.promotion != Promotion::None;
}

// The warning of a check mark `+` missing or written on a ply that checks nobody.
void report_check_mark(const PlyToken& token, const PlyInfo& info, const Element& e,
                       std::uint32_t ply, DiagnosticLog& log) {
    if (token.check == info.gives_check) return;
    if (info.gives_check)
        log.group(DiagCode::MissingCheckMark, e.span, "check mark + missing", "check marks missing",
                  ply);
    else
        log.group(DiagCode::SuperfluousCheckMark, e.span,
                  "check mark on a ply that puts nobody in check", "superfluous check marks", ply);
}

}  // namespace

Played<Move> Game::reject(const State& s, const Element& e, PlyError why,
                          DiagnosticLog& log) const {
    std::string shown = std::to_string(s.pos.ply_number());
    shown += ". ";
    append_quoted_token(shown, e.text);  // a long token cut
    Diagnostic d = make_error(why.code, e.span, shown + ": " + why.message);
    d.ply        = s.plies + 1;
    d.move       = shown;
    add(log, std::move(d), &s.pos);
    Played<Move> out;
    out.error = why.code;
    return out;
}

void Game::advance(State& s, const Element& e, const Position& after, const MateEvents& mates,
                   std::size_t mark) const {
    s.has_last     = true;
    s.last_span    = e.span;
    s.pos          = after;
    s.plies        = s.plies + 1;
    s.due          = mates;
    s.matched      = 0;
    s.history_mark = static_cast<std::uint32_t>(mark);
    s.tail_count   = 0;
    for (std::size_t i = mark; i < history_.size(); ++i) s.tail[s.tail_count++] = history_.at(i);
}

Played<Move> Game::play(State& s, const Element& e, bool, DiagnosticLog& log) {
    sync(s);
    const Position& before = s.pos;
    const PlyToken token   = decode_ply(e.text);
    if (auto why = error_before_search(before, token)) return reject(s, e, std::move(*why), log);
    const std::optional<Move> found = find_ply(before, token, history_);
    if (!found)
        return reject(s, e, {DiagCode::IllegalMove, why_illegal(before, token, history_)}, log);
    const Move move = *found;

    const std::uint32_t ply = s.plies + 1;
    report_seat_and_piece_name(token, e, ply, log);

    Position after         = before;
    const PlyInfo info     = after.play(move);
    const std::size_t mark = history_.size();
    history_.push(after.board_hash());
    const MateEvents mates = after.resolve_mates(history_);

    report_capture_mark(token, info, e, ply, log);
    if (wrong_promotion_mark(token, info))  // an error: the ply is not played, its line ends
        return reject(s, e,
                      {DiagCode::WrongPromotionMark,
                       std::string("the promotion is ") +
                           (info.promotion == Promotion::Made ? "made" : "refused") +
                           " (canonical: " + name(before, move) + ")"},
                      log);
    if (token.promotion != info.promotion) report_promotion_mark(token, info, e, ply, log);
    report_check_mark(token, info, e, ply, log);

    advance(s, e, after, mates, mark);
    Played<Move> out;
    out.ok   = true;
    out.move = move;
    return out;
}

std::optional<DiagCode> Game::event(State& s, const State* before_last, const Element& e,
                                    DiagnosticLog& log) {
    if (s.matched >= s.due.count) {
        Diagnostic d = make_error(DiagCode::UnexpectedEvent, e.span,
                                  "event <" + std::string(e.text) + "> where the rules cause none");
        d.ply        = s.plies;
        add(log, std::move(d), &s.pos);
        return DiagCode::UnexpectedEvent;
    }
    const std::string want = mate_event_text(s.due.events[s.matched++]);
    if (normalised(e.text) == normalised(std::string_view(want).substr(1, want.size() - 2)))
        return std::nullopt;
    Diagnostic d = make_error(DiagCode::WrongEvent, e.span,
                              "recorded <" + std::string(e.text) + "> but the rules give " + want);
    d.ply        = s.plies;
    add(log, std::move(d), before_last ? &before_last->pos : nullptr);
    return DiagCode::WrongEvent;
}

void Game::close_events(State& s, DiagnosticLog& log) const {
    for (; s.matched < s.due.count; ++s.matched) {
        const Span span = s.has_last ? s.last_span : Span{0, 0};
        log.group(DiagCode::MissingEvent, span,
                  "mate not recorded (canonical: " + mate_event_text(s.due.events[s.matched]) + ")",
                  "mates not recorded", s.plies);
    }
}

void Game::finish(const State& s, DiagnosticLog& log) const {
    const std::string_view marker = options_.termination;
    if (!marker.empty() && !glacial_marker(marker)) {
        log.add(make_error(DiagCode::SyntaxError, options_.termination_span,
                           std::string(marker) +
                               " is not a Glacial Shift result (1-0-0-0, 0-1-0-0, 0-0-1-0, 0-0-0-1 "
                               "or *)"));
        return;
    }
    const std::string forced = forced_result(s.pos);
    if (!marker.empty() && marker != "*" && forced != "*" && marker != forced) {
        Diagnostic d = make_warning(DiagCode::ResultContradictsEnd, options_.termination_span,
                                    std::string(marker) + " contradicts the end: " +
                                        SeatNames[s.pos.winner()] + " has won (" + forced + ")");
        d.ply        = s.plies;
        log.add(std::move(d));
    }
    if (const auto& tag = options_.result_tag; tag && !marker.empty() && *tag != marker)
        log.add(make_warning(
            DiagCode::ResultTagMismatch, options_.termination_span,
            "termination marker " + std::string(marker) + " differs from the Result tag " + *tag));
}

std::string forced_result(const Position& position) {
    switch (position.game_over() ? position.winner() : NoSeat) {
        case Yellow:
            return "1-0-0-0";
        case Green:
            return "0-1-0-0";
        case Blue:
            return "0-0-1-0";
        case Red:
            return "0-0-0-1";
        default:
            return "*";
    }
}

std::string mate_event_text(const MateEvent& mate) {
    std::string s = mate.bare ? "<bare mate: " : "<mate: ";
    s += seat_letter(mate.mated);
    s += " by ";
    s += seat_letter(mate.by);
    s += '>';
    return s;
}

}  // namespace floe::rules::glacial
