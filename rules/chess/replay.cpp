#include "rules/chess/replay.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>

#include "rules/chess/move_reader.hpp"

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

// "7... Nf6": the move number of `before` and the token as written.
std::string numbered(const Position& before, std::string_view token) {
    std::string s = std::to_string(before.fullmove_number());
    s += before.side_to_move() == Color::White ? ". " : "... ";
    s += token;
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
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',') continue;
        s += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return s;
}

struct Frame {
    std::uint32_t line = 0;
    std::size_t next   = 0;
    Position pos;          // the position reached
    Position before_last;  // the position before the last move played in this line
    bool has_last = false;
    Move last_move;
    std::uint32_t ply = 0;      // plies from the game's start to `pos`
    bool event_due    = false;  // the last move triggered an Ice Age not yet matched
    IceAgeEvent last_event;
    Span last_span;
};

class Replayer {
public:
    Replayer(const GameRecord& record, const ReplayOptions& options, ReplayResult& out)
        : record_(record), options_(options), out_(out) {}

    void run(const Position& start);

private:
    void play_line_element(Frame& f, const Element& e, bool main_line);
    bool play_move(Frame& f, const Element& e, bool main_line);
    void close_event(Frame& f);
    bool match_event(Frame& f, const Element& e);
    void stop_line(Frame& f, const LineStop& stop, bool main_line);
    void check_move_number(Frame& f, const Element& e);
    void finish_main_line(const Frame& f);

    void add(Diagnostic d, const Position* before = nullptr) {
        out_.diagnostics.push_back(std::move(d));
        out_.positions_before.push_back(before ? std::optional<Position>(*before) : std::nullopt);
    }
    void group_warning(DiagCode code, Span span, std::string singular, std::string plural,
                       std::uint32_t ply);
    std::string name(const Position& p, const Move& m) const {
        return (options_.name_move ? options_.name_move : uci_name)(p, m);
    }

    const GameRecord& record_;
    const ReplayOptions& options_;
    ReplayResult& out_;
    std::vector<Frame> stack_;
    WarningGroups groups_;
    bool stop_all_ = false;
};

void Replayer::group_warning(DiagCode code, Span span, std::string singular, std::string plural,
                             std::uint32_t ply) {
    if (groups_.add(out_.diagnostics, code, span, std::move(singular), plural, ply))
        out_.positions_before.push_back(std::nullopt);
}
void Replayer::run(const Position& start) {
    out_.positions.clear();
    // At most one position per main-line element: one allocation instead of a doubling series
    // of copies (fen --all keeps them all).
    if (options_.keep_positions && !record_.lines.empty())
        out_.positions.reserve(record_.lines[0].elements.size() + 1);
    out_.positions.push_back(start);
    Frame root;
    root.pos = start;
    stack_.push_back(std::move(root));
    while (!stack_.empty() && !stop_all_) {
        Frame& f         = stack_.back();
        const Line& line = record_.lines[f.line];
        const bool main  = stack_.size() == 1;
        if (f.next >= line.elements.size()) {
            if (line.stop.stops()) {  // a syntax error after the last element
                stop_line(f, line.stop, main);
            } else {
                close_event(f);
                if (main) finish_main_line(f);
            }
            stack_.pop_back();
            continue;
        }
        const Element& e = line.elements[f.next++];
        if (e.span.begin >= line.stop.at) {  // the line's first syntax error: it ends here
            stop_line(f, line.stop, main);
            continue;
        }
        if (e.kind == ElementKind::Variation) {
            // An alternative to the last move: it starts from the position before it.
            Frame child;
            child.line = e.value;
            child.pos  = f.has_last ? f.before_last : f.pos;
            child.ply  = f.has_last ? f.ply - 1 : f.ply;
            stack_.push_back(std::move(child));
            continue;
        }
        play_line_element(f, e, main);
    }
}

void Replayer::play_line_element(Frame& f, const Element& e, bool main_line) {
    bool ok = true;
    switch (e.kind) {
        case ElementKind::MoveNumber:
            check_move_number(f, e);
            break;
        case ElementKind::Event:
            ok = match_event(f, e);
            break;
        case ElementKind::Move:
            close_event(f);
            ok = play_move(f, e, main_line);
            break;
        default:
            break;  // NAGs and comments carry no rules
    }
    // The first error of a line ends it, as a syntax error does: the rest depends on it.
    if (!ok) stop_line(f, LineStop{e.span.begin, out_.diagnostics.back().code, false}, main_line);
}

void Replayer::stop_line(Frame& f, const LineStop& stop, bool main_line) {
    f.next      = record_.lines[f.line].elements.size();
    f.event_due = false;
    if (options_.keep_moves) out_.line_stops[f.line] = stop;
    if (main_line) {
        out_.main_line_failed = true;
        out_.outcome          = f.pos.outcome();
        if (!options_.keep_positions) out_.positions.push_back(f.pos);
        stop_all_ = true;
    }
}

