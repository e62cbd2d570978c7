#include "rules/chess/game.hpp"

#include <algorithm>
#include <string_view>

#include "rules/chess/move_reader.hpp"
#include "rules/common/ascii.hpp"
#include "rules/common/look_alike.hpp"

namespace floe::rules::chess {

namespace {

constexpr const char* ColorNames[] = {"White", "Black"};

std::string uci_name(const Position&, const Move& m) {
    if (m.kind == MoveKind::Null) return "0000";
    if (m.kind == MoveKind::Drop) {
        std::string s(1, piece_letter(m.piece));  // built by appending: g++ 12 -Wrestrict
        s += '@';
        s += square_name(m.to);
        return s;
    }
    std::string s = square_name(m.from) + square_name(m.to);
    if (m.promotion != PieceType::None)
        s += static_cast<char>(piece_letter(m.promotion) - 'A' + 'a');
    return s;
}

// "7... Nf6": the move number of `before` and the token as written (a long one cut,
// quoted_token).
std::string numbered(const Position& before, std::string_view token) {
    std::string s = std::to_string(before.fullmove_number());
    s += before.side_to_move() == Color::White ? ". " : "... ";
    append_quoted_token(s, token);
    return s;
}

// The frozen pieces of an event in the normalised form used to compare with a record: each
// piece letter and square, lower case, no spaces ("rh1ph4pb5").
std::string frozen_key(const IceAgeEvent& ev) {
    std::string s;
    for (int i = 0; i < ev.frozen_count; ++i) {
        const auto& [sq, piece] = ev.frozen_pieces[i];
        s += static_cast<char>(piece_letter(piece.type) - 'A' + 'a');
        s += square_name(sq);
    }
    return s;
}

std::string normalised(std::string_view text) {
    std::string s;
    for (char c : text) {
        if (is_blank(c) || is_line_end(c) || c == ',') continue;
        s += ascii_lower(c);
    }
    return s;
}

}  // namespace

std::string Game::name(const Position& p, const Move& m) const {
    return (options_.name_move ? options_.name_move : uci_name)(p, m);
}

void Game::wrong_number(const State& s, const Element& e, DiagnosticLog& log) const {
    const bool white     = s.pos.side_to_move() == Color::White;
    std::string expected = std::to_string(s.pos.fullmove_number()) + (white ? "." : "...");
    log.group(DiagCode::MoveNumberMismatch, e.span,
              "move number " + quoted_token(e.text) + " does not match the position (expected " +
                  expected + ")",
              "move numbers do not match the position", s.ply + 1);
}

Annotation Game::en_passant_apart(State& s, const State* before_last, const Element& e,
                                  DiagnosticLog& log) {
    // `exf6 e.p.` with the suffix written apart.
    if (e.text != "e.p." && e.text != "ep") return {};
    if (s.has_last && s.last_move.kind == MoveKind::EnPassant) {
        log.group(lenient_form_code(FormEnPassantSuffix), e.span,
                  lenient_form_message(FormEnPassantSuffix, 1),
                  lenient_form_message(FormEnPassantSuffix, 2).substr(2), s.ply);
        return {Annotation::Absorbed};
    }
    Diagnostic d = make_error(DiagCode::IllegalMove, e.span,
                              std::string(e.text) + " after a move that is no en passant capture");
    d.ply        = s.ply;
    // The position before the move it would belong to (the line's own before any move).
    add(log, std::move(d), before_last ? &before_last->pos : &s.pos);
    return {Annotation::Error, DiagCode::IllegalMove};
}

namespace {
// The warning of a castling written with look-alikes (`0–0–0`): it names the first one's code
// point, which no editor shows (docs/rules/notation.md §1.15).
void look_alike_warning(const Element& e, const Move& move, std::uint32_t ply, DiagnosticLog& log) {
    const LookAlike* first  = first_look_alike(e.text);
    const std::string label = first ? code_point_label(first->code_point, first->name)
                                    : std::string("a Unicode look-alike");
    const char* canonical   = move.kind == MoveKind::CastleQueen ? "O-O-O" : "O-O";
    log.group(DiagCode::UnicodeLookAlike, e.span,
              "castling written with " + label + " (canonical: " + canonical + ")",
              "Unicode look-alikes read as ASCII (first: " + label + ")", ply);
}

// The check or mate mark a move calls for, in the position after it. Check and mate marks
// are judged after any Ice Age (docs/rules/ice-age-chess.md §3.9). A king that froze ends the
// game by the freeze, which decides: no mark (§3.6), as the SAN writer does. A frozen king is a
// missing king, asked directly; only a check needs to know whether a legal reply exists (move
// generation was the replay's hottest spot, docs/performance.md).
CheckMark check_mark_due(const Position& after) {
    const bool froze = !after.pieces(Color::White, PieceType::King) ||
                       !after.pieces(Color::Black, PieceType::King);
    if (!froze && after.king_square(after.side_to_move()) != NoSquare && after.in_check())
        return after.has_legal_move() ? CheckMark::Check : CheckMark::Mate;
    return CheckMark::None;
}

// The warning of a move whose check or mate mark (`written`) is not the one it calls for.
void report_check_mark(const Element& e, CheckMark written, CheckMark due, std::uint32_t ply,
                       DiagnosticLog& log) {
    if (static_cast<int>(written) < static_cast<int>(due))
        log.group(DiagCode::MissingCheckMark, e.span,
                  due == CheckMark::Mate ? "mate mark # missing" : "check mark + missing",
                  "check or mate marks missing", ply);
    else
        log.group(DiagCode::SuperfluousCheckMark, e.span,
                  written == CheckMark::Mate && due == CheckMark::Check
                      ? "mate mark on a move that only checks"
                      : "check mark on a non-checking move",
                  "superfluous check or mate marks", ply);
}

// The warnings of the lenient forms (`forms`, not 0) a move was written with.
void report_lenient_forms(const Element& e, const Move& move, std::uint32_t forms,
                          std::uint32_t ply, DiagnosticLog& log) {
    for (int bit = 0; bit < LenientFormCount; ++bit) {
        const auto form = static_cast<LenientForm>(1u << bit);
        if (!(forms & form)) continue;
        if (form == FormLookAlike) {
            look_alike_warning(e, move, ply, log);
            continue;
        }
        std::string plural = lenient_form_message(form, 2);
        log.group(lenient_form_code(form), e.span, lenient_form_message(form, 1),
                  plural.substr(plural.find(' ') + 1), ply);
    }
}
}  // namespace

Played<Move> Game::reject(const State& s, const Element& e, DiagCode code, std::string message,
                          DiagnosticLog& log, Hint hint) const {
    std::string shown = numbered(s.pos, e.text);
    Diagnostic d      = make_error(code, e.span, shown + ": " + message);
    d.ply             = s.ply + 1;
    d.move            = std::move(shown);
    d.hint            = hint;
    add(log, std::move(d), &s.pos);
    Played<Move> out;
    out.error = code;
    return out;
}

Played<Move> Game::reject_unresolved(const State& s, const Element& e, const MoveToken& token,
                                     const Resolution& r, DiagnosticLog& log) const {
    const Position& before = s.pos;
    if (r.status == ResolveStatus::GameOver)
        return reject(s, e, DiagCode::MovesAfterEnd,
                      "the game has ended: " + describe_outcome(before.outcome()), log);
    if (r.status == ResolveStatus::Ambiguous)
        return reject(
            s, e, DiagCode::AmbiguousMove,
            "ambiguous: " + name(before, r.candidates[0]) + " or " + name(before, r.candidates[1]),
            log);
    const MoveReading& reading = token.readings[token.count == 2 ? 0 : token.count - 1];
    return reject(s, e, DiagCode::IllegalMove, describe_unmatched(before, reading), log,
                  unmatched_hint(before, reading));
}

Played<Move> Game::play(State& s, const Element& e, bool main_line, DiagnosticLog& log) {
    // s.pos is the position before the move until the move is played; every rejection comes
    // before that.
    const MoveToken token = decode_move(e.text);
    if (token.count == 0)
        return reject(s, e, DiagCode::UnreadableMove,
                      "not a chess move (expected SAN such as Nf3, exd5, O-O or e8=Q)", log);
    Move move;
    std::uint32_t forms = 0;
    CheckMark written   = token.readings[0].check;
    if (token.readings[0].null_move) {
        if (main_line && !options_.allow_null_moves)
            return reject(s, e, DiagCode::NullMove, "null move in the main line", log,
                          Hint::AllowNullMoves);
        // A frozen king ends the game (docs/rules/ice-age-chess.md §4.1).
        if (s.pos.king_square(Color::White) == NoSquare ||
            s.pos.king_square(Color::Black) == NoSquare)
            return reject(s, e, DiagCode::MovesAfterEnd,
                          "the game has ended: " + describe_outcome(s.pos.outcome()), log);
        move.kind = MoveKind::Null;
        forms     = token.readings[0].forms;  // `Z0`
    } else {
        const Resolution r = resolve_move(s.pos, token);
        if (r.status != ResolveStatus::Ok) return reject_unresolved(s, e, token, r, log);
        move    = r.move;
        forms   = r.forms;
        written = r.check;
    }
    if (forms != 0) report_lenient_forms(e, move, forms, s.ply + 1, log);

    s.last_move = move;
    s.has_last  = true;
    s.last_span = e.span;
    // The event is written only when it happened: filling or copying its 32 frozen-piece pairs
    // every ply cost more than the move.
    s.ice_age = s.event_due = s.pos.play(move, last_event_);
    ++s.ply;

    const CheckMark due = check_mark_due(s.pos);
    if (due != written) report_check_mark(e, written, due, s.ply, log);
    // A new object, whose fields are not stored one by one and then read back whole for the
    // return (perf).
    return {move, true, DiagCode::IllegalMove};
}

std::optional<DiagCode> Game::event(State& s, const State* before_last, const Element& e,
                                    DiagnosticLog& log) {
    const std::string text = normalised(e.text);
    if (!s.event_due) {
        Diagnostic d = make_error(DiagCode::UnexpectedEvent, e.span,
                                  "event <" + std::string(e.text) + "> where the rules cause none");
        d.ply        = s.ply;
        add(log, std::move(d), &s.pos);
        return DiagCode::UnexpectedEvent;
    }
    s.event_due            = false;
    const std::string want = frozen_key(last_event_);
    std::string_view got   = text;
    const bool ice_age     = got.substr(0, 6) == "iceage";
    got.remove_prefix(ice_age ? 6 : 0);
    if (!got.empty() && got.front() == ':') got.remove_prefix(1);
    auto canonical = [&] {
        return options_.name_event ? options_.name_event(last_event_)
                                   : std::string("<ice age: ") + want + ">";
    };
    if (ice_age && got == want) return std::nullopt;
    if (ice_age && got.size() == want.size() && got.size() % 3 == 0) {
        std::vector<std::string_view> a, b;
        for (std::size_t i = 0; i < got.size(); i += 3) {
            a.push_back(got.substr(i, 3));
            b.push_back(std::string_view(want).substr(i, 3));
        }
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        if (a == b) {
            log.group(DiagCode::EventOrder, e.span,
                      "frozen pieces listed out of square order (canonical: " + canonical() + ")",
                      "events list frozen pieces out of square order", s.ply);
            return std::nullopt;
        }
    }
    Diagnostic d =
        make_error(DiagCode::WrongEvent, e.span,
                   "recorded <" + std::string(e.text) + "> but the rules give " + canonical());
    d.ply = s.ply;
    // The position before the move that triggered it.
    add(log, std::move(d), before_last ? &before_last->pos : nullptr);
    return DiagCode::WrongEvent;
}

void Game::missing_event(State& s, DiagnosticLog& log) const {
    s.event_due = false;
    const std::string canonical =
        options_.name_event ? options_.name_event(last_event_) : std::string("<ice age>");
    log.group(DiagCode::MissingEvent, s.last_span,
              "Ice Age not recorded (canonical: " + canonical + ")", "Ice Ages not recorded",
              s.ply);
}

void Game::finish(const State& s, DiagnosticLog& log) const {
    const Outcome outcome         = s.pos.outcome();
    const std::string_view marker = options_.termination;
    const char* forced            = forced_result(outcome);
    auto same                     = [](std::string_view written, std::string_view result) {
        return written == result || (result == "1/2-1/2" && written == "\xC2\xBD-\xC2\xBD");
    };
    if (!marker.empty() && marker != "*" && std::string_view(forced) != "*" &&
        !same(marker, forced)) {
        Diagnostic d = make_warning(DiagCode::ResultContradictsEnd, options_.termination_span,
                                    std::string(marker) + " contradicts " +
                                        describe_outcome(outcome) + " (" + forced + ")");
        d.ply        = s.ply;
        log.add(std::move(d));
    }
    if (const auto& tag = options_.result_tag;
        tag && !marker.empty() && !same(marker, *tag) && !same(*tag, marker)) {
        log.add(make_warning(
            DiagCode::ResultTagMismatch, options_.termination_span,
            "termination marker " + std::string(marker) + " differs from the Result tag " + *tag));
    }
}

const char* forced_result(const Outcome& o) {
    switch (o.termination) {
        case Termination::None:
            return "*";
        case Termination::Stalemate:
        case Termination::BothKingsFrozen:
            return "1/2-1/2";
        case Termination::Checkmate:
        case Termination::KingFrozen:
            return o.winner == Color::White ? "1-0" : "0-1";
    }
    return "*";
}

std::string describe_outcome(const Outcome& o) {
    switch (o.termination) {
        case Termination::None:
            return "no decided end";
        case Termination::Stalemate:
            return "stalemate";
        case Termination::BothKingsFrozen:
            return "both kings froze";
        case Termination::Checkmate:
            return std::string("checkmate by ") +
                   ColorNames[index(o.winner.value_or(Color::White))];
        case Termination::KingFrozen:
            return std::string(ColorNames[index(~o.winner.value_or(Color::White))]) +
                   "'s king froze";
    }
    return "";
}

}  // namespace floe::rules::chess
