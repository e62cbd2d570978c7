#include "formats/replay_page.hpp"

#include <fmt/format.h>

#include <ostream>
#include <string_view>
#include <type_traits>
#include <vector>

#include "formats/diagram_chess.hpp"
#include "formats/diagram_glacial.hpp"
#include "formats/diagram_svg.hpp"
#include "formats/glacial_position.hpp"
#include "formats/san.hpp"
#include "formats/xml_escape.hpp"
#include "parser/tags.hpp"

namespace floe::formats {

namespace {

namespace chess   = rules::chess;
namespace glacial = rules::glacial;

constexpr int BoardSize = 480;

// A JSON string literal that is safe inside <script>: `<` is written \u003c, so no `</script>`
// or `<!--` can appear in it.
std::string json_string(std::string_view text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '<':
                out += "\\u003c";
                break;
            default:
                if (c < 0x20)
                    out += fmt::format("\\u{:04x}", c);
                else
                    out += static_cast<char>(c);
        }
    }
    out += '"';
    return out;
}

// One ply of the page: ply 0 is the start position.
struct PagePly {
    std::string fen;
    std::string svg;
    std::string status;
    std::string label;   ///< "20… Rxd6", "57. Y: y3i6xh5+"; empty for ply 0
    std::string event;   ///< the events this ply triggered (Ice Age, mates)
    std::string kind;    ///< the event's class: "ice-age" or "mate"
    std::string banner;  ///< the banner over the board when there is an event
};

std::string board_svg(const Diagram& diagram) {
    SvgOptions svg;
    svg.size       = BoardSize;
    svg.embed_defs = false;
    return render_svg(diagram, svg);
}

void set_board(PagePly& ply, const Diagram& diagram) {
    ply.svg    = board_svg(diagram);
    ply.fen    = diagram.position;
    ply.status = diagram.status;
}

std::string mate_texts(const glacial::MateEvents& mates) {
    std::string out;
    for (int i = 0; i < mates.count; ++i) {
        if (i) out += ' ';
        out += glacial::mate_event_text(mates.events[i]);
    }
    return out;
}

// The start (ply 0) of either game: its board, and the mates due there (Glacial Shift).
template <class G>
PagePly start_ply(const typename G::Position& start, const typename G::Events& events, bool board) {
    PagePly ply;
    if constexpr (std::is_same_v<G, chess::Game>) {
        if (board) set_board(ply, make_chess_diagram(start));
    } else {
        ply.kind  = "mate";
        ply.event = mate_texts(events);  // mates due at the start
        if (!ply.event.empty()) ply.banner = "At the start: " + ply.event;
        if (board) set_board(ply, make_glacial_diagram(start));
    }
    return ply;
}

// A main-line ply: its label (SAN; in Glacial Shift the canonical ply with number and seat), its
// events as the rules computed them, and its board when `board`.
template <class G>
PagePly move_ply(const typename G::Position& before, const typename G::Move& move,
                 const typename G::Position& after, const typename G::Events& events, bool board) {
    PagePly ply;
    if constexpr (std::is_same_v<G, chess::Game>) {
        const ChessLastPly last{move, events};
        const bool white = before.side_to_move() == chess::Color::White;
        ply.label        = fmt::format("{}{} {}", before.fullmove_number(), white ? "." : "…",
                                       make_san(before, move));
        ply.event        = make_ice_age_event(events);
        ply.kind         = "ice-age";
        if (!ply.event.empty())
            ply.banner = fmt::format("❄ Ice Age after {}: {}", ply.label, ply.event);
        if (board) set_board(ply, make_chess_diagram(after, last));
    } else {
        ply.label =
            fmt::format("{}. {}: {}", before.ply_number(), glacial::seat_letter(before.turn()),
                        make_glacial_move(before, move));
        ply.event = mate_texts(events);
        ply.kind  = "mate";
        if (!ply.event.empty()) ply.banner = fmt::format("After {}: {}", ply.label, ply.event);
        if (board) set_board(ply, make_glacial_diagram(after, move));
    }
    return ply;
}

