// Unit tests of the replay page's script (formats/replay_page/replay.js) under Node's test
// runner, without a browser: the position decoding from the page's data, the board field's
// cells and marks, the `#ply=N.k.M` address, the move list's links, the keys, and every node of
// floe's own pages drawn and addressed. The browser tests (tests/render/*browser_test.py) check
// what the page looks like; these check the script's logic in seconds.
//
//   node --test tests/render/replay_page_js.test.mjs
//   FLOE_BINARY=build/floe node --test tests/render/replay_page_js.test.mjs   (with floe's pages)
//
// How the script is loaded: it is one function expression called at once (an IIFE), so that it
// leaves no global in the page, and it exports nothing; adding an export would change the page's
// bytes. So the test runs the IIFE's body as a classic script in a fresh `vm` context, where its
// top-level `var`s and functions (apply, path, fromPath, nodes, ...) become the context's
// globals, which the tests call. The wrapper's lines become empty lines, so that line numbers in
// errors are the file's. The document, window, location and history are a small stub that
// knows only the ids of formats/replay_page/replay.html and records what the script sets.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const SOURCE = fileURLToPath(new URL("../..", import.meta.url));
const SCRIPT = SOURCE + "formats/replay_page/replay.js";
const MARKUP = readFileSync(SOURCE + "formats/replay_page/replay.html", "utf8");
const HEAD = '\n(function () {\n  "use strict";\n';
const TAIL = "})();\n";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

function scriptBody() {
  const source = readFileSync(SCRIPT, "utf8");
  assert.ok(source.startsWith(HEAD) && source.endsWith(TAIL),
            "replay.js is no longer one IIFE: update how this test loads it");
  return '\n\n  "use strict";\n' + source.slice(HEAD.length, -TAIL.length);
}

// An element of the stub: what the script reads and sets, nothing more.
class StubElement {
  constructor(id) {
    this.id = id;
    this.attributes = {};
    this.listeners = {};
    this.classes = new Set();
    this.textContent = "";
    this.innerHTML = "";
    this.className = "";
    this.hidden = false;
    this.value = "";
    this.scrollTop = 0;
    this.scrollHeight = 0;
    this.clientHeight = 0;
    this.properties = {};
    this.style = { setProperty: (name, value) => { this.properties[name] = value; } };
    const classes = this.classes;
    this.classList = {
      add: (c) => classes.add(c),
      remove: (c) => classes.delete(c),
      toggle: (c, on) => (on ? classes.add(c) : classes.delete(c)),
      contains: (c) => classes.has(c),
    };
  }
  setAttribute(name, value) { this.attributes[name] = String(value); }
  getAttribute(name) { return name in this.attributes ? this.attributes[name] : null; }
  addEventListener(type, listener) { (this.listeners[type] ||= []).push(listener); }
  dispatch(type, event = {}) {
    const e = { preventDefault() { this.prevented = true; }, ...event };
    (this.listeners[type] || []).forEach((listener) => listener(e));
    return e;
  }
  getBoundingClientRect() { return { top: 0, bottom: 0, height: 0 }; }
  // The script asks for its move links only: those of the markup it wrote into innerHTML.
  querySelectorAll(selector) {
    assert.equal(selector, "a[data-node]");
    return [...this.innerHTML.matchAll(/<a [^>]*data-node="(\d+)"/g)].map((m) => {
      const a = new StubElement("");
      a.setAttribute("data-node", m[1]);
      return a;
    });
  }
}

