#include "formats/replay_page.hpp"

#include <fmt/format.h>

#include <string_view>
#include <vector>

#include "formats/diagram_model.hpp"
#include "formats/diagram_svg.hpp"
#include "formats/glacial_diagram.hpp"
#include "formats/glacial_position.hpp"
#include "formats/san.hpp"
#include "formats/xml_escape.hpp"

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
    std::string label;                  ///< "20… Rxd6", "57. Y: y3i6xh5+"; empty for ply 0
    std::string event;                  ///< the events this ply triggered (Ice Age, mates)
    std::string kind;                   ///< the event's class: "ice-age" or "mate"
    std::string banner;                 ///< the banner over the board when there is an event
    std::vector<std::string> comments;  ///< the record's comments after this ply's move
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

// The chess plies: SAN labels, Ice Age events.
std::vector<PagePly> chess_plies(const ReplayedGame& game) {
    const auto& positions = game.replay.positions;
    const auto& plies     = game.replay.plies;
    std::vector<PagePly> out(std::min(positions.size(), plies.size() + 1));
    for (std::size_t k = 0; k < out.size(); ++k) {
        std::optional<ChessLastPly> last;
        if (k > 0) {
            const chess::Position& before = positions[k - 1];
            last                          = chess_last_ply(before, plies[k - 1].move);
            const bool white              = before.side_to_move() == chess::Color::White;
            out[k].label = fmt::format("{}{} {}", before.fullmove_number(), white ? "." : "…",
                                       make_san(before, plies[k - 1].move));
            out[k].event = make_ice_age_event(last->ice_age);
            out[k].kind  = "ice-age";
            if (!out[k].event.empty())
                out[k].banner = fmt::format("❄ Ice Age after {}: {}", out[k].label, out[k].event);
        }
        set_board(out[k], make_chess_diagram(positions[k], last));
    }
    return out;
}

std::string mate_texts(const glacial::MateEvents& mates) {
    std::string out;
    for (int i = 0; i < mates.count; ++i) {
        if (i) out += ' ';
        out += glacial::mate_event_text(mates.events[i]);
    }
    return out;
}

// The Glacial Shift plies: canonical labels with ply number and seat, mates as events.
std::vector<PagePly> glacial_plies(const GlacialGame& game) {
    const auto& positions = game.replay.positions;
    const auto& plies     = game.replay.plies;
    std::vector<PagePly> out(std::min(positions.size(), plies.size() + 1));
    for (std::size_t k = 0; k < out.size(); ++k) {
        std::optional<glacial::Move> last;
        out[k].kind = "mate";
        if (k > 0) {
            const glacial::Position& before = positions[k - 1];
            last                            = plies[k - 1].move;
            out[k].label =
                fmt::format("{}. {}: {}", before.ply_number(), glacial::seat_letter(before.turn()),
                            make_glacial_move(before, *last));
            out[k].event = mate_texts(plies[k - 1].mates);
            if (!out[k].event.empty())
                out[k].banner = fmt::format("After {}: {}", out[k].label, out[k].event);
        } else {
            out[k].event = mate_texts(game.replay.start_mates);  // mates due at the start
            if (!out[k].event.empty()) out[k].banner = "At the start: " + out[k].event;
        }
        set_board(out[k], make_glacial_diagram(positions[k], last));
    }
    return out;
}

std::vector<PagePly> page_plies(const rules::GameRecord& record, const ReplayedGame& game) {
    std::vector<PagePly> out = game.glacial ? glacial_plies(*game.glacial) : chess_plies(game);
    // The main line's comments, each after the ply of the move before it (ply 0 = before the
    // first move). Events are not copied: the page writes the ones the rules computed.
    std::size_t ply = 0;
    static const std::vector<rules::Element> none;
    for (const rules::Element& e : record.lines.empty() ? none : record.lines[0].elements) {
        if (e.kind == rules::ElementKind::Move) {
            ++ply;
        } else if ((e.kind == rules::ElementKind::Comment ||
                    e.kind == rules::ElementKind::LineComment) &&
                   ply < out.size()) {
            std::string_view text = e.text;
            while (!text.empty() && (text.front() == ' ' || text.front() == '\n'))
                text.remove_prefix(1);
            while (!text.empty() &&
                   (text.back() == ' ' || text.back() == '\n' || text.back() == '\r'))
                text.remove_suffix(1);
            if (!text.empty()) out[ply].comments.push_back(rules::to_utf8(text, record.encoding));
        }
    }
    return out;
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

}  // namespace