// A record comment as the page shows it: without its blanks at both ends; empty for none.
std::string page_comment(std::string_view text, rules::Encoding encoding) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\n')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r'))
        text.remove_suffix(1);
    return rules::to_utf8(text, encoding);
}

const char* Style = R"css(
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:1.5em;color:#222;background:#fbfaf7}
h1{font-size:1.4em;margin:0 0 .2em}
.tags{color:#666;margin:0 0 1em}
main{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}
#view{flex:none}
#board{line-height:0}
#status{margin:.5em 0;min-height:1.3em}
#event-banner{background:#d9f1fb;border:2px solid #1c3f8c;border-radius:4px;padding:.3em .6em;margin:.3em 0}
#event-banner.mate{background:#fbe3e1;border-color:#8c1c1c}
#event-banner[hidden]{display:none}
nav button{font-size:1.1em;min-width:2.6em;padding:.2em .4em}
#counter{display:inline-block;min-width:5em;text-align:center}
#moves{flex:1 1 20em;max-width:40em;line-height:1.9}
#moves a{white-space:nowrap;color:#222;text-decoration:none;padding:.1em .3em;border-radius:3px}
#moves a:hover{background:#eee}
#moves a.current{background:#f2e58a;outline:1px solid #d1b64e}
#moves a.ice-age{border:2px solid #1c3f8c;background:#d9f1fb}
#moves a.ice-age.current{background:#f2e58a}
#moves a.mate{border:2px solid #8c1c1c;background:#fbe3e1}
#moves a.mate.current{background:#f2e58a}
.event{color:#1c3f8c;font-weight:600;margin:0 .3em}
.mate-event{color:#8c1c1c}
.comment{color:#555;font-style:italic;margin:0 .3em}
p.comment{margin:.2em 0 .6em}
.error{color:#a00;font-weight:600}
)css";

// The page's script: steps through the plies held in the #floe-plies JSON.
const char* Script = R"js(
(function () {
  "use strict";
  var plies = JSON.parse(document.getElementById("floe-plies").textContent);
  var board = document.getElementById("board");
  var status = document.getElementById("status");
  var banner = document.getElementById("event-banner");
  var counter = document.getElementById("counter");
  var links = document.querySelectorAll("#moves a[data-ply]");
  var current = 0;
  if (!plies.length) return;
  function show(k) {
    k = Math.max(0, Math.min(plies.length - 1, k));
    current = k;
    var p = plies[k];
    board.innerHTML = p.svg;
    board.setAttribute("data-fen", p.fen);
    board.setAttribute("data-ply", String(k));
    status.textContent = (p.label ? p.label + " \u2014 " : "Start \u2014 ") + p.status;
    if (p.banner) {
      banner.textContent = p.banner;
      banner.className = p.kind;
      banner.hidden = false;
    } else {
      banner.hidden = true;
    }
    counter.textContent = k + " / " + (plies.length - 1);
    for (var i = 0; i < links.length; i++) {
      links[i].classList.toggle("current", Number(links[i].getAttribute("data-ply")) === k);
    }
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var next = {ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: plies.length - 1}[e.key];
    if (next === undefined) return;
    e.preventDefault();
    show(next);
  });
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(plies.length - 1); });
  for (var i = 0; i < links.length; i++) {
    links[i].addEventListener("click", function (e) {
      e.preventDefault();
      show(Number(this.getAttribute("data-ply")));
    });
  }
  var m = /ply=(\d+)/.exec(location.hash);
  show(m ? Number(m[1]) : 0);
})();
)js";

// What a pass over the main line writes (the page is written in passes, each a replay, so that
// no ply's board is kept: a long game needs no more memory than a short one).
enum class Pass : std::uint8_t { Moves, Boards };

struct PageOutput {
    std::ostream& out;
    Pass pass;
};

// One pass over the main line: its plies in order (variations are not shown), each with its
// comments.
template <class G>
class PagePass : public rules::IgnoreGame<G> {
public:
    static constexpr bool annotations = true;
    PagePass(const rules::GameRecord& record, const GameSetup&, PageOutput& page)
        : record_(record), page_(page) {}