// The page's script run on the page data `game`, at the address `hash`. Returns the script's
// globals (`page`), the element of an id (`el`), the document, window and location.
function loadPage(game, hash = "", globals = {}) {
  const ids = new Set([...MARKUP.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
  const elements = new Map();
  const el = (id) => {
    if (id !== "floe-game" && !ids.has(id)) return null;  // as a browser: no such element
    if (!elements.has(id)) elements.set(id, new StubElement(id));
    return elements.get(id);
  };
  el("floe-game").textContent = JSON.stringify(game);
  el("speed").value = "1000";
  const document = new StubElement("document");
  document.getElementById = el;
  document.documentElement = new StubElement("html");
  const window = new StubElement("window");
  const location = { hash, replace(h) { this.hash = h; } };
  const history = { replaceState(state, title, h) { location.hash = h; } };
  const page = vm.createContext({
    document, window, location, history, setTimeout: () => 1, clearTimeout() {}, ...globals,
  });
  if (globals.matchMedia) window.matchMedia = globals.matchMedia;
  vm.runInContext(scriptBody(), page, { filename: SCRIPT });
  return { page, el, document, window, location };
}

// Values from the script's realm compared as plain data (their prototypes are the context's).
const plain = (value) => JSON.parse(JSON.stringify(value));

// 1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {[%clk 0:01:00]} *, as floe writes its page data.
const WITH_VARIATION = {
  game: "chess", files: 8, sides: ["White", "Black"], zones: "",
  nodes: [
    { f: START },
    { s: "e4", d: [4, "4P3", 6, "PPPP1PPP", 8, "b"], m: "e2:1 e4:2" },
    { s: "e5", d: [1, "pppp1ppp", 3, "4p3", 8, "w", 12, "2"], m: "e5:2 e7:1" },
    { u: 1, s: "c5", d: [1, "pp1ppppp", 3, "2p5", 8, "w", 12, "2"], m: "c5:2 c7:1" },
    { s: "Nf3", d: [5, "5N2", 7, "RNBQKB1R", 8, "b", 11, "1"], m: "g1:1 f3:2" },
    { u: 2, s: "Nf3", d: [5, "5N2", 7, "RNBQKB1R", 8, "b", 11, "1"], m: "g1:1 f3:2",
      c: [{ text: "[%clk 0:01:00]", clk: 60 }] },
  ],
};

test("apply changes the tokens between '/' and ' ' that the difference names", () => {
  const { page } = loadPage(WITH_VARIATION);
  assert.equal(page.apply(START, [4, "4P3", 6, "PPPP1PPP", 8, "b"]),
               "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  assert.equal(page.apply(START, []), START);
  assert.equal(page.apply("a/b c d", [1, "x", 3, "y"]), "a/x c y");
});

test("each node's position is decoded from its parent's, variations included", () => {
  const { page } = loadPage(WITH_VARIATION);
  assert.deepEqual(plain(page.nodes.map((n) => n.pos)), [
    START,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
  ]);
  assert.deepEqual(plain(page.mainLine), [0, 1, 2, 5]);
  assert.deepEqual(plain(page.nodes.map((n) => n.label || "")),
                   ["", "1. e4", "1\u2026 e5", "1\u2026 c5", "2. Nf3", "2. Nf3"]);
  assert.equal(page.nodes[5].clk, 60);
  assert.equal(page.hasClock, true);
});

test("the address #ply=N.k.M names every node, and reading it back finds the node", () => {
  const { page } = loadPage(WITH_VARIATION);
  assert.deepEqual(plain(page.nodes.map((n) => page.path(n.id))),
                   ["0", "1", "2", "1.1.0", "1.1.1", "3"]);
  page.nodes.forEach((n) => assert.equal(page.fromPath(page.path(n.id)), n.id));
  assert.equal(page.fromPath("9"), 5, "past the end: the line's last node");
  assert.equal(page.fromPath("1.1"), 3);
  assert.equal(page.fromPath("1.7.2"), 1, "no such alternative: where the walk stood");
  assert.equal(page.fromPath("junk"), 0);
});

test("the page opens at its address, and showing a node sets the board and the address", () => {
  const { page, el, location, window } = loadPage(WITH_VARIATION, "#ply=1.1.1");
  assert.equal(el("board").getAttribute("data-node"), "4");
  assert.equal(el("board").getAttribute("data-fen"), page.nodes[4].pos);
  assert.equal(el("counter").textContent, "3 / 3 (variation)");
  assert.equal(location.hash, "#ply=1.1.1");
  page.show(5);
  assert.equal(location.hash, "#ply=3");
  assert.equal(el("status").textContent, "2. Nf3 \u2014 Black to move");
  assert.match(el("clocks").innerHTML, /data-side="White">White 0:01:00</);
  assert.match(el("board").innerHTML, /^<svg [^>]*data-position="rnbqkbnr\/pppp1ppp\//);
  location.hash = "#ply=1.1.0";
  window.dispatch("hashchange");
  assert.equal(el("board").getAttribute("data-node"), "3");
});

test("the keys walk the tree: forward, back, alternatives, start and end", () => {
  const { page, el, document } = loadPage(WITH_VARIATION);
  const key = (k) => document.dispatch("keydown", { key: k, target: { tagName: "BODY" } });
  const at = () => Number(el("board").getAttribute("data-node"));
  assert.equal(at(), 0);
  key("ArrowRight"); assert.equal(at(), 1);
  key("ArrowRight"); assert.equal(at(), 2);
  key("ArrowDown"); assert.equal(at(), 3);
  key("ArrowDown"); assert.equal(at(), 3, "no later alternative");
  key("End"); assert.equal(at(), 4);
  key("ArrowLeft"); assert.equal(at(), 3);
  key("ArrowUp"); assert.equal(at(), 2);
  key("Home"); assert.equal(at(), 0);
  key("f");
  assert.equal(el("board").getAttribute("data-flipped"), "true");
  // Flipped: h1 in the top left corner.
  assert.match(el("board").innerHTML, /data-square="h1"[^>]*translate\(22\.5,22\.5\)/);
  assert.equal(page.current, 0);
});

test("the move list links every ply to its address, the variation in brackets", () => {
  const { el } = loadPage(WITH_VARIATION);
  const html = el("moves").innerHTML;
  const links = [...html.matchAll(/<a href="#ply=([\d.]+)" data-node="(\d+)"/g)]
    .map((m) => m[2] + "@" + m[1]);
  assert.deepEqual(links, ["1@1", "2@2", "3@1.1.0", "4@1.1.1", "5@3"]);
  assert.match(html, /<span class="variation top">.*c5.*Nf3.*<\/span>/);
});

test("a chess board field's cells: rank by rank from a1, ice, promoted marks and pockets", () => {
  const { page } = loadPage(WITH_VARIATION);
  const grid = page.cells("4k3/8/8/8/8/2*5/8/Q~3K3[Pn]");
  assert.equal(grid.length, 64);
  assert.equal(grid[0].code, "Q", "a1");
  assert.equal(grid[4].code, "K", "e1");
  assert.equal(grid[16 + 2].ice, true, "c3");
  assert.equal(grid[60].code, "k", "e8");
  assert.deepEqual(plain(grid[0].pieces[0]),
                   { shape: "queen", colour: 0, owner: 0, code: "Q", size: 0, direction: -1 });
  const hands = page.panels(["8/8/8/8/8/8/8/8[QPpn]", "w"]);
  assert.deepEqual(plain(hands.map((h) => h.pieces.map((p) => p.code).join(""))), ["QP", "np"]);
  assert.deepEqual(plain(page.panels(START.split(" "))), []);
});

test("marks, clocks, numbers and escapes", () => {
  const { page } = loadPage(WITH_VARIATION);
  assert.deepEqual(plain(page.marks("e2:1 e4:2 d5:8:p")),
                   { e2: { bits: 1 }, e4: { bits: 2 }, d5: { bits: 8, frozen: "p" } });
  assert.deepEqual(plain(page.marks(undefined)), {});
  assert.equal(page.markNames(1 | 4 | 16), "last-from check new-ice");
  assert.equal(page.formatClock(3725.9), "1:02:05");
  assert.equal(page.num(-0.001), "0");
  assert.equal(page.num(22.5), "22.5");
  assert.equal(page.num(1 / 3), "0.33");
  assert.equal(page.esc('<a href="x">&'), "&lt;a href=&quot;x&quot;&gt;&amp;");
  assert.equal(page.defaultStatus(START), "White to move");
  assert.equal(page.defaultStatus("x G -"), "Green to move");
  assert.equal(page.defaultStatus("x - -"), "");
  assert.equal(page.squareName(7, 0), "h1");
  assert.equal(page.commentText({ text: "Good [%clk 0:01:00]  move [%eval 0.3]" }), "Good move");
  assert.equal(page.nagsHtml([1, 146, 250]), '<span class="nag">!N$250</span>');
});

test("the result has its own box, apart from the error box, at the end of the main line", () => {
  const { page, el } = loadPage({ ...WITH_VARIATION, result: "1-0" });
  assert.equal(el("result").hidden, true, "not before the end");
  page.show(5);
  assert.equal(el("result").hidden, false);
  assert.equal(el("result").textContent, "Result: 1-0");
  assert.equal(el("error").hidden, true);
  page.show(4);
  assert.equal(el("result").hidden, true, "not at the end of a variation");
  // A broken record: its error in the error box, and its result still in its own.
  const broken = loadPage({ ...WITH_VARIATION, result: "*", error: "2. Nf3: no" });
  broken.page.show(5);
  assert.equal(broken.el("error").hidden, false);
  assert.equal(broken.el("error").textContent, "The main line stops here: 2. Nf3: no");
  assert.equal(broken.el("result").textContent, "Result: *");
  const bare = loadPage(WITH_VARIATION);
  bare.page.show(5);
  assert.equal(bare.el("result").hidden, true, "no Result tag: no result box");
});

test("the copy button hands the shown position to the clipboard and says so", async () => {
  const copied = [];
  const writeText = (t) => { copied.push(t); return Promise.resolve(); };
  const navigator = { clipboard: { writeText } };
  const { page, el } = loadPage(WITH_VARIATION, "#ply=2", { navigator });
  el("copy-fen").dispatch("click");
  await Promise.resolve();
  assert.deepEqual(copied, [page.nodes[2].pos]);
  assert.equal(el("tool-note").textContent, "FEN copied");
  assert.equal(el("copy-fen").textContent, "", "the markup's label stays: Copy FEN");
});

test("the download button's file is the record, named by the game's number", () => {
  const { page, el } = loadPage({ ...WITH_VARIATION, number: 4, record: "1. e4 e5 *" });
  assert.deepEqual(plain(page.recordFile()),
                   { name: "game-4.pgn", type: "application/x-chess-pgn", text: "1. e4 e5 *\n" });
  assert.equal(el("download").hidden, false);
  // A page without the record (written before it was added) hides the button.
  assert.equal(loadPage(WITH_VARIATION).el("download").hidden, true);
});

test("a chess board is drawn the same on every screen: only Glacial Shift stacks", () => {
  const narrow = () => ({ matches: true });
  const { page, document } = loadPage(WITH_VARIATION, "", { matchMedia: narrow });
  assert.equal(page.stacked(), false);
  assert.equal(document.documentElement.properties["--ratio"], "1");
});

// --- floe's own pages: every node decoded, drawn and addressed -------------------------------
// The samples (Glacial Shift's with mates and their hand-overs), and a generated game of each
// variant they lack: Crazyhouse's pockets and drops, Chess960, Ice Age as vchess plays it.
const FLOE = process.env.FLOE_BINARY;
const SAMPLES = ["annotated", "glacial", "ice-age"].flatMap((folder) =>
  readdirSync(SOURCE + "samples/" + folder).filter((f) => f.endsWith(".pgn"))
    .map((f) => SOURCE + "samples/" + folder + "/" + f));
const GENERATED = ["Crazyhouse", "Chess960", "Ice Age vchess"];
const floe = (...args) =>
  execFileSync(FLOE, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"],
                             maxBuffer: 1 << 28 });
const skip = FLOE ? false : "FLOE_BINARY is not set";

function checkPage(record) {
  const html = floe("replay", record);
  const data = /<script type="application\/json" id="floe-game">(.*?)<\/script>/s.exec(html);
  assert.ok(data, "the page holds its data");
  const { page, el, location } = loadPage(JSON.parse(data[1]));
  const nodes = page.nodes;
  // The main line's positions are those of `floe fen --all`.
  const fens = floe("fen", "--all", record).split("\n").filter(Boolean);
  assert.deepEqual(plain(page.mainLine.map((id) => nodes[id].pos)), fens);
  // Every ply's position, in the record's order, is that of `floe convert --to json`.
  const json = JSON.parse(floe("convert", "--to", "json", record).split("\n")[0]);
  const expected = json.moves.filter((m) => m.kind === "ply").map((m) => m.fen || m.position);
  assert.deepEqual(plain(nodes.filter((n) => n.id > 0 && !n.z).map((n) => n.pos)), expected);
  nodes.filter((n) => !n.z).forEach((n) => {
    page.show(n.id);
    assert.equal(el("board").getAttribute("data-fen"), n.pos);
    assert.equal(location.hash, "#ply=" + page.path(n.id));
    assert.equal(page.fromPath(page.path(n.id)), n.id);
    assert.ok(el("board").innerHTML.endsWith("</svg>"));
  });
  return { page, el };
}

for (const sample of SAMPLES) {
  test(`floe's page of ${sample.slice(SOURCE.length)}: positions, drawing and addresses`, { skip },
       () => checkPage(sample));
}

for (const variant of GENERATED) {
  test(`floe's page of a generated ${variant} game: positions, drawing and addresses`, { skip },
       () => {
    const folder = mkdtempSync(join(tmpdir(), "floe-page-js-"));
    try {
      const record = join(folder, "game.pgn");
      floe("generate", "--variant", variant, "--count", "1", "--seed", "26", "--max-plies", "120",
           "-o", record);
      const { page } = checkPage(record);
      assert.ok(page.nodes.length > 1, "the game has plies");
    } finally {
      rmSync(folder, { recursive: true });
    }
  });
}

test("a Glacial Shift mate hands the mated seat's pieces over, and the page says so",
     { skip }, () => {
  const { page, el } = checkPage(SOURCE + "samples/glacial/blue-wins.pgn");
  const mates = page.nodes.filter((n) => n.e);
  assert.equal(mates.length, 3);
  // What each hand gained at the mate: the mated seat's hand, and what the ply captured.
  assert.deepEqual(plain(mates.map((n) => page.handover(n))), [
    "Green +g2 +g2 +g3 +r3",
    "Blue +y2 +g3 +b2 +b2 +b2 +b2 +b3 +r2 +r2 +r2",
    "Blue +y1 +y1 +y1 +g1 +g1 +b1 +b1 +r1 +r1",
  ]);
  page.show(mates[0].id);
  assert.equal(el("handover").textContent, "Handed over: Green +g2 +g2 +g3 +r3");
  assert.equal(el("handover").hidden, false);
  assert.equal(el("event-banner").textContent, "After 75. G: b3h5xg6+: <mate: R by G>");
  assert.equal(el("event-banner").className, "mate");
  page.show(mates[0].id - 1);
  assert.equal(el("handover").hidden, true);
});

test("on a narrow screen a Glacial Shift board has its hands and stash below it", { skip }, () => {
  const html = floe("replay", SOURCE + "samples/glacial/yellow-wins.pgn");
  const data = /<script type="application\/json" id="floe-game">(.*?)<\/script>/s.exec(html);
  const game = JSON.parse(data[1]);
  let query = null;
  const narrow = (q) => { query = q; return { matches: true }; };
  const { page, el, document } = loadPage(game, "#ply=57", { matchMedia: narrow });
  assert.equal(query, "(max-width: 899px)", "the width where replay.css stacks the page");
  assert.equal(page.stacked(), true);
  // The picture is as wide as the board (9 squares of 45 and two borders of 22.5), and the
  // page keeps that board, not the whole picture, within the screen's height.
  assert.match(el("board").innerHTML, /^<svg [^>]*viewBox="0 0 450 /);
  assert.equal(document.documentElement.properties["--ratio"], "1");
  // Each hand and the stash: its name (labels 0.46 of a square high, 20.7), then its pieces.
  for (const seat of ["Yellow", "Green", "Blue", "Red", "Stash"])
    assert.match(el("board").innerHTML,
                 new RegExp(`<g data-panel="${seat}"><g data-label="${seat}"><use [^>]*` +
                            "translate\\(22\\.5,\\d+(\\.\\d+)?\\) scale\\(3\\.45\\)"));
  // Below the board: every panel's first glyph is lower than the board's bottom edge (450).
  const tops = [...el("board").innerHTML.matchAll(
    /<g data-panel="\w+"><g data-label="\w+"><use [^>]*translate\(22\.5,([\d.]+)\)/g)]
    .map((m) => Number(m[1]));
  assert.equal(tops.length, 5);
  tops.forEach((top) => assert.ok(top > 450, `label at ${top}`));
  // Wide: the column on the right, as before; a window made narrow redraws the board stacked.
  let narrowNow = false;
  const wide = loadPage(game, "#ply=57", { matchMedia: () => ({ matches: narrowNow }) });
  assert.equal(wide.page.stacked(), false);
  assert.match(wide.el("board").innerHTML, /^<svg [^>]*viewBox="0 0 679\.5 /);
  narrowNow = true;
  wide.window.dispatch("resize");
  assert.match(wide.el("board").innerHTML, /^<svg [^>]*viewBox="0 0 450 /);
  assert.equal(wide.el("board").getAttribute("data-fen"), page.nodes[page.current].pos);
});
