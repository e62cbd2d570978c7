#include "formats/replay_page.hpp"

#include <fmt/format.h>

#include <string_view>
#include <vector>

#include "formats/diagram_model.hpp"
#include "formats/diagram_svg.hpp"
#include "formats/san.hpp"
#include "formats/xml_escape.hpp"

namespace floe::formats {

namespace {

namespace chess = rules::chess;

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
    std::string label;                  ///< "20… Rxd6", empty for ply 0
    std::string ice_age;                ///< the event text when this ply triggered an Ice Age
    std::vector<std::string> comments;  ///< the record's comments after this ply's move
};

std::vector<PagePly> page_plies(const rules::GameRecord& record, const ReplayedGame& game) {
    const auto& positions = game.replay.positions;
    const auto& plies     = game.replay.plies;
    std::vector<PagePly> out(std::min(positions.size(), plies.size() + 1));
    for (std::size_t k = 0; k < out.size(); ++k) {
        std::optional<ChessLastPly> last;
        if (k > 0) {
            const chess::Position& before = positions[k - 1];
            last                          = chess_last_ply(before, plies[k - 1].move);
            const bool white              = before.side_to_move() == chess::Color::White;
            out[k].label   = fmt::format("{}{} {}", before.fullmove_number(), white ? "." : "…",
                                         make_san(before, plies[k - 1].move));
            out[k].ice_age = make_ice_age_event(last->ice_age);
        }
        const Diagram diagram = make_chess_diagram(positions[k], last);
        SvgOptions svg;
        svg.size       = BoardSize;
        svg.embed_defs = false;
        out[k].svg     = render_svg(diagram, svg);
        out[k].fen     = diagram.position;
        out[k].status  = diagram.status;
    }
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
            if (!text.empty()) out[ply].comments.emplace_back(text);
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
#ice-banner{background:#d9f1fb;border:2px solid #1c3f8c;border-radius:4px;padding:.3em .6em;margin:.3em 0}
#ice-banner[hidden]{display:none}
nav button{font-size:1.1em;min-width:2.6em;padding:.2em .4em}
#counter{display:inline-block;min-width:5em;text-align:center}
#moves{flex:1 1 20em;max-width:40em;line-height:1.9}
#moves a{white-space:nowrap;color:#222;text-decoration:none;padding:.1em .3em;border-radius:3px}
#moves a:hover{background:#eee}
#moves a.current{background:#f2e58a;outline:1px solid #d1b64e}
#moves a.ice-age{border:2px solid #1c3f8c;background:#d9f1fb}
#moves a.ice-age.current{background:#f2e58a}
.event{color:#1c3f8c;font-weight:600;margin:0 .3em}
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
  var banner = document.getElementById("ice-banner");
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
    if (p.ice) {
      banner.textContent = "\u2744 Ice Age after " + p.label + ": " + p.ice;
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
        return v && *v != "?" && !v->empty() ? *v : std::string();
    };
    std::string white = tag("White"), black = tag("Black");
    std::string title =
        white.empty() && black.empty()
            ? fmt::format("Game {}", record.number)
            : fmt::format("{} vs {}", white.empty() ? "?" : white, black.empty() ? "?" : black);
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
        out += render_svg_defs(make_chess_diagram(game.replay.positions[0]));
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
    out += "<div id=\"ice-banner\" hidden></div>\n";
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
    if (!plies.empty())
        for (const std::string& c : plies[0].comments)
            fmt::format_to(std::back_inserter(out), "<p class=\"comment\">{}</p>\n", xml_escape(c));
    out += "<p>";
    for (std::size_t k = 1; k < plies.size(); ++k) {
        const PagePly& p = plies[k];
        fmt::format_to(std::back_inserter(out), "<a href=\"#ply={0}\" data-ply=\"{0}\"{1}>{2}</a>",
                       k, p.ice_age.empty() ? "" : " class=\"ice-age\"",
                       xml_escape(p.ice_age.empty() ? p.label : "❄ " + p.label));
        if (!p.ice_age.empty())
            fmt::format_to(std::back_inserter(out), "<span class=\"event\">{}</span>",
                           xml_escape(p.ice_age));
        for (const std::string& c : p.comments)
            fmt::format_to(std::back_inserter(out), "<span class=\"comment\">{}</span>",
                           xml_escape(c));
        out += '\n';
    }
    out += "</p>\n";
    if (game.replay.main_line_failed) {
        for (const rules::Diagnostic& d : game.diagnostics) {
            if (d.severity != rules::Severity::Error) continue;
            fmt::format_to(std::back_inserter(out),
                           "<p class=\"error\">The main line stops here: {}</p>\n",
                           xml_escape(d.message));
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
                       "{{\"fen\":{},\"label\":{},\"status\":{},\"ice\":{},\"svg\":{}}}",
                       json_string(p.fen), json_string(p.label), json_string(p.status),
                       json_string(p.ice_age), json_string(p.svg));
    }
    out += "]</script>\n<script>";
    out += Script;
    out += "</script>\n</body>\n</html>\n";
    return out;
}

}  // namespace floe::formats