    void start(const typename G::Position& start, const typename G::Events& events) {
        const PagePly ply = start_ply<G>(start, events, page_.pass == Pass::Boards);
        if (page_.pass == Pass::Boards) {
            board(ply);
            return;
        }
        if (!ply.event.empty())
            page_.out << fmt::format("<p class=\"event {}-event\">{}</p>\n", ply.kind,
                                     xml_escape(ply.event));
    }
    void move(const typename G::Position& before, const typename G::Move& move,
              const typename G::Position& after, const typename G::Events& events) {
        if (depth_ > 0) return;
        ++ply_;
        const PagePly ply = move_ply<G>(before, move, after, events, page_.pass == Pass::Boards);
        if (page_.pass == Pass::Boards) {
            page_.out << ",\n";
            board(ply);
            return;
        }
        if (ply_ == 1) page_.out << "<p>";  // after the start's comments
        end_line();
        const bool event            = !ply.event.empty();
        const std::string_view mark = ply.kind == "mate" ? "⚑ " : "❄ ";
        page_.out << fmt::format("<a href=\"#ply={0}\" data-ply=\"{0}\"{1}>{2}</a>", ply_,
                                 event ? " class=\"" + ply.kind + "\"" : "",
                                 xml_escape(event ? std::string(mark) + ply.label : ply.label));
        if (event)
            page_.out << fmt::format("<span class=\"event {}-event\">{}</span>", ply.kind,
                                     xml_escape(ply.event));
        open_line_ = true;
    }
    void comment(std::string_view text, bool) {
        if (depth_ > 0 || page_.pass != Pass::Moves) return;
        const std::string shown = page_comment(text, record_.encoding);
        if (shown.empty()) return;
        if (ply_ == 0)
            page_.out << "<p class=\"comment\">" << xml_escape(shown) << "</p>\n";
        else
            page_.out << "<span class=\"comment\">" << xml_escape(shown) << "</span>";
    }
    // An unterminated comment stops the main line, and is read to the end of the game: the page
    // shows it as a comment, before the error that it caused.
    void unplayed(std::string_view rest, std::optional<rules::DiagCode> code) {
        if (code == rules::DiagCode::UnterminatedComment && !rest.empty() && rest[0] == '{')
            comment(rest.substr(1), false);
    }
    void variation_begin(const typename G::Position&) { ++depth_; }
    void variation_end() { --depth_; }
    void end() {
        if (page_.pass != Pass::Moves) return;
        if (ply_ == 0) page_.out << "<p>";
        end_line();
        page_.out << "</p>\n";
    }

private:
    void end_line() {
        if (open_line_) page_.out << '\n';
        open_line_ = false;
    }
    void board(const PagePly& p) {
        page_.out << fmt::format(
            "{{\"fen\":{},\"label\":{},\"status\":{},\"kind\":{},\"event\":{},"
            "\"banner\":{},\"svg\":{}}}",
            json_string(p.fen), json_string(p.label), json_string(p.status), json_string(p.kind),
            json_string(p.event), json_string(p.banner), json_string(p.svg));
    }

    const rules::GameRecord& record_;
    PageOutput& page_;
    std::uint32_t ply_ = 0;
    int depth_         = 0;
    bool open_line_    = false;
};

// The first board's view: ply 0 of the game, for the markup before the script.
template <class G>
struct FirstBoard : rules::IgnoreGame<G> {
    FirstBoard(const rules::GameRecord&, const GameSetup&, PagePly& first, std::string& defs)
        : first_(first), defs_(defs) {}
    void start(const typename G::Position& start, const typename G::Events& events) {
        first_ = start_ply<G>(start, events, true);
        if constexpr (std::is_same_v<G, chess::Game>)
            defs_ = render_svg_defs(make_chess_diagram(start));
        else
            defs_ = render_svg_defs(make_glacial_diagram(start));
    }

private:
    PagePly& first_;
    std::string& defs_;
};

}  // namespace

