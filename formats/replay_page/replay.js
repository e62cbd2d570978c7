
(function () {
  "use strict";
  var G = JSON.parse(document.getElementById("floe-game").textContent);
  var nodes = G.nodes, glacial = G.game === "glacial", N = G.files;
  var SQ = 45, BORDER = SQ / 2, INK = "#4d4d4d";
  var SHAPES = {p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king"};
  var GLYPHS = "abcdefghiklmnorstuvwyBCGLRSY0123456789";
  var FAMILIES = ["Royal", "Left", "Center", "Right"];
  var MARK_COLOURS = {R: "#d33b34", G: "#15781b", B: "#1f5fbf", Y: "#e68f00"};
  var NAGS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 7: "\u25a1", 10: "=",
    13: "\u221e", 14: "\u2a72", 15: "\u2a71", 16: "\u00b1", 17: "\u2213", 18: "+\u2212",
    19: "\u2212+", 22: "\u2a00", 23: "\u2a00", 32: "\u27f3", 33: "\u27f3", 36: "\u2192",
    37: "\u2192", 40: "\u2191", 41: "\u2191", 132: "\u21c6", 133: "\u21c6", 138: "\u2295",
    139: "\u2295", 140: "\u2206", 146: "N"};
  var $ = function (id) { return document.getElementById(id); };
  var board = $("board");

  // Each node's position from its parent's: the tokens between `/` and ` ` that changed.
  function apply(position, diff) {
    var t = position.split(/([\/ ])/);
    for (var i = 0; i < diff.length; i += 2) t[2 * diff[i]] = diff[i + 1];
    return t.join("");
  }
  var hasClock = false, hasEval = false;
  nodes.forEach(function (n, i) {
    n.id = i;
    n.kids = [];
    n.texts = [];  // record text without a ply, kept by the parent for the move list
    n.parent = i === 0 ? -1 : ("u" in n ? n.u : i - 1);
    if (n.z) {
      // A variation without a ply (z 1: it stands before the parent's alternative numbered
      // `after`) or the rest of a line after its last move's variations (z 2).
      n.after = nodes[n.parent].kids.length;
      nodes[n.parent].texts.push(n);
      return;
    }
    if (i > 0) {
      var p = nodes[n.parent];
      // The main continuation goes first, ahead of variations written before it ("a").
      if (!n.a && p.kids.length && nodes[p.kids[0]].a) p.kids.unshift(i); else p.kids.push(i);
      n.depth = p.depth + 1;
      n.pos = n.f !== undefined ? n.f : apply(p.pos, n.d);
      var f = p.pos.split(" ");
      n.side = glacial ? "YGBR".indexOf(f[1]) : (f[1] === "w" ? 0 : 1);
      n.label = glacial ? f[5] + ". " + f[1] + ": " + n.s
                        : f[5] + (n.side === 0 ? ". " : "\u2026 ") + n.s;
    } else {
      n.depth = 0;
      n.pos = n.f;
    }
    n.comments = (n.b || []).concat(n.c || []);
    n.comments.forEach(function (c) {
      if (c.clk !== undefined) { n.clk = c.clk; hasClock = true; }
      if (c.eval !== undefined) { n.eval = c.eval; hasEval = true; }
    });
  });
  var mainLine = [0];
  while (nodes[mainLine[mainLine.length - 1]].kids.length)
    mainLine.push(nodes[mainLine[mainLine.length - 1]].kids[0]);
  var lastMain = mainLine[mainLine.length - 1];

  function num(v) { var s = String(Math.round(v * 100) / 100); return s === "-0" ? "0" : s; }
  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;");
  }
  function defaultStatus(position) {
    var s = position.split(" ")[1];
    var names = {w: "White", b: "Black", Y: "Yellow", G: "Green", B: "Blue", R: "Red"};
    return names[s] ? names[s] + " to move" : "";
  }

  // --- The board, drawn as formats/diagram_svg.cpp draws a Diagram ---------------------------
  function pieceId(p) {
    return "floe-" + p.shape + "-" + p.colour + (p.size ? "-" + p.size : "");
  }
  function usePiece(p, x, y, side, flip, extra) {
    var turn = "";
    if (p.direction >= 0) {
      var angle = (p.direction * 45 + (flip ? 180 : 0)) % 360;
      if (angle) turn = " rotate(" + angle + " 22.5 22.5)";
    }
    return '<use xlink:href="#' + pieceId(p) + '" transform="translate(' + num(x) + "," +
      num(y) + ") scale(" + num(side / 45) + ")" + turn + '"' + (extra || "") + "/>";
  }
  function text(s, x, top, height) {
    var scale = height / 6, out = "";
    for (var i = 0; i < s.length; i++) {
      if (GLYPHS.indexOf(s[i]) >= 0)
        out += '<use xlink:href="#floe-glyph-' + s[i] + '" transform="translate(' + num(x) +
          "," + num(top) + ") scale(" + num(scale) + ')"/>';
      x += 5 * scale;
    }
    return out;
  }
  function glyphsCentred(label, cx, cy, h) {
    var scale = h / 6;
    return text(label, cx - (5 * scale * label.length - scale) / 2, cy - h / 2, h);
  }
  function chessPiece(code) {
    var lower = code.toLowerCase();
    var c = code === lower ? 1 : 0;
    return {shape: SHAPES[lower], colour: c, owner: c, code: code, size: 0, direction: -1};
  }
  function pyramid(colour, size, owner, direction) {
    return {shape: "pyramid", colour: colour, owner: owner, size: size, direction: direction,
            code: "ygbr"[colour] + size};
  }
  // A board field's cells, rank by rank from the bottom: {code, pieces, ice, data}.
  function cells(field) {
    var rows = field.replace(/\[.*$/, "").split("/").reverse(), out = [];
    rows.forEach(function (row) {
      var items = glacial ? row.split(",") : row.replace(/~/g, "").split("");
      items.forEach(function (item) {
        if (/^\d+$/.test(item)) {
          for (var k = 0; k < Number(item); k++)
            out.push({code: "", pieces: [], data: glacial ? ["", "", ""] : null});
        } else if (!glacial) {
          out.push(item === "*" ? {code: "*", pieces: [], ice: true}
                                : {code: item, pieces: [chessPiece(item)]});
        } else {
          var owner = "YGBRX".indexOf(item[0]), colour = "ygbr".indexOf(item[1]);
          var sizes = item.slice(2).replace("'", ""), spent = item.indexOf("'") >= 0;
          var pieces = [];
          if (item[0] === "X") {
            var block = pyramid(colour, Number(sizes[sizes.length - 1]), -1, -1);
            block.shape = "block";
            pieces.push(block);
          } else {
            for (var s = 3; s >= 1; s--) {
              if (sizes.indexOf(String(s)) < 0) continue;
              var p = pyramid(colour, s, owner, 2 * owner);
              p.spent = spent;
              pieces.push(p);
            }
          }
          out.push({code: item, pieces: pieces, data: [item[0], item[1], sizes]});
        }
      });
    });
    return out;
  }
  function marks(text) {
    var out = {};
    (text || "").split(" ").forEach(function (m) {
      if (!m) return;
      var parts = m.split(":");
      out[parts[0]] = {bits: Number(parts[1]), frozen: parts[2]};
    });
    return out;
  }
  function markNames(bits) {
    return ["last-from", "last-to", "check", "frozen", "new-ice"].filter(function (_, i) {
      return bits & (1 << i);
    }).join(" ");
  }
  function squareName(file, rank) { return "abcdefghi"[file] + (rank + 1); }
  // Panels: Crazyhouse pockets (below the board), or Glacial Shift's hands and stash (right).
  function panels(fields) {
    var out = [];
    if (glacial) {
      fields[2].split("/").forEach(function (hand, seat) {
        var pieces = [];
        for (var i = 0; hand !== "-" && i < hand.length; i += 2)
          pieces.push(pyramid("ygbr".indexOf(hand[i]), Number(hand[i + 1]), seat, 2 * seat));
        out.push({name: G.sides[seat], label: G.sides[seat] + " in hand", pieces: pieces});
      });
      var stash = [];
      fields[3].split("/").forEach(function (counts, colour) {
        for (var size = 1; size <= 3; size++)
          for (var k = 0; k < Number(counts[size - 1]); k++)
            stash.push(pyramid(colour, size, -1, 0));
      });
      out.push({name: "Stash", label: "Stash", pieces: stash});
      return out;
    }
    var pocket = /\[(.*)\]/.exec(fields[0]);
    if (!pocket) return out;
    [0, 1].forEach(function (side) {
      var pieces = [];
      "QRBNP".split("").forEach(function (letter) {
        var code = side === 0 ? letter : letter.toLowerCase();
        for (var i = 0; i < pocket[1].length; i++)
          if (pocket[1][i] === code) pieces.push(chessPiece(code));
      });
      out.push({name: G.sides[side], label: G.sides[side] + " in hand", pieces: pieces});
    });
    return out;
  }
  // The column right of a Glacial Shift board: hands, stash, then the legend of the seat to
  // move (or the winner once the game is over). Returns [svg, height].
  function column(list, fields, status, x, y, flip) {
    var top = y, icon = SQ * 0.5, glyph = SQ * 0.28, labelTop = (0.45 - 0.28) / 2 * SQ;
    var out = "";
    list.forEach(function (panel) {
      out += '<g data-panel="' + esc(panel.name) + '"><g data-label="' + esc(panel.name) + '">' +
        text(panel.label, x, y + labelTop, glyph) + "</g>";
      y += 0.45 * SQ;
      var grow = icon * 0.12;
      panel.pieces.forEach(function (p, i) {
        out += usePiece(p, x + (i % 9) * icon - grow / 2, y + Math.floor(i / 9) * icon - grow / 2,
                        icon + grow, flip, ' data-piece="' + p.code + '"');
      });
      out += "</g>";
      y += Math.max(1, Math.ceil(panel.pieces.length / 9)) * icon + 0.15 * SQ;
    });
    var seat = "YGBR".indexOf(fields[1]);
    if (seat >= 0) {
      out += '<g data-legend="families">' + text(G.sides[seat] + " to move", x, y + labelTop, glyph);
      y += 0.45 * SQ;
      for (var k = 0; k < 4; k++) {
        out += usePiece(pyramid((seat + k) % 4, 3, seat, 2 * seat), x, y, icon, flip) +
          text(FAMILIES[k], x + icon * 1.3, y + (icon - glyph) / 2, glyph);
        y += icon;
      }
      out += "</g>";
    } else {
      // The game is over: the winner where the legend stood (the result is in the status).
      var winner = /^(\w+) wins/.exec(status);
      out += '<g data-result="' + esc(status) + '">' +
        text(winner ? winner[1] + " wins" : "Game over", x, y + labelTop, glyph * 1.6) + "</g>";
      y += 0.8 * SQ;
    }
    return [out, y - top];
  }
  // The same below a Glacial Shift board, when the screen is narrow (stacked()): a row per hand
  // and the stash, its seat's name before its pieces, then the legend in two columns. Drawn
  // larger than the column on the right: the picture is only as wide as the board there, and a
  // phone shows it about 340 px wide, where these labels must still be read (12 px at least).
  // Returns [svg, height].
  function below(list, fields, status, y, flip) {
    var top = y, icon = SQ * 0.6, glyph = SQ * 0.46, x = BORDER, pieceX = BORDER + 2.5 * SQ;
    var perRow = Math.floor((SQ * N + BORDER - pieceX) / icon), out = "";
    list.forEach(function (panel) {
      out += '<g data-panel="' + esc(panel.name) + '"><g data-label="' + esc(panel.name) + '">' +
        text(panel.name, x, y + (icon - glyph) / 2, glyph) + "</g>";
      panel.pieces.forEach(function (p, i) {
        out += usePiece(p, pieceX + (i % perRow) * icon, y + Math.floor(i / perRow) * icon, icon,
                        flip, ' data-piece="' + p.code + '"');
      });
      out += "</g>";
      y += Math.max(1, Math.ceil(panel.pieces.length / perRow)) * icon + 0.15 * SQ;
    });
    var seat = "YGBR".indexOf(fields[1]);
    if (seat >= 0) {
      out += '<g data-legend="families"><g data-label="legend">' +
        text(G.sides[seat] + " to move", x, y + 0.1 * SQ, glyph) + "</g>";
      y += glyph + 0.3 * SQ;
      for (var k = 0; k < 4; k++) {
        var lx = x + (k % 2) * (N * SQ / 2), ly = y + Math.floor(k / 2) * icon * 1.1;
        out += usePiece(pyramid((seat + k) % 4, 3, seat, 2 * seat), lx, ly, icon, flip) +
          text(FAMILIES[k], lx + icon * 1.2, ly + (icon - glyph) / 2, glyph);
      }
      y += 2 * icon * 1.1;
      out += "</g>";
    } else {
      var winner = /^(\w+) wins/.exec(status);
      out += '<g data-result="' + esc(status) + '">' +
        text(winner ? winner[1] + " wins" : "Game over", x, y + 0.1 * SQ, glyph * 1.6) + "</g>";
      y += glyph * 1.6 + 0.3 * SQ;
    }
    return [out, y - top];
  }
  // Whether a Glacial Shift board's hands and stash go below it rather than on its right: on a
  // screen narrower than the page's two columns (replay.css, 900 px), where the board alone
  // fills the width.
  function stacked() {
    return glacial && typeof window.matchMedia === "function" &&
      window.matchMedia("(max-width: 899px)").matches;
  }
  function layout(list, fields, status, under) {
    var w = SQ * N + 2 * BORDER, h = w;
    if (under) {
      h += below(list, fields, status, 0, false)[1] + 0.2 * SQ;
    } else if (glacial) {
      var colTop = Math.max(BORDER, 0.3 * SQ);
      w += (0.6 + 4.5) * SQ;
      h = Math.max(h, colTop + column(list, fields, status, 0, 0, false)[1] + 0.3 * SQ);
    } else {
      h += list.length * SQ * 0.8;
    }
    return {w: w, h: h};
  }
  // The tallest picture of the game (Glacial Shift's column grows with the hands): every board
  // is drawn that tall, so that the page does not jump from ply to ply.
  var tallestHeight = {};
  function tallest(under) {
    if (tallestHeight[under] === undefined) {
      var most = 0;
      nodes.forEach(function (n) {
        if (n.z) return;
        var f = n.pos.split(" ");
        most = Math.max(most, layout(panels(f), f, n.t || defaultStatus(n.pos), under).h);
      });
      tallestHeight[under] = most;
    }
    return tallestHeight[under];
  }
  function at(square, flip) {
    var file = square.charCodeAt(0) - 97, rank = Number(square.slice(1)) - 1;
    var col = flip ? N - 1 - file : file, row = flip ? rank : N - 1 - rank;
    return {x: BORDER + col * SQ, y: BORDER + row * SQ};
  }
  // The [%csl] squares and [%cal] arrows of the node's comments, over the board; they let
  // clicks through.
  function annotations(node, flip) {
    var out = "";
    node.comments.forEach(function (c) {
      (c.csl || []).forEach(function (s) {
        var p = at(s[1], flip);
        out += '<rect data-csl="' + s[0] + s[1] + '" x="' + num(p.x + 2) + '" y="' + num(p.y + 2) +
          '" width="41" height="41" rx="3" fill="' + MARK_COLOURS[s[0]] +
          '" fill-opacity="0.35" stroke="' + MARK_COLOURS[s[0]] + '" stroke-width="3"/>';
      });
      (c.cal || []).forEach(function (a) {
        var f = at(a[1], flip), t = at(a[2], flip);
        var x1 = f.x + SQ / 2, y1 = f.y + SQ / 2, x2 = t.x + SQ / 2, y2 = t.y + SQ / 2;
        var len = Math.hypot(x2 - x1, y2 - y1) || 1, ux = (x2 - x1) / len, uy = (y2 - y1) / len;
        var head = 14, bx = x2 - ux * head, by = y2 - uy * head;
        var colour = MARK_COLOURS[a[0]];
        out += '<g data-cal="' + a[0] + a[1] + a[2] + '" opacity="0.8">' +
          '<line x1="' + num(x1) + '" y1="' + num(y1) + '" x2="' + num(bx) + '" y2="' + num(by) +
          '" stroke="' + colour + '" stroke-width="7" stroke-linecap="round"/>' +
          '<polygon points="' + num(x2) + "," + num(y2) + " " + num(bx - uy * 10) + "," +
          num(by + ux * 10) + " " + num(bx + uy * 10) + "," + num(by - ux * 10) + '" fill="' +
          colour + '"/></g>';
      });
    });
    return out ? '<g id="annotations" pointer-events="none">' + out + "</g>" : "";
  }
  var drawnStacked = false;
  function drawBoard(node, flip) {
    var fields = node.pos.split(" "), list = panels(fields);
    var status = node.t || defaultStatus(node.pos), under = drawnStacked = stacked();
    var size = layout(list, fields, status, under), grid = cells(fields[0]), m = marks(node.m);
    size.h = Math.max(size.h, tallest(under));
    var out = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"' +
      ' viewBox="0 0 ' + num(size.w) + " " + num(size.h) + '" data-position="' + esc(node.pos) +
      '"><rect class="panel" width="' + num(size.w) + '" height="' + num(size.h) +
      '" fill="#f7f3ea"/>';
    for (var row = 0; row < N; row++) {
      var rank = flip ? row : N - 1 - row;
      for (var col = 0; col < N; col++) {
        var file = flip ? N - 1 - col : col, cell = grid[rank * N + file] || {code: "", pieces: []};
        var name = squareName(file, rank), mark = m[name] || {bits: 0};
        var zone = glacial ? G.zones[rank * N + file] : "-", seat = "YGBR".indexOf(zone);
        out += '<g data-square="' + name + '" data-piece="' + esc(cell.code) + '"';
        if (glacial)
          out += ' data-owner="' + cell.data[0] + '" data-colour="' + cell.data[1] +
            '" data-nest="' + cell.data[2] + '" data-quadrant="' + (seat >= 0 ? zone : "") + '"';
        if (mark.bits) out += ' data-marks="' + markNames(mark.bits) + '"';
        out += ' transform="translate(' + num(BORDER + col * SQ) + "," + num(BORDER + row * SQ) + ')">';
        var last = mark.bits & 3, light = (file + rank) % 2 === 1;
        var fill = light ? "#f0d9b5" : "#b58863";
        if (glacial) fill = seat >= 0 ? G.tints[seat] : "#f0d9b5";
        else if (last) fill = light ? "#f2e58a" : "#d1b64e";
        out += '<rect width="45" height="45" fill="' + fill + '"' +
          (glacial && seat >= 0 ? ' stroke="#000000" stroke-opacity="0.18" stroke-width="1"' : "") +
          "/>";
        if (mark.bits & 4) out += '<rect width="45" height="45" fill="url(#floe-check-glow)"/>';
        if (cell.ice) {
          out += '<use xlink:href="#floe-ice" transform="scale(1)"/>';
          if (mark.frozen) out += usePiece(chessPiece(mark.frozen), 0, 0, SQ, flip, ' opacity="0.4"');
        }
        if (last && glacial)
          out += '<rect x="1.58" y="1.58" width="41.85" height="41.85" fill="none" stroke="#e0781a" stroke-width="3.15"/>';
        if (mark.bits & 8)
          out += '<rect x="1.8" y="1.8" width="41.4" height="41.4" fill="none" stroke="#1c3f8c" stroke-width="3.6"/>';
        else if (mark.bits & 16)
          out += '<rect x="0.9" y="0.9" width="43.2" height="43.2" fill="none" stroke="#1f9e96" stroke-width="1.8"/>' +
            '<use xlink:href="#floe-sparkle" transform="scale(1)"/>';
        cell.pieces.forEach(function (p) { out += usePiece(p, 0, 0, SQ, flip); });
        if (cell.pieces.length && cell.pieces[0].spent)
          out += '<circle cx="38.7" cy="6.3" r="2.7" fill="' + INK + '" data-spent="1"/>';
        out += "</g>";
      }
    }
    var h = BORDER * 0.5;
    for (var r = 0; r < N; r++)
      out += glyphsCentred(String(flip ? r + 1 : N - r), BORDER / 2, BORDER + (r + 0.5) * SQ, h);
    for (var c = 0; c < N; c++)
      out += glyphsCentred("abcdefghi"[flip ? N - 1 - c : c], BORDER + (c + 0.5) * SQ,
                           BORDER + N * SQ + BORDER / 2, h);
    if (under) {
      out += below(list, fields, status, 2 * BORDER + N * SQ + 0.2 * SQ, flip)[0];
    } else if (glacial) {
      out += column(list, fields, status, 2 * BORDER + N * SQ + 0.3 * SQ,
                    Math.max(BORDER, 0.3 * SQ), flip)[0];
    } else {
      var y = 2 * BORDER + N * SQ;
      list.forEach(function (panel) {
        out += '<g data-panel="' + panel.name + '">';
        // The pocket's pieces stand on a light tray: black pieces stay seen on a dark panel.
        if (panel.pieces.length)
          out += '<rect class="tray" x="' + num(BORDER - 2) + '" y="' + num(y) + '" width="' +
            num(panel.pieces.length * SQ * 0.7 + 4) + '" height="' + num(SQ * 0.8) +
            '" rx="4" fill="#f0d9b5"/>';
        panel.pieces.forEach(function (p, i) {
          out += usePiece(p, BORDER + i * SQ * 0.7, y + SQ * 0.05, SQ * 0.7, flip,
                          ' data-piece="' + p.code + '"');
        });
        out += "</g>";
        y += SQ * 0.8;
      });
    }
    out += annotations(node, flip) + "</svg>";
    board.innerHTML = out;
    // The page keeps the board itself within the screen's height (replay.css, #view); what is
    // stacked below it may scroll.
    var shown = under ? SQ * N + 2 * BORDER : size.h;
    document.documentElement.style.setProperty("--ratio", String(size.w / shown));
  }

  // What a Glacial Shift ply that mated handed over: the pieces each hand gained (the mated
  // seat's pieces, and what the ply captured), as "Yellow +r1 +r2".
  function handover(node) {
    if (!glacial || !node.e || node.parent < 0) return "";
    var before = nodes[node.parent].pos.split(" ")[2].split("/");
    var after = node.pos.split(" ")[2].split("/");
    return after.map(function (hand, seat) {
      var left = before[seat] === "-" ? [] : before[seat].match(/../g), gained = [];
      (hand === "-" ? [] : hand.match(/../g)).forEach(function (t) {
        var k = left.indexOf(t);
        if (k >= 0) left.splice(k, 1); else gained.push("+" + t);
      });
      return gained.length ? G.sides[seat] + " " + gained.join(" ") : "";
    }).filter(Boolean).join("; ");
  }

  // --- The move list ---------------------------------------------------------------------------
  function commentText(c) { return c.text.replace(/\[%[^\]]*\]/g, " ").replace(/\s+/g, " ").trim(); }
  function commentsHtml(list) {
    return list.map(function (c) {
      var t = commentText(c);
      return t ? '<span class="comment">' + esc(t) + "</span> " : "";
    }).join("");
  }
  function nagsHtml(list) {
    var nags = (list || []).map(function (v) { return NAGS[v] || "$" + v; }).join("");
    return nags ? '<span class="nag">' + esc(nags) + "</span>" : "";
  }
  function moveHtml(n, numbered) {
    var kind = n.e ? (glacial ? "mate" : "ice-age") : "";
    var shown = glacial || numbered || n.side === 0 ? n.label : n.s;
    if (n.e) shown = (glacial ? "\u2691 " : "\u2744 ") + shown;
    return commentsHtml(n.b || []) + '<a href="#ply=' + path(n.id) + '" data-node="' + n.id +
      '" data-ply="' + n.depth + '"' + (kind ? ' class="' + kind + '"' : "") + ">" + esc(shown) +
      nagsHtml(n.n) + "</a> " +
      (n.e ? '<span class="event ' + kind + '-event">' + esc(n.e) + "</span> " : "") +
      (handover(n) ? '<span class="handover">' + esc(handover(n)) + "</span> " : "") +
      textHtml(n);
  }
  // A node's comments and the unplayed text of its line.
  function textHtml(n) {
    return commentsHtml(n.c || []) +
      (n.x ? '<span class="unplayed">' + esc(n.x) + "</span> " : "");
  }
  function variationHtml(inner, level) {
    return '<span class="variation' + (level === 0 ? ' top">' : '">(') + inner +
      (level === 0 ? "</span>" : ")</span> ");
  }
  // A line from node `id` on: its moves, each followed by the variations that replace it.
  function lineHtml(id, level) {
    var out = "", numbered = true;
    for (var n = nodes[id]; n; n = nodes[n.kids[0]]) {
      out += moveHtml(n, numbered);
      numbered = !!(n.c && n.c.length) || !!n.e;
      var parent = nodes[n.parent], siblings = parent.kids;
      var empty = parent.texts.filter(function (t) { return t.z === 1; });
      if (siblings[0] === n.id && (siblings.length > 1 || empty.length)) {
        // The alternatives in the record's order, the variations without a ply among them.
        for (var k = 1, j = 0; k <= siblings.length; k++) {
          for (; j < empty.length && (empty[j].after <= k || k === siblings.length); j++)
            out += variationHtml(textHtml(empty[j]), level);
          if (k < siblings.length) out += variationHtml(lineHtml(siblings[k], level + 1), level);
        }
        numbered = true;
      }
      n.texts.forEach(function (t) {
        if (t.z === 2) { out += textHtml(t); numbered = true; }
      });
    }
    return out;
  }
  var moves = $("moves");
  var listHtml = '<p class="start">' + (nodes[0].e ? '<span class="event mate-event">' +
    esc(nodes[0].e) + "</span> " : "") + nagsHtml(nodes[0].n) + textHtml(nodes[0]) +
    nodes[0].texts.filter(function (t) { return t.z === 2 || !nodes[0].kids.length; })
      .map(textHtml).join("") + "</p><p>" +
    (nodes[0].kids.length ? lineHtml(nodes[0].kids[0], 0) : "") + "</p>";
  if (G.error) listHtml += '<p class="error">The main line stops here: ' + esc(G.error) + "</p>";
  if (G.result) listHtml += '<p class="result"><strong>' + esc(G.result) + "</strong></p>";
  moves.innerHTML = listHtml;
  var links = {};
  Array.prototype.forEach.call(moves.querySelectorAll("a[data-node]"), function (a) {
    links[a.getAttribute("data-node")] = a;
    a.addEventListener("click", function (e) {
      e.preventDefault();
      show(Number(a.getAttribute("data-node")));
    });
  });

  // --- The address: `#ply=N` on the main line, `#ply=N.k.M…` into a variation ----------------
  // N plies along first moves, then the k-th alternative (1 the first variation), then M more
  // plies along its first moves, and so on.
  function path(id) {
    var steps = [];
    for (var n = nodes[id]; n.parent >= 0; n = nodes[n.parent])
      steps.unshift(nodes[n.parent].kids.indexOf(n.id));
    var parts = [0];
    steps.forEach(function (k) {
      if (k === 0) parts[parts.length - 1]++;
      else parts.push(k, 0);
    });
    return parts.join(".");
  }
  function fromPath(text) {
    var parts = text.split(".").map(Number), n = nodes[0];
    for (var i = 0; i < parts.length; i++) {
      if (!(parts[i] >= 0)) break;
      if (i % 2 === 0) {
        for (var k = 0; k < parts[i] && n.kids.length; k++) n = nodes[n.kids[0]];
      } else {
        if (!n.kids[parts[i]]) break;
        n = nodes[n.kids[parts[i]]];
      }
    }
    return n.id;
  }

  // --- Showing a node --------------------------------------------------------------------------
  var current = -1, flipped = false, timer = null;
  function formatClock(seconds) {
    var s = Math.floor(seconds), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    return h + ":" + String(m).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0");
  }
  function showClocks(node) {
    var box = $("clocks");
    if (!hasClock) return;
    var times = {};
    for (var n = node; n.parent >= 0; n = nodes[n.parent])
      if (n.clk !== undefined && times[n.side] === undefined) times[n.side] = n.clk;
    box.hidden = false;
    box.innerHTML = G.sides.map(function (name, side) {
      return '<span class="clock' + (node.kids.length && nodes[node.kids[0]].side === side ? " running" : "") +
        '" data-side="' + name + '">' + name + " " +
        (times[side] === undefined ? "\u2013" : formatClock(times[side])) + "</span>";
    }).join(" ");
  }
  function showEval(node) {
    if (!hasEval) return;
    var n = node;
    while (n.parent >= 0 && n.eval === undefined) n = nodes[n.parent];
    var e = n.eval, share = 50, label = "";
    if (typeof e === "number") {
      share = 50 + Math.max(-5, Math.min(5, e)) * 10;
      label = (e > 0 ? "+" : "") + e.toFixed(2);
    } else if (typeof e === "string") {
      share = e.indexOf("-") >= 0 ? 0 : 100;
      label = e;
    }
    $("eval").hidden = false;
    $("eval").setAttribute("data-eval", label);
    $("eval").classList.toggle("flipped", flipped);
    $("eval-fill").style.height = share + "%";
    $("eval-text").textContent = label;
  }
  function show(id, keepAddress) {
    id = Math.max(0, Math.min(nodes.length - 1, id));
    var node = nodes[id];
    current = id;
    drawBoard(node, flipped);
    board.setAttribute("data-fen", node.pos);
    board.setAttribute("data-ply", String(node.depth));
    board.setAttribute("data-node", String(id));
    board.setAttribute("data-path", path(id));
    var status = node.t || defaultStatus(node.pos);
    $("status").textContent = (node.label ? node.label + " \u2014 " : "Start \u2014 ") + status;
    var banner = $("event-banner");
    if (node.e) {
      banner.textContent = id === 0 ? "At the start: " + node.e
        : (glacial ? "After " : "\u2744 Ice Age after ") + node.label + ": " + node.e;
      banner.className = glacial ? "mate" : "ice-age";
      banner.hidden = false;
    } else {
      banner.hidden = true;
    }
    var handed = handover(node);
    $("handover").hidden = !handed;
    $("handover").textContent = handed ? "Handed over: " + handed : "";
    // At the end of the main line: why it stops there (an error, in the error box; a broken
    // record says so on the board too, not only at the foot of the move list), and the result,
    // which is no error (a box of its own).
    $("error").hidden = !(id === lastMain && G.error);
    $("error").textContent = G.error ? "The main line stops here: " + G.error : "";
    $("result").hidden = !(id === lastMain && G.result);
    $("result").textContent = G.result ? "Result: " + G.result : "";
    $("counter").textContent = node.depth + " / " + (mainLine.length - 1) +
      (mainLine[node.depth] === id ? "" : " (variation)");
    showClocks(node);
    showEval(node);
    Object.keys(links).forEach(function (k) { links[k].classList.remove("current"); });
    if (links[id]) {
      links[id].classList.add("current");
      // Only the list scrolls (side by side): the page itself stays where the reader put it.
      var box = moves.getBoundingClientRect(), r = links[id].getBoundingClientRect();
      if (moves.scrollHeight > moves.clientHeight && (r.top < box.top || r.bottom > box.bottom))
        moves.scrollTop += r.top - box.top - box.height / 2;
    }
    if (!keepAddress) {
      var hash = "#ply=" + path(id);
      if (location.hash !== hash) {
        try { history.replaceState(null, "", hash); } catch (err) { location.replace(hash); }
      }
    }
  }
  function endOfLine(id) {
    var n = nodes[id];
    while (n.kids.length) n = nodes[n.kids[0]];
    return n.id;
  }
  function sibling(id, step) {
    var n = nodes[id];
    if (n.parent < 0) return id;
    var kids = nodes[n.parent].kids, k = kids.indexOf(id) + step;
    return k >= 0 && k < kids.length ? kids[k] : id;
  }
  function forward() { var n = nodes[current]; return n.kids.length ? n.kids[0] : current; }
  function back() { return Math.max(0, nodes[current].parent); }
  function stop() {
    if (timer) clearTimeout(timer);
    timer = null;
    $("play").textContent = "\u25b6";
    $("play").setAttribute("aria-pressed", "false");
  }
  function tick() {
    if (!nodes[current].kids.length) { stop(); return; }
    show(forward());
    timer = setTimeout(tick, Number($("speed").value));
  }
  function play() {
    if (timer) { stop(); return; }
    if (!nodes[current].kids.length) show(0);
    $("play").textContent = "\u23f8";
    $("play").setAttribute("aria-pressed", "true");
    timer = setTimeout(tick, Number($("speed").value));
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target && /^(SELECT|INPUT|TEXTAREA)$/.test(e.target.tagName)) return;
    var next = {ArrowRight: forward, ArrowLeft: back, Home: function () { return 0; },
      End: function () { return endOfLine(current); },
      ArrowDown: function () { return sibling(current, 1); },
      ArrowUp: function () { return sibling(current, -1); }}[e.key];
    if (next) { e.preventDefault(); show(next()); return; }
    if (e.key === "f") { flip(); } else if (e.key === " ") { e.preventDefault(); play(); }
  });
  function flip() {
    flipped = !flipped;
    board.setAttribute("data-flipped", String(flipped));
    show(current, true);
  }
  $("first").addEventListener("click", function () { show(0); });
  $("prev").addEventListener("click", function () { show(back()); });
  $("next").addEventListener("click", function () { show(forward()); });
  $("last").addEventListener("click", function () { show(endOfLine(current)); });
  $("flip").addEventListener("click", flip);

  // --- Copy the position, download the record ---------------------------------------------------
  function note(message) { $("tool-note").textContent = message; }
  // The shown position to the clipboard: its FEN, or in Glacial Shift its position string.
  // Without the Clipboard API (a page not in a secure context), through a selected text area.
  function copyPosition() {
    var position = nodes[current].pos, what = glacial ? "Position" : "FEN";
    var done = function () { note(what + " copied"); };
    var fallback = function () {
      var area = document.createElement("textarea");
      area.value = position;
      document.body.appendChild(area);
      area.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (err) { copied = false; }
      area.remove();
      if (copied) done(); else note(what + ": " + position);
    };
    if (typeof navigator !== "undefined" && navigator.clipboard && navigator.clipboard.writeText)
      navigator.clipboard.writeText(position).then(done, fallback);
    else
      fallback();
  }
  // The record as a file of one game: its bytes as floe read them (UTF-8), from its first tag to
  // its result, and the newline that ends a text file; named by the game's number.
  function recordFile() {
    return {name: "game-" + (G.number || 1) + ".pgn", type: "application/x-chess-pgn",
            text: G.record + "\n"};
  }
  function download() {
    var file = recordFile(), a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([file.text], {type: file.type}));
    a.download = file.name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
    note("Saved " + file.name);
  }
  if (glacial) $("copy-fen").textContent = "Copy position";
  $("copy-fen").addEventListener("click", copyPosition);
  if (typeof G.record === "string") $("download").addEventListener("click", download);
  else $("download").hidden = true;
  // A narrow screen draws Glacial Shift's hands below the board, a wide one beside it.
  window.addEventListener("resize", function () {
    if (current >= 0 && stacked() !== drawnStacked) show(current, true);
  });
  $("play").addEventListener("click", play);
  function fromAddress() {
    var m = /ply=([\d.]+)/.exec(location.hash);
    return m ? fromPath(m[1]) : 0;
  }
  window.addEventListener("hashchange", function () {
    var id = fromAddress();
    if (id !== current) show(id, true);
  });
  show(fromAddress(), true);
})();
