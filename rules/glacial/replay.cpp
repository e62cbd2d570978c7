#include "rules/glacial/replay.hpp"

#include <array>

#include "rules/glacial/explain.hpp"

namespace floe::rules::glacial {

namespace {

constexpr const char* SeatNames[] = {"Yellow", "Green", "Blue", "Red"};

int seat_of_letter(char c) {
    switch (c) {
        case 'Y':
            return Yellow;
        case 'G':
            return Green;
        case 'B':
            return Blue;
        case 'R':
            return Red;
        default:
            return NoSeat;
    }
}

int colour_of_letter(char c) {
    switch (c) {
        case 'y':
            return 0;
        case 'g':
            return 1;
        case 'b':
            return 2;
        case 'r':
            return 3;
        default:
            return -1;
    }
}

Square square_at(std::string_view s) {
    if (s.size() < 2 || s[0] < 'a' || s[0] > 'i' || s[1] < '1' || s[1] > '9') return NoSquare;
    return make_square(s[0] - 'a', s[1] - '1');
}

std::string square_name(Square s) {
    return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::string squares_name(const Position&, const Move& m) {
    if (m.is_drop())
        return std::string{"ygbr"[m.drop_colour], static_cast<char>('0' + m.drop_size), '@'} +
               square_name(m.to);
    return square_name(m.from) + "-" + square_name(m.to);
}

// Event text compared ignoring case and spaces (notation.md §4).
std::string normalised(std::string_view text) {
    std::string s;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
        s += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return s;
}

bool glacial_marker(std::string_view m) {
    return m == "1-0-0-0" || m == "0-1-0-0" || m == "0-0-1-0" || m == "0-0-0-1" || m == "*";
}

struct Frame {
    std::uint32_t line = 0;
    std::size_t next   = 0;
    Position pos;          // the position reached, after the mates of the last ply
    Position before_last;  // the position before the last ply played in this line
    History history;       // earlier boards, pos included
    std::size_t history_before_last = 0;
    bool has_last                   = false;
    std::uint32_t plies             = 0;  // plies from the game's start to `pos`
    MateEvents due;                       // mates of the last ply (or of the start)
    int matched = 0;                      // how many of them the record has named
    Span last_span;
};

class Replayer {
public:
    Replayer(const GameRecord& record, const ReplayOptions& options, ReplayResult& out)
        : record_(record), options_(options), out_(out) {}

    void run(const Position& start);

private:
    bool play_ply(Frame& f, const Element& e, bool main_line);
    bool match_event(Frame& f, const Element& e);
    void stop_line(Frame& f, const LineStop& stop, bool main_line);
    void close_events(Frame& f);
    void check_ply_number(Frame& f, const Element& e);
    void finish_main_line(const Frame& f);

    void add(Diagnostic d, const Position* before = nullptr) {
        out_.diagnostics.push_back(std::move(d));
        out_.positions_before.push_back(before ? std::optional<Position>(*before) : std::nullopt);
    }
    void group_warning(DiagCode code, Span span, std::string singular, std::string plural,
                       std::uint32_t ply) {
        if (groups_.add(out_.diagnostics, code, span, std::move(singular), plural, ply))
            out_.positions_before.push_back(std::nullopt);
    }
    std::string name(const Position& p, const Move& m) const {
        return (options_.name_move ? options_.name_move : squares_name)(p, m);
    }

    const GameRecord& record_;
    const ReplayOptions& options_;
    ReplayResult& out_;
    std::vector<Frame> stack_;
    WarningGroups groups_;
    bool stop_all_ = false;
};

void Replayer::run(const Position& start) {
    Frame root;
    root.pos = start;
    root.history.push(start.board_hash());
    root.due         = root.pos.resolve_mates(root.history);
    out_.start_mates = root.due;
    out_.positions.clear();
    out_.positions.push_back(root.pos);
    stack_.push_back(std::move(root));
    while (!stack_.empty() && !stop_all_) {
        Frame& f         = stack_.back();
        const Line& line = record_.lines[f.line];
        const bool main  = stack_.size() == 1;
        if (f.next >= line.elements.size()) {
            if (line.stop.stops()) {  // a syntax error after the last element
                stop_line(f, line.stop, main);
            } else {
                close_events(f);
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
        bool ok = true;
        switch (e.kind) {
            case ElementKind::Variation: {
                // An alternative to the last ply: it starts from the position before it.
                Frame child;
                child.line    = e.value;
                child.pos     = f.has_last ? f.before_last : f.pos;
                child.history = f.history;
                if (f.has_last) child.history.truncate(f.history_before_last);
                child.plies = f.has_last ? f.plies - 1 : f.plies;
                stack_.push_back(std::move(child));
                break;
            }
            case ElementKind::MoveNumber:
                check_ply_number(f, e);
                break;
            case ElementKind::Event:
                ok = match_event(f, e);
                break;
            case ElementKind::Move:
                close_events(f);
                ok = play_ply(f, e, main);
                break;
            default:
                break;  // NAGs and comments carry no rules
        }
        // The first error of a line ends it, as a syntax error does: the rest depends on it.
        if (!ok) stop_line(f, LineStop{e.span.begin, out_.diagnostics.back().code, false}, main);
    }
}

void Replayer::stop_line(Frame& f, const LineStop& stop, bool main_line) {
    f.next    = record_.lines[f.line].elements.size();
    f.matched = f.due.count;  // the rest, events included, is not read
    if (options_.keep_moves) out_.line_stops[f.line] = stop;
    if (main_line) {
        out_.main_line_failed = true;
        if (!options_.keep_positions) out_.positions.push_back(f.pos);
        stop_all_ = true;
    }
}

void Replayer::check_ply_number(Frame& f, const Element& e) {
    // Ply numbers continue the position string's field 6 in a game from a FEN tag.
    if (e.value == f.pos.ply_number()) return;
    group_warning(DiagCode::MoveNumberMismatch, e.span,
                  "ply number " + std::string(e.text) + " does not match the position (expected " +
                      std::to_string(f.pos.ply_number()) + ".)",
                  "ply numbers do not match the position", f.plies + 1);
}

bool Replayer::play_ply(Frame& f, const Element& e, bool main_line) {
    const Position before = f.pos;
    std::string shown     = std::to_string(before.ply_number());
    shown += ". ";
    shown += e.text;
    auto fail = [&](DiagCode code, std::string message) {
        Diagnostic d = make_error(code, e.span, shown + ": " + message);
        d.ply        = f.plies + 1;
        d.move       = shown;
        add(std::move(d), &before);
        return false;
    };

    const PlyToken token = decode_ply(e.text);
    if (!token.ok)
        return fail(DiagCode::UnreadableMove,
                    "not a Glacial Shift ply (expected such as Y: y1e3-e4, G: b2b5xe5 or "
                    "B: g1@d4)");
    if (before.game_over())
        return fail(DiagCode::MovesAfterEnd,
                    std::string("the game has ended: ") + SeatNames[before.winner()] + " has won");
    const int mover = before.turn();
    if (token.seat != NoSeat && token.seat != mover)
        return fail(DiagCode::WrongSeat, std::string("it is ") + SeatNames[mover] +
                                             "'s turn, not " + SeatNames[token.seat] + "'s" +
                                             describe_turn(before));

    MoveList legal;
    before.legal_moves(legal, f.history);
    const Move* found = nullptr;
    for (const Move& m : legal) {
        const bool same = token.drop ? m.is_drop() && m.drop_colour == token.colour &&
                                           m.drop_size == token.size && m.to == token.to
                                     : m.from == token.from && m.to == token.to;
        if (same) found = &m;
    }
    if (!token.drop && token.colour >= 0) {
        const Cell& piece = before.at(token.from);
        if (piece.occupant == Occupant::Lying &&
            (piece.colour != token.colour || largest_size(piece.sizes & SizeBits) != token.size))
            return fail(DiagCode::IllegalMove,
                        std::string("the piece on ") + square_name(token.from) + " is " +
                            "ygbr"[piece.colour] +
                            std::to_string(largest_size(piece.sizes & SizeBits)) + ", not " +
                            "ygbr"[token.colour] + std::to_string(token.size));
    }
    if (!found) {
        // The rule it breaks (rules/glacial/explain.hpp).
        const Move ply  = token.drop ? Move::drop(token.colour, token.size, token.to)
                                     : Move::move(token.from, token.to);
        std::string why = describe_illegal_ply(before, ply, f.history);
        if (why.empty()) why = "not a legal ply";
        return fail(DiagCode::IllegalMove, why);
    }
    const Move move = *found;

    const std::uint32_t ply = f.plies + 1;
    if (token.seat == NoSeat)
        group_warning(DiagCode::MissingSeat, e.span, "ply without its seat",
                      "plies without their seat", ply);
    else if (token.seat_glued)
        group_warning(DiagCode::GluedSeat, e.span, "seat glued to its ply (canonical: `Y: …`)",
                      "seats glued to their plies", ply);
    if (!token.drop && token.colour < 0)
        group_warning(DiagCode::MissingPieceName, e.span, "move without its piece name",
                      "moves without their piece names", ply);

    Position after         = before;
    const PlyInfo info     = after.play(move);
    const std::size_t mark = f.history.size();
    f.history.push(after.board_hash());
    const MateEvents mates = after.resolve_mates(f.history);

    if (!token.drop) {
        if (info.capture && token.capture == '-')
            group_warning(DiagCode::MissingCaptureMark, e.span, "capture written with -",
                          "captures written with -", ply);
        if (!info.capture && token.capture == 'x')
            group_warning(DiagCode::SuperfluousCaptureMark, e.span,
                          "x on a ply that captures nothing", "plies with x that capture nothing",
                          ply);
    }
    if (token.promotion != info.promotion) {
        const char* canonical = info.promotion == Promotion::Made ? "^" : "^0";
        if (token.promotion == Promotion::None)
            group_warning(DiagCode::MissingPromotionMark, e.span,
                          std::string("promotion mark ") + canonical + " missing",
                          "promotion marks missing", ply);
        else if (info.promotion == Promotion::None)
            group_warning(DiagCode::SuperfluousPromotionMark, e.span,
                          "promotion mark on a ply that is offered no promotion",
                          "superfluous promotion marks", ply);
        else  // an error: the ply is not played, and its line ends here
            return fail(DiagCode::WrongPromotionMark,
                        std::string("the promotion is ") +
                            (info.promotion == Promotion::Made ? "made" : "refused") +
                            " (canonical: " + name(before, move) + ")");
    }
    if (token.check != info.gives_check) {
        if (info.gives_check)
            group_warning(DiagCode::MissingCheckMark, e.span, "check mark + missing",
                          "check marks missing", ply);
        else
            group_warning(DiagCode::SuperfluousCheckMark, e.span,
                          "check mark on a ply that puts nobody in check",
                          "superfluous check marks", ply);
    }

    f.before_last         = before;
    f.history_before_last = mark;
    f.has_last            = true;
    f.last_span           = e.span;
    f.pos                 = after;
    f.plies               = ply;
    f.due                 = mates;
    f.matched             = 0;
    if (options_.keep_moves)
        out_.line_moves[f.line].push_back(
            LineMove{static_cast<std::uint32_t>(f.next - 1), move, mates, f.pos});
    if (main_line) {
        out_.plies.push_back(ReplayedPly{move, info, mates});
        if (options_.keep_positions) out_.positions.push_back(f.pos);
    }
    return true;
}

bool Replayer::match_event(Frame& f, const Element& e) {
    if (f.matched >= f.due.count) {
        Diagnostic d = make_error(DiagCode::UnexpectedEvent, e.span,
                                  "event <" + std::string(e.text) + "> where the rules cause none");
        d.ply        = f.plies;
        add(std::move(d), &f.pos);
        return false;
    }
    const std::string want = mate_event_text(f.due.events[f.matched++]);
    if (normalised(e.text) == normalised(std::string_view(want).substr(1, want.size() - 2)))
        return true;
    Diagnostic d = make_error(DiagCode::WrongEvent, e.span,
                              "recorded <" + std::string(e.text) + "> but the rules give " + want);
    d.ply        = f.plies;
    add(std::move(d), f.has_last ? &f.before_last : nullptr);
    return false;
}

void Replayer::close_events(Frame& f) {
    for (; f.matched < f.due.count; ++f.matched) {
        const Span span = f.has_last ? f.last_span : Span{0, 0};
        group_warning(
            DiagCode::MissingEvent, span,
            "mate not recorded (canonical: " + mate_event_text(f.due.events[f.matched]) + ")",
            "mates not recorded", f.plies);
    }
}

void Replayer::finish_main_line(const Frame& f) {
    if (!options_.keep_positions) out_.positions.push_back(f.pos);
    const std::string_view marker = record_.termination;
    if (!marker.empty() && !glacial_marker(marker)) {
        add(make_error(DiagCode::SyntaxError, record_.termination_span,
                       std::string(marker) +
                           " is not a Glacial Shift result (1-0-0-0, 0-1-0-0, 0-0-1-0, 0-0-0-1 "
                           "or *)"));
        return;
    }
    const std::string forced = forced_result(f.pos);
    if (!marker.empty() && marker != "*" && forced != "*" && marker != forced) {
        Diagnostic d = make_warning(DiagCode::ResultContradictsEnd, record_.termination_span,
                                    std::string(marker) + " contradicts the end: " +
                                        SeatNames[f.pos.winner()] + " has won (" + forced + ")");
        d.ply        = f.plies;
        add(std::move(d));
    }
    if (const std::string* tag = record_.tag("Result"); tag && !marker.empty() && *tag != marker)
        add(make_warning(
            DiagCode::ResultTagMismatch, record_.termination_span,
            "termination marker " + std::string(marker) + " differs from the Result tag " + *tag));
}

}  // namespace

PlyToken decode_ply(std::string_view text) {
    PlyToken t;
    if (text.size() >= 2 && text[1] == ':' && seat_of_letter(text[0]) != NoSeat) {
        t.seat = seat_of_letter(text[0]);
        text.remove_prefix(2);
        t.seat_glued = !text.empty() && text.front() != ' ' && text.front() != '\t';
        while (!text.empty() && (text.front() == ' ' || text.front() == '\t' ||
                                 text.front() == '\n' || text.front() == '\r'))
            text.remove_prefix(1);
    }
    if (!text.empty() && text.back() == '+') {
        t.check = true;
        text.remove_suffix(1);
    }
    if (text.size() >= 2 && text.substr(text.size() - 2) == "^0") {
        t.promotion = Promotion::Spent;
        text.remove_suffix(2);
    } else if (!text.empty() && text.back() == '^') {
        t.promotion = Promotion::Made;
        text.remove_suffix(1);
    }
    auto piece = [&](std::string_view s) {
        t.colour = colour_of_letter(s[0]);
        t.size   = s[1] >= '1' && s[1] <= '3' ? s[1] - '0' : 0;
        return t.colour >= 0 && t.size > 0;
    };
    if (text.size() == 5 && text[2] == '@') {  // g1@d4
        t.drop = true;
        t.to   = square_at(text.substr(3));
        t.ok   = piece(text) && t.to != NoSquare;
        return t;
    }
    if (text.size() == 7) {  // y1e3-e4
        if (!piece(text)) return t;
        text.remove_prefix(2);
    }
    if (text.size() != 5 || (text[2] != '-' && text[2] != 'x')) return t;
    t.from    = square_at(text);
    t.to      = square_at(text.substr(3));
    t.capture = text[2];
    t.ok      = t.from != NoSquare && t.to != NoSquare;
    return t;
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

ReplayResult replay(const GameRecord& record, const Position& start, const ReplayOptions& options) {
    ReplayResult out;
    if (record.lines.empty()) {
        Position p = start;
        History h;
        h.push(p.board_hash());
        out.start_mates = p.resolve_mates(h);
        out.positions.push_back(p);
        return out;
    }
    if (options.keep_moves) {
        out.line_moves.resize(record.lines.size());
        out.line_stops.resize(record.lines.size());
    }
    Replayer(record, options, out).run(start);
    return out;
}

}  // namespace floe::rules::glacial