ReplayedGame write_replay_page(std::ostream& out, const rules::GameRecord& record,
                               const GameOptions& options, rules::DiagnosticLog log,
                               HintWords words) {
    // The first replay: the diagnostics, the plies, and the start's board.
    PagePly first;
    std::string defs;
    const ReplayedGame game = replay_game<FirstBoard>(record, options, log, first, defs);
    if (!game.setup.playable()) return game;  // no page for a game that cannot be set up
    auto tag = [&](std::string_view name) -> std::string {
        const std::optional<std::string> v = parser::find_tag(record, name);
        return v && *v != "?" && !v->empty() ? rules::to_utf8(*v, record.encoding) : std::string();
    };
    // The players' tags: White and Black, or the four seats of Glacial Shift
    // (docs/rules/notation.md §5.10).
    std::vector<std::string> players;
    bool named = false;
    for (const char* name : game.setup.glacial
                                ? std::vector<const char*>{"Yellow", "Green", "Blue", "Red"}
                                : std::vector<const char*>{"White", "Black"}) {
        players.push_back(tag(name));
        named = named || !players.back().empty();
        if (players.back().empty()) players.back() = "?";
    }
    std::string title = fmt::format("Game {}", record.number);
    if (named) {
        title.clear();
        for (const std::string& p : players) title += (title.empty() ? "" : " vs ") + p;
    }
    std::vector<std::string> facts;
    for (const char* name : {"Event", "Site", "Date", "Round", "Variant", "Result"})
        if (std::string v = tag(name); !v.empty()) facts.push_back(std::move(v));

    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    out << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out << "<meta name=\"generator\" content=\"floe\">\n";
    out << fmt::format("<title>{} — floe replay</title>\n<style>{}</style>\n", xml_escape(title),
                       Style);
    out << "</head>\n<body>\n";
    // The shapes every board refers to, once for the page.
    out << R"(<svg width="0" height="0" style="position:absolute" aria-hidden="true">)" << defs
        << "</svg>\n";
    out << fmt::format("<h1>{}</h1>\n", xml_escape(title));
    if (!facts.empty()) {
        out << "<p class=\"tags\">";
        for (std::size_t i = 0; i < facts.size(); ++i) {
            if (i) out << " · ";
            out << xml_escape(facts[i]);
        }
        out << "</p>\n";
    }
    out << "<main>\n<section id=\"view\">\n";
    out << fmt::format("<div id=\"board\" data-ply=\"0\" data-fen=\"{}\">{}</div>\n",
                       xml_escape(first.fen), first.svg);
    out << "<div id=\"event-banner\" hidden></div>\n";
    out << fmt::format("<div id=\"status\">Start — {}</div>\n", xml_escape(first.status));
    out << fmt::format(
        "<nav><button id=\"first\" title=\"Start (Home)\">«</button> "
        "<button id=\"prev\" title=\"Back (←)\">‹</button> "
        "<span id=\"counter\">0 / {}</span> "
        "<button id=\"next\" title=\"Forward (→)\">›</button> "
        "<button id=\"last\" title=\"End (End)\">»</button></nav>\n",
        game.plies());
    out << "</section>\n<section id=\"moves\">\n";
    PageOutput page{out, Pass::Moves};
    replay_game<PagePass>(record, options, {}, page);
    if (game.main_line_failed()) {
        for (const rules::Diagnostic& d : game.diagnostics()) {
            if (d.severity != rules::Severity::Error) continue;
            out << fmt::format(
                "<p class=\"error\">The main line stops here: {}</p>\n",
                xml_escape(rules::to_utf8(shown_message(d, words), record.encoding)));
            break;
        }
    }
    if (std::string result = tag("Result"); !result.empty())
        out << fmt::format("<p><strong>{}</strong></p>\n", xml_escape(result));
    out << "</section>\n</main>\n";
    out << "<script type=\"application/json\" id=\"floe-plies\">[";
    page.pass = Pass::Boards;
    replay_game<PagePass>(record, options, {}, page);
    out << "]</script>\n<script>";
    out << Script;
    out << "</script>\n</body>\n</html>\n";
    return game;
}

}  // namespace floe::formats