std::string make_replay_page(const rules::GameRecord& record, const ReplayedGame& game) {
    const std::vector<PagePly> plies = page_plies(record, game);
    auto tag                         = [&](std::string_view name) -> std::string {
        const std::string* v = record.tag(name);
        return v && *v != "?" && !v->empty() ? rules::to_utf8(*v, record.encoding) : std::string();
    };
    // The players' tags: White and Black, or the four seats of Glacial Shift (notation.md §5).
    std::vector<std::string> players;
    bool named = false;
    for (const char* name : game.glacial
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

    std::string out;
    out.reserve(64 * 1024 + plies.size() * 12 * 1024);
    out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += "<meta name=\"generator\" content=\"floe\">\n";
    fmt::format_to(std::back_inserter(out), "<title>{} — floe replay</title>\n<style>{}</style>\n",
                   xml_escape(title), Style);
    out += "</head>\n<body>\n";
    // The shapes every board refers to, once for the page.
    if (!plies.empty()) {
        out += R"(<svg width="0" height="0" style="position:absolute" aria-hidden="true">)";
        out +=
            render_svg_defs(game.glacial ? make_glacial_diagram(game.glacial->replay.positions[0])
                                         : make_chess_diagram(game.replay.positions[0]));
        out += "</svg>\n";
    }
    fmt::format_to(std::back_inserter(out), "<h1>{}</h1>\n", xml_escape(title));
    if (!facts.empty()) {
        out += "<p class=\"tags\">";
        for (std::size_t i = 0; i < facts.size(); ++i) {
            if (i) out += " · ";
            out += xml_escape(facts[i]);
        }
        out += "</p>\n";
    }
    out += "<main>\n<section id=\"view\">\n";
    if (plies.empty()) {
        out += "<p class=\"error\">The game could not be set up.</p>\n";
    } else {
        fmt::format_to(std::back_inserter(out),
                       "<div id=\"board\" data-ply=\"0\" data-fen=\"{}\">{}</div>\n",
                       xml_escape(plies[0].fen), plies[0].svg);
    }
    out += "<div id=\"event-banner\" hidden></div>\n";
    fmt::format_to(std::back_inserter(out), "<div id=\"status\">Start — {}</div>\n",
                   plies.empty() ? "" : xml_escape(plies[0].status));
    fmt::format_to(std::back_inserter(out),
                   "<nav><button id=\"first\" title=\"Start (Home)\">«</button> "
                   "<button id=\"prev\" title=\"Back (←)\">‹</button> "
                   "<span id=\"counter\">0 / {}</span> "
                   "<button id=\"next\" title=\"Forward (→)\">›</button> "
                   "<button id=\"last\" title=\"End (End)\">»</button></nav>\n",
                   plies.empty() ? 0 : plies.size() - 1);
    out += "</section>\n<section id=\"moves\">\n";
    if (!plies.empty() && !plies[0].event.empty())
        fmt::format_to(std::back_inserter(out), "<p class=\"event {}-event\">{}</p>\n",
                       plies[0].kind, xml_escape(plies[0].event));
    if (!plies.empty())
        for (const std::string& c : plies[0].comments)
            fmt::format_to(std::back_inserter(out), "<p class=\"comment\">{}</p>\n", xml_escape(c));
    out += "<p>";
    for (std::size_t k = 1; k < plies.size(); ++k) {
        const PagePly& p            = plies[k];
        const bool event            = !p.event.empty();
        const std::string_view mark = p.kind == "mate" ? "⚑ " : "❄ ";
        fmt::format_to(std::back_inserter(out), "<a href=\"#ply={0}\" data-ply=\"{0}\"{1}>{2}</a>",
                       k, event ? " class=\"" + p.kind + "\"" : "",
                       xml_escape(event ? std::string(mark) + p.label : p.label));
        if (event)
            fmt::format_to(std::back_inserter(out), "<span class=\"event {}-event\">{}</span>",
                           p.kind, xml_escape(p.event));
        for (const std::string& c : p.comments)
            fmt::format_to(std::back_inserter(out), "<span class=\"comment\">{}</span>",
                           xml_escape(c));
        out += '\n';
    }
    out += "</p>\n";
    if (game.glacial ? game.glacial->replay.main_line_failed : game.replay.main_line_failed) {
        for (const rules::Diagnostic& d : game.diagnostics) {
            if (d.severity != rules::Severity::Error) continue;
            fmt::format_to(std::back_inserter(out),
                           "<p class=\"error\">The main line stops here: {}</p>\n",
                           xml_escape(rules::to_utf8(d.message, record.encoding)));
            break;
        }
    }
    if (std::string result = tag("Result"); !result.empty())
        fmt::format_to(std::back_inserter(out), "<p><strong>{}</strong></p>\n", xml_escape(result));
    out += "</section>\n</main>\n";
    out += "<script type=\"application/json\" id=\"floe-plies\">[";
    for (std::size_t k = 0; k < plies.size(); ++k) {
        const PagePly& p = plies[k];
        if (k) out += ",\n";
        fmt::format_to(std::back_inserter(out),
                       "{{\"fen\":{},\"label\":{},\"status\":{},\"kind\":{},\"event\":{},"
                       "\"banner\":{},\"svg\":{}}}",
                       json_string(p.fen), json_string(p.label), json_string(p.status),
                       json_string(p.kind), json_string(p.event), json_string(p.banner),
                       json_string(p.svg));
    }
    out += "]</script>\n<script>";
    out += Script;
    out += "</script>\n</body>\n</html>\n";
    return out;
}

}  // namespace floe::formats