void Replayer::check_move_number(Frame& f, const Element& e) {
    const bool black_dots = (e.flags & BlackDots) != 0;
    const bool white      = f.pos.side_to_move() == Color::White;
    if (e.value == static_cast<std::uint32_t>(f.pos.fullmove_number()) && !(black_dots && white))
        return;
    std::string expected = std::to_string(f.pos.fullmove_number()) + (white ? "." : "...");
    group_warning(DiagCode::MoveNumberMismatch, e.span,
                  "move number " + std::string(e.text) + " does not match the position (expected " +
                      expected + ")",
                  "move numbers do not match the position", f.ply + 1);
}

bool Replayer::play_move(Frame& f, const Element& e, bool main_line) {
    // `exf6 e.p.` with the suffix written apart.
    if (e.text == "e.p." || e.text == "ep") {
        if (f.has_last && f.last_move.kind == MoveKind::EnPassant) {
            group_warning(lenient_form_code(FormEnPassantSuffix), e.span,
                          lenient_form_message(FormEnPassantSuffix, 1),
                          lenient_form_message(FormEnPassantSuffix, 2).substr(2), f.ply);
            return true;
        }
        Diagnostic d =
            make_error(DiagCode::IllegalMove, e.span,
                       std::string(e.text) + " after a move that is no en passant capture");
        d.ply = f.ply;
        add(std::move(d), f.has_last ? &f.before_last : &f.pos);
        return false;
    }
    // f.pos is the position before the move until the move is played; every failure comes
    // before that.
    const Position& before = f.pos;
    auto fail              = [&](DiagCode code, std::string message) {
        std::string shown = numbered(before, e.text);
        Diagnostic d      = make_error(code, e.span, shown + ": " + message);
        d.ply             = f.ply + 1;
        d.move            = std::move(shown);
        add(std::move(d), &before);
    };

    const MoveToken token = decode_move(e.text);
    if (token.count == 0) {
        fail(DiagCode::UnreadableMove,
             "not a chess move (expected SAN such as Nf3, exd5, O-O or e8=Q)");
        return false;
    }
    Move move;
    std::uint32_t forms = 0;
    CheckMark written   = token.readings[0].check;
    if (token.readings[0].null_move) {
        if (main_line && !options_.allow_null_moves) {
            fail(DiagCode::NullMove, "null move in the main line (use --allow-null-moves)");
            return false;
        }
        // A frozen king ends the game (§4).
        if (f.pos.king_square(Color::White) == NoSquare ||
            f.pos.king_square(Color::Black) == NoSquare) {
            fail(DiagCode::MovesAfterEnd,
                 "the game has ended: " + describe_outcome(f.pos.outcome()));
            return false;
        }
        move.kind = MoveKind::Null;
        forms     = token.readings[0].forms;  // `Z0`
    } else {
        const Resolution r = resolve_move(f.pos, token);
        switch (r.status) {
            case ResolveStatus::Ok:
                break;
            case ResolveStatus::GameOver:
                fail(DiagCode::MovesAfterEnd,
                     "the game has ended: " + describe_outcome(f.pos.outcome()));
                return false;
            case ResolveStatus::Ambiguous:
                fail(DiagCode::AmbiguousMove, "ambiguous: " + name(before, r.candidates[0]) +
                                                  " or " + name(before, r.candidates[1]));
                return false;
            case ResolveStatus::Illegal: {
                std::string why = describe_unmatched(before, token.readings[token.count - 1]);
                if (token.count == 2) why = describe_unmatched(before, token.readings[0]);
                fail(DiagCode::IllegalMove, why);
                // A first move legal in orthodox chess suggests the wrong variant (notation.md §2).
                if (main_line && f.ply == 0 && before.variant().ice &&
                    record_.tag("Variant") == nullptr &&
                    before == Position::start(before.variant())) {
                    const Position orthodox = Position::start(standard_variant());
                    if (resolve_move(orthodox, token).status == ResolveStatus::Ok)
                        out_.diagnostics.back().notes.push_back(
                            "this move is legal in orthodox chess: the game has no Variant tag, so "
                            "it is read as Ice Age; use --variant standard");
                }
                return false;
            }
        }
        move    = r.move;
        forms   = r.forms;
        written = r.check;
    }

    for (int bit = 0; forms != 0 && bit < LenientFormCount; ++bit) {
        const auto form = static_cast<LenientForm>(1u << bit);
        if (!(forms & form)) continue;
        std::string plural = lenient_form_message(form, 2);
        group_warning(lenient_form_code(form), e.span, lenient_form_message(form, 1),
                      plural.substr(plural.find(' ') + 1), f.ply + 1);
    }

    f.before_last = f.pos;
    f.last_move   = move;
    f.has_last    = true;
    f.last_span   = e.span;
    // The event is kept only when it happened: copying its 32 frozen-piece pairs every ply
    // was a third of this function's time.
    const IceAgeEvent event = f.pos.play(move);
    if (event.happened) f.last_event = event;
    f.event_due = event.happened;
    ++f.ply;
    if (options_.keep_moves)
        out_.line_moves[f.line].push_back(LineMove{static_cast<std::uint32_t>(f.next - 1), move});
    if (main_line) {
        out_.plies.push_back(ReplayedPly{move, event.happened});
        if (options_.keep_positions) out_.positions.push_back(f.pos);
    }

    // Check and mate marks are judged after any Ice Age (ice-age-chess.md §3).
    // A king that froze ends the game by the freeze, which decides: no mark (§3), as the SAN
    // writer does.
    // A frozen king is a missing king, asked directly; only a check needs to know whether a
    // legal reply exists (move generation was the replay's hottest spot, docs/performance.md).
    const bool froze = !f.pos.pieces(Color::White, PieceType::King) ||
                       !f.pos.pieces(Color::Black, PieceType::King);
    CheckMark actual = CheckMark::None;
    if (!froze && f.pos.king_square(f.pos.side_to_move()) != NoSquare && f.pos.in_check())
        actual = f.pos.has_legal_move() ? CheckMark::Check : CheckMark::Mate;
    if (actual != written) {
        if (static_cast<int>(written) < static_cast<int>(actual))
            group_warning(
                DiagCode::MissingCheckMark, e.span,
                actual == CheckMark::Mate ? "mate mark # missing" : "check mark + missing",
                "check or mate marks missing", f.ply);
        else
            group_warning(DiagCode::SuperfluousCheckMark, e.span,
                          written == CheckMark::Mate && actual == CheckMark::Check
                              ? "mate mark on a move that only checks"
                              : "check mark on a non-checking move",
                          "superfluous check or mate marks", f.ply);
    }
    return true;
}

bool Replayer::match_event(Frame& f, const Element& e) {
    const std::string text = normalised(e.text);
    if (!f.event_due) {
        Diagnostic d = make_error(DiagCode::UnexpectedEvent, e.span,
                                  "event <" + std::string(e.text) + "> where the rules cause none");
        d.ply        = f.ply;
        add(std::move(d), &f.pos);
        return false;
    }
    f.event_due            = false;
    const std::string want = frozen_key(f.last_event);
    std::string_view got   = text;
    const bool ice_age     = got.substr(0, 6) == "iceage";
    got.remove_prefix(ice_age ? 6 : 0);
    if (!got.empty() && got.front() == ':') got.remove_prefix(1);
    auto canonical = [&] {
        return options_.name_event ? options_.name_event(f.last_event)
                                   : std::string("<ice age: ") + want + ">";
    };
    if (ice_age && got == want) return true;
    if (ice_age && got.size() == want.size() && got.size() % 3 == 0) {
        std::vector<std::string_view> a, b;
        for (std::size_t i = 0; i < got.size(); i += 3) {
            a.push_back(got.substr(i, 3));
            b.push_back(std::string_view(want).substr(i, 3));
        }
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        if (a == b) {
            group_warning(
                DiagCode::EventOrder, e.span,
                "frozen pieces listed out of square order (canonical: " + canonical() + ")",
                "events list frozen pieces out of square order", f.ply);
            return true;
        }
    }
    Diagnostic d =
        make_error(DiagCode::WrongEvent, e.span,
                   "recorded <" + std::string(e.text) + "> but the rules give " + canonical());
    d.ply = f.ply;
    add(std::move(d), &f.before_last);
    return false;
}

void Replayer::close_event(Frame& f) {
    if (!f.event_due) return;
    f.event_due = false;
    const std::string canonical =
        options_.name_event ? options_.name_event(f.last_event) : std::string("<ice age>");
    group_warning(DiagCode::MissingEvent, f.last_span,
                  "Ice Age not recorded (canonical: " + canonical + ")", "Ice Ages not recorded",
                  f.ply);
}

void Replayer::finish_main_line(const Frame& f) {
    if (!options_.keep_positions) out_.positions.push_back(f.pos);
    out_.outcome                  = f.pos.outcome();
    const std::string_view marker = record_.termination;
    const char* forced            = forced_result(out_.outcome);
    auto same                     = [](std::string_view written, std::string_view result) {
        return written == result || (result == "1/2-1/2" && written == "\xC2\xBD-\xC2\xBD");
    };
    if (!marker.empty() && marker != "*" && std::string_view(forced) != "*" &&
        !same(marker, forced)) {
        Diagnostic d = make_warning(DiagCode::ResultContradictsEnd, record_.termination_span,
                                    std::string(marker) + " contradicts " +
                                        describe_outcome(out_.outcome) + " (" + forced + ")");
        d.ply        = f.ply;
        add(std::move(d));
    }
    if (const std::string* tag = record_.tag("Result");
        tag && !marker.empty() && !same(marker, *tag) && !same(*tag, marker)) {
        add(make_warning(
            DiagCode::ResultTagMismatch, record_.termination_span,
            "termination marker " + std::string(marker) + " differs from the Result tag " + *tag));
    }
}

}  // namespace

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

ReplayResult replay(const GameRecord& record, const Position& start, const ReplayOptions& options) {
    ReplayResult out;
    if (record.lines.empty()) {
        out.positions.push_back(start);
        out.outcome = start.outcome();
        return out;
    }
    if (options.keep_moves) {
        out.line_moves.resize(record.lines.size());
        out.line_stops.resize(record.lines.size());
    }
    Replayer(record, options, out).run(start);
    return out;
}

}  // namespace floe::rules::chess
