// A game of two boards (`boards 2`: bughouse) in the page: both boards
// side by side, board B turned half a turn more than board A so that each
// team's men face its own side; each board's hands above and below it
// (the partner's captures arrive there), whose turn it is on each, the
// four seats, the moves of both boards in BPGN order (`1A. e4 1a. e5
// 1B. d4`) and the result for all four once one board ends. An action is
// chosen on a board by clicks, with the same click paths as on one board
// (board.js, src/serve/board.rs), or by the keyboard on the board that has
// the focus (arrows, Enter or Space, Escape), or typed with its board. A
// click or typed move that is refused explains itself (the engine's why,
// on its board, its squares marked a moment). Undo (u), Redo (r), a
// resignation per team whose seat a person plays, a draw claim per board
// when its rules allow one, the BPGN record, and the two boards' FEN
// (`FEN_A | FEN_B`, BPGN's) to read or start from.
import { api, download } from "./app.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const NAMES = ["A", "B"];

let cur = null;                              // the two-board position
let clicks = { board: null, steps: [] };     // the steps clicked, on one board
let cursor = [null, null];                   // each board's keyboard square
let hooks = null;                            // board.js: shown(p), turn(), refresh()

export function current() { return cur; }

function say(text) {
  const m = $("two-message");
  m.textContent = text || "";
  delete m.dataset.reason;
  delete m.dataset.marked;
}

function build() {
  const box = $("two");
  if (box.dataset.built) return;
  box.dataset.built = "1";
  const boards = document.createElement("div");
  boards.className = "two-boards";
  for (const i of [0, 1]) {
    const col = document.createElement("div");
    col.className = "two-board";
    col.dataset.board = String(i);
    col.innerHTML =
      `<div class="two-caption" id="two-caption-${i}"></div>` +
      `<div class="two-hand" id="two-hand-${i}-top"></div>` +
      `<div class="two-svg" id="two-board-${i}" tabindex="0" role="application" ` +
      `aria-label="board ${NAMES[i]}: arrow keys move, Enter or Space clicks, Escape cancels"></div>` +
      `<div class="two-hand" id="two-hand-${i}-bottom"></div>` +
      `<div class="picker" id="two-picker-${i}" hidden></div>`;
    boards.append(col);
  }
  const side = document.createElement("div");
  side.className = "two-side";
  side.innerHTML =
    `<div id="two-result"></div>` +
    `<div id="two-message" role="alert"></div>` +
    `<form id="two-typed" class="row"><label>Board <select id="two-typed-board"><option value="0">A</option><option value="1">B</option></select></label>` +
    `<label>Move <input id="two-move-text" size="10" autocomplete="off" placeholder="e4, P@e5"></label><button type="submit">Play</button></form>` +
    `<ol id="two-moves" aria-label="moves of both boards"></ol>` +
    `<div class="row"><button id="two-undo" type="button" title="Take back to before your last move (u)">◀ Undo</button>` +
    `<button id="two-redo" type="button" title="Play again what was taken back (r)">Redo ▶</button>` +
    `<button id="two-save" type="button">BPGN</button></div>` +
    `<div class="row" id="two-ai"></div>` +
    `<div class="row" id="two-resign"></div>` +
    `<div class="row" id="two-claim"></div>` +
    `<label class="fen">FEN (A | B) <input id="two-fen" size="40" spellcheck="false"></label>` +
    `<div class="row"><button id="two-from-fen" type="button">Start from this FEN</button></div>` +
    `<details id="two-analysis-box" open><summary>Analysis of one board</summary>` +
    `<p class="hint">The search of one board, the other board as it stands: what its partner may still send is not foreseen. The score is for the board's white seat.</p>` +
    `<div class="row"><label>Board <select id="two-analysis-board"><option value="0">A</option><option value="1">B</option></select></label>` +
    `<button id="two-analyse" type="button">Analyse</button></div>` +
    `<div id="two-analysis" aria-live="off"></div></details>`;
  box.append(boards, side);
  for (const i of [0, 1]) {
    const b = $(`two-board-${i}`);
    b.addEventListener("click", (e) => {
      const r = e.target.closest("[data-sq]");
      if (r) { cursor[i] = r.dataset.sq; click(i, "s:" + r.dataset.sq); }
    });
    b.addEventListener("keydown", (e) => keys(i, e));
  }
  $("two-typed").addEventListener("submit", (e) => {
    e.preventDefault();
    const t = $("two-move-text").value.trim();
    if (t) act(Number($("two-typed-board").value), { text: t }).then((ok) => { if (ok) $("two-move-text").value = ""; });
  });
  $("two-undo").addEventListener("click", () => op("undo", { to_human: true }));
  $("two-redo").addEventListener("click", () => op("redo"));
  $("two-analyse").addEventListener("click", () => (analysing !== null ? stopAnalysis() : startAnalysis()));
  $("two-analysis-board").addEventListener("change", () => { if (analysing !== null) startAnalysis(); });
  $("two-from-fen").addEventListener("click", () => { if (hooks) hooks.start({ fen: $("two-fen").value }); });
  $("two-save").addEventListener("click", async () => {
    if (!cur) return;
    try { download("game.bpgn", (await api(`/api/game/${cur.id}/save`, { format: "bpgn" })).record, "text/plain"); } catch (e) { say(e.message); }
  });
}

// The keys of the whole page while two boards are shown: u undoes, r
// redoes (not while typing).
export function pageKey(e) {
  if ($("two").hidden || e.target.closest("input, textarea, select, .cm-editor")) return false;
  if (e.key === "u") { $("two-undo").click(); return true; }
  if (e.key === "r") { $("two-redo").click(); return true; }
  return false;
}

// Show the one-board panel or the two boards.
export function one(on) {
  $("one").hidden = !on;
  $("two").hidden = on;
  if (on) { if (analysing !== null) stopAnalysis(); cur = null; }
}

export function show(p, h) {
  hooks = h;
  build();
  one(false);
  const changed = !cur || cur.id !== p.id || cur.version !== p.version;
  if (changed) clicks = { board: null, steps: [] };
  cur = p;
  seats(p);
  for (const i of [0, 1]) drawBoard(p, i);
  moves(p);
  result(p);
  if (document.activeElement !== $("two-fen")) $("two-fen").value = p.fen;
  $("two-undo").disabled = !p.can_undo;
  $("two-redo").disabled = !p.can_redo;
  aiButtons(p);
  resignButtons(p);
  claimButtons(p);
  // A running analysis follows the position (or stops with the game).
  if (analysing !== null && changed) { if (p.over) stopAnalysis(); else startAnalysis(); }
}

// ---- analysis of one board ----

let analysing = null;    // the board analysed, or null
let lines = [];

async function startAnalysis() {
  if (!cur || cur.over) return;
  const board = Number($("two-analysis-board").value);
  try {
    await api("/api/analysis/start", { game: cur.id, board, lines: 3 });
    analysing = board;
    lines = [];
    $("two-analyse").textContent = "Stop";
    drawLines();
  } catch (e) { say(e.message); }
}

async function stopAnalysis() {
  if (analysing === null) return;
  analysing = null;
  $("two-analyse").textContent = "Analyse";
  try { await api("/api/analysis/stop", {}); } catch { /* the server is gone */ }
}

// An event of the server about this game (board.js passes them on).
export function event(ev) {
  if (!cur || ev.game !== cur.id || ev.version !== cur.version) return;
  if (ev.type === "analysis" && ev.board === analysing) { lines[ev.line - 1] = ev; drawLines(); }
  else if (ev.type === "analysis-done" && ev.board === analysing) { analysing = null; $("two-analyse").textContent = "Analyse"; }
}

function drawLines() {
  const box = $("two-analysis");
  box.textContent = "";
  const best = lines[0];
  if (best) {
    box.dataset.depth = String(best.depth);
    const d = document.createElement("div");
    d.textContent = `board ${NAMES[best.board]}, for ${best.for}; depth ${best.depth}, ${best.nodes} nodes`;
    box.append(d);
  }
  for (const l of lines) {
    if (!l) continue;
    const div = document.createElement("div");
    div.className = "line";
    const s = l.score;
    const score = s.mate !== undefined ? (s.mate > 0 ? `#${s.mate}` : `#-${-s.mate}`) : (s.cp >= 0 ? "+" : "") + (s.cp / 100).toFixed(2);
    div.textContent = `${score}  ${l.pv.join(" ")}`;
    box.append(div);
  }
}

// An operation of the game (undo, redo, resign, claim): the position it
// answers is shown.
async function op(name, body) {
  if (!cur) return null;
  try {
    const p = await api(`/api/game/${cur.id}/${name}`, { ...(body || {}), turn: hooks.turn() });
    hooks.shown(p);
    say(p.claimed ? `draw claimed (${p.claimed})` : "");
    return p;
  } catch (e) {
    say(e.message);
    if (e.status === 409) hooks.refresh();
    return null;
  }
}

// The AI plays one move for the person to move on a board.
function aiButtons(p) {
  const box = $("two-ai");
  box.textContent = "";
  p.boards.forEach((b, i) => {
    if (!b.human) return;
    const btn = document.createElement("button");
    btn.type = "button";
    btn.dataset.board = String(i);
    btn.textContent = `AI move (board ${NAMES[i]})`;
    btn.title = `Let the AI play this move on board ${NAMES[i]}`;
    btn.disabled = b.thinking;
    btn.addEventListener("click", () => op("ai", { board: i, level: 3 }));
    box.append(btn);
  });
}

// A team resigns (both boards end): a button for each team a person
// plays, named by its seats; the seat that resigns is the team's person.
function resignButtons(p) {
  const box = $("two-resign");
  box.textContent = "";
  for (const team of [0, 1]) {
    const mine = p.seats.map((s, i) => ({ s, i })).filter(({ s }) => s.team === team);
    const human = mine.find(({ s }) => s.player === "human");
    if (!human) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.team = String(team);
    b.textContent = `Resign for ${mine.map(({ s }) => s.name).join(" and ")}`;
    b.disabled = p.over;
    b.addEventListener("click", () => op("resign", { seat: human.i }));
    box.append(b);
  }
}

// A draw the rules let the person to move on a board claim (it draws the
// whole game).
function claimButtons(p) {
  const box = $("two-claim");
  box.textContent = "";
  p.boards.forEach((b, i) => {
    if (!b.can_claim) return;
    const btn = document.createElement("button");
    btn.type = "button";
    btn.dataset.board = String(i);
    btn.textContent = `Claim draw (board ${NAMES[i]})`;
    btn.addEventListener("click", () => op("claim", { board: i }));
    box.append(btn);
  });
}

function seats(p) {
  const box = $("seats");
  box.textContent = "";
  const kinds = ["human", "random", "ai:1", "ai:2", "ai:3", "ai:4", "ai:5", "ai:6", "ai:7", "ai:8", "ai;st=1", "ai;st=5"];
  p.seats.forEach((s, i) => {
    const span = document.createElement("span");
    span.className = "seat" + (s.to_move ? " to-move" : "");
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = s.color;
    const sel = document.createElement("select");
    sel.setAttribute("aria-label", `who plays ${s.name}`);
    sel.dataset.seat = String(i);
    for (const k of kinds) {
      const o = document.createElement("option");
      o.value = k;
      o.textContent = k === "human" ? "person" : k.replace("ai;st=", "AI, seconds: ").replace("ai:", "AI level ");
      sel.append(o);
    }
    sel.value = s.player;
    sel.addEventListener("change", async () => {
      const players = [...box.querySelectorAll("select")].map((x) => x.value);
      try { hooks.shown(await api(`/api/game/${cur.id}/seats`, { players, turn: hooks.turn() })); } catch (e) { say(e.message); }
    });
    span.title = `team ${s.team + 1}: ${p.seats.filter((x) => x.team === s.team).map((x) => x.name).join(" and ")}`;
    span.append(sw, `${s.name} `, sel);
    box.append(span);
  });
}

function drawBoard(p, i) {
  const b = p.boards[i];
  const el = $(`two-board-${i}`);
  el.innerHTML = b.svg;
  const svg = el.querySelector("svg");
  const mover = p.seats[b.to_move];
  if (svg) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `board ${NAMES[i]}: ${mover.name} to move`);
  }
  const who = b.thinking ? `${mover.name} (the AI is thinking…)` : `${mover.name} to move${b.check ? " (check)" : ""}`;
  $(`two-caption-${i}`).textContent = `Board ${NAMES[i]}: ${p.over ? "game over" : who}`;
  $(`two-caption-${i}`).className = "two-caption" + (!p.over && b.human ? " to-move" : "");
  // The seat whose men are at the bottom: white's unless the board is
  // turned half a turn.
  const bottomBlack = b.turn % 4 === 2;
  const white = i * 2, black = i * 2 + 1;
  hand(p, i, bottomBlack ? white : black, $(`two-hand-${i}-top`));
  hand(p, i, bottomBlack ? black : white, $(`two-hand-${i}-bottom`));
  marks(i);
}

function hand(p, i, seat, div) {
  const s = p.seats[seat];
  const b = p.boards[i];
  div.textContent = "";
  div.dataset.seat = String(seat);
  const sw = document.createElement("span");
  sw.className = "swatch";
  sw.style.background = s.color;
  div.append(sw, `${s.name}: `);
  if (!s.hand.length) div.append("(empty hand)");
  const mine = b.to_move === seat && b.human && !p.over;
  for (const h of s.hand) {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.textContent = `${h.letter} ×${h.count}`;
    btn.title = `${h.name} in ${s.name}'s hand`;
    btn.dataset.kind = String(h.kind);
    if (mine) btn.dataset.step = `h:${h.kind}`;
    else { btn.classList.add("inert"); btn.setAttribute("aria-disabled", "true"); }
    btn.addEventListener("click", () => { if (btn.dataset.step) click(i, btn.dataset.step); });
    div.append(btn, " ");
  }
}

function moves(p) {
  const ol = $("two-moves");
  ol.textContent = "";
  p.moves.forEach((m, k) => {
    const li = document.createElement("li");
    li.dataset.board = String(m.board);
    const n = document.createElement("span");
    n.className = "num";
    n.textContent = m.number + " ";
    const san = document.createElement("span");
    san.className = "san";
    san.textContent = m.san;
    li.append(n, san);
    if (k === p.moves.length - 1) li.className = "last";
    ol.append(li);
  });
  ol.scrollTop = ol.scrollHeight;
}

function result(p) {
  const r = $("two-result");
  r.className = p.over ? "over" : "";
  r.dataset.over = String(p.over);
  if (p.over) r.textContent = `${p.result} — ${p.sentence}`;
  else if (p.ai_error) r.textContent = p.ai_error;
  else {
    const to = p.boards.map((b, i) => `${NAMES[i]}: ${p.seats[b.to_move].name}`).join(", ");
    r.textContent = `to move: ${to}`;
  }
}

// ---- choosing an action by clicks ----

function matches(i, steps) {
  const out = [];
  if (!cur) return out;
  for (const a of cur.boards[i].actions) {
    for (const path of a.paths) {
      if (steps.length <= path.length && steps.every((s, k) => path[k] === s)) out.push({ a, path });
    }
  }
  return out;
}

function click(i, step) {
  if (!cur) return;
  if (cur.over) { say(`the game is over: ${cur.sentence}`); return; }
  const b = cur.boards[i];
  if (!b.human) { say(`the AI plays ${cur.seats[b.to_move].name} on board ${NAMES[i]}`); return; }
  const before = clicks.board === i ? clicks.steps : [];
  let next = [...before, step];
  let cand = matches(i, next);
  if (!cand.length) {
    const fresh = matches(i, [step]);
    if (fresh.length) { next = [step]; cand = fresh; } else {
      clicks = { board: null, steps: [] };
      for (const k of [0, 1]) marks(k);
      refuse(i, before, step);
      return;
    }
  }
  say("");
  const other = clicks.board !== null && clicks.board !== i ? clicks.board : null;
  clicks = { board: i, steps: next };
  if (other !== null) marks(other);
  const seen = new Set();
  const done = cand.filter((c) => c.path.length === next.length).map((c) => c.a)
    .filter((a) => (seen.has(a.i) ? false : (seen.add(a.i), true)));
  const more = cand.filter((c) => c.path.length > next.length);
  $(`two-picker-${i}`).hidden = true;
  if (done.length === 1 && !more.length) { clicks = { board: null, steps: [] }; act(i, { action: done[0].i }); return; }
  if (done.length) picker(i, done, more.length > 0);
  marks(i);
}

function picker(i, done, orMore) {
  const box = $(`two-picker-${i}`);
  box.textContent = orMore ? "Choose, or click a highlighted square: " : "Choose: ";
  for (const a of done) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = a.san;
    b.dataset.action = String(a.i);
    b.dataset.san = a.san;
    b.addEventListener("click", () => { clicks = { board: null, steps: [] }; box.hidden = true; act(i, { action: a.i }); });
    box.append(b);
  }
  const c = document.createElement("button");
  c.type = "button";
  c.textContent = "cancel";
  c.addEventListener("click", () => { clicks = { board: null, steps: [] }; box.hidden = true; marks(i); });
  box.append(c);
  box.hidden = false;
  box.querySelector("button").focus();
}

async function act(i, body) {
  if (!cur) return false;
  try {
    const p = await api(`/api/game/${cur.id}/act`, { ...body, board: i, change: cur.boards[i].change, turn: hooks.turn() });
    hooks.shown(p);
    return true;
  } catch (e) {
    if (e.data && e.data.explanation) explain(i, e.data.explanation);
    else say(e.message);
    if (e.status === 409) hooks.refresh();
    return false;
  }
}

// Why a click on board `i` chooses no action: the engine's explanation
// of the attempt (a man to a square, a man from the hand to a square, or
// the square alone), as on one board.
async function refuse(i, before, step) {
  if (!cur) return;
  const sq = (s) => (s && s.startsWith("s:") ? s.slice(2) : null);
  const to = sq(step);
  const last = before[before.length - 1];
  const b = cur.boards[i];
  let body = null;
  if (to && !before.length) body = { from: to };
  else if (to && before.length === 1 && sq(last)) body = { from: sq(last), to };
  else if (to && before.length === 1 && last.startsWith("h:")) {
    const h = cur.seats[b.to_move].hand.find((x) => `h:${x.kind}` === last);
    if (h) body = { piece: h.letter.toUpperCase(), to };
  }
  if (!body) {
    say(`That square is not one of the marked ones on board ${NAMES[i]}: click a marked square, or press Escape to start again.`);
    return;
  }
  try {
    const r = await api(`/api/game/${cur.id}/why`, { ...body, board: i, change: b.change });
    explain(i, r.explanation);
    if (r.select && body.from && !body.to) { clicks = { board: i, steps: ["s:" + body.from] }; marks(i); }
  } catch (e) {
    say(e.message);
    if (e.status === 409) hooks.refresh();
  }
}

// Show an explanation of board `i`: its sentence, the rule quoted, what
// the other men meant would meet; its squares marked on the board a
// moment.
let whyTimer = null;
function explain(i, e) {
  const m = $("two-message");
  m.textContent = "";
  m.dataset.reason = e.reason.kind;
  m.dataset.board = String(i);
  const p = document.createElement("div");
  p.className = "why-text";
  p.textContent = e.text;
  m.append(p);
  if (e.rule) {
    const r = document.createElement("div");
    r.className = "why-rule";
    const where = e.rule.file && e.rule.line ? `${e.rule.file}:${e.rule.line}` : null;
    r.append(where ? `rule (${where}): ` : "rule: ");
    const code = document.createElement("code");
    code.textContent = e.rule.text;
    r.append(code);
    m.append(r);
  }
  for (const a of e.also || []) {
    const d = document.createElement("div");
    d.className = "why-also";
    d.textContent = "also: " + a;
    m.append(d);
  }
  const squares = e.squares || [];
  m.dataset.marked = squares.map((s) => `${s.role}:${s.square}`).join(" ");
  clearTimeout(whyTimer);
  for (const k of [0, 1]) { const g = $(`two-board-${k}`).querySelector(".why-marks"); if (g) g.remove(); }
  const svg = $(`two-board-${i}`).querySelector("svg");
  if (!svg || !squares.length) return;
  const g = document.createElementNS(SVG, "g");
  g.setAttribute("class", "why-marks");
  svg.append(g);
  for (const s of squares) mark(i, `why why-${s.role}`, s.square, "box", g);
  whyTimer = setTimeout(() => g.remove(), 6000);
}

function mark(i, cls, sq, shape, g) {
  const r = $(`two-board-${i}`).querySelector(`rect[data-sq="${CSS.escape(sq)}"]`);
  if (!r) return;
  const x = +r.getAttribute("x"), y = +r.getAttribute("y"), w = +r.getAttribute("width");
  let el;
  if (shape === "dot" || shape === "ring") {
    el = document.createElementNS(SVG, "circle");
    el.setAttribute("cx", x + w / 2); el.setAttribute("cy", y + w / 2);
    el.setAttribute("r", shape === "dot" ? w / 6 : w / 2 - 3);
  } else {
    el = document.createElementNS(SVG, "rect");
    el.setAttribute("x", x + 2); el.setAttribute("y", y + 2);
    el.setAttribute("width", w - 4); el.setAttribute("height", w - 4);
  }
  el.setAttribute("class", cls);
  el.dataset.mark = sq;
  g.append(el);
}

// Highlight a board's clicks made and where each can go next.
function marks(i) {
  const svg = $(`two-board-${i}`).querySelector("svg");
  if (!svg) return;
  let g = svg.querySelector(".marks");
  if (g) g.remove();
  g = document.createElementNS(SVG, "g");
  g.setAttribute("class", "marks");
  svg.append(g);
  const steps = clicks.board === i ? clicks.steps : [];
  for (const c of steps) if (c.startsWith("s:")) mark(i, "mark-sel", c.slice(2), "box", g);
  const next = new Map();
  if (steps.length) {
    for (const { a, path } of matches(i, steps)) {
      const s = path[steps.length];
      if (s && s.startsWith("s:")) next.set(s.slice(2), next.get(s.slice(2)) || a.capture);
    }
  }
  for (const [sq, cap] of next) mark(i, cap ? "mark-ring mark-target" : "mark-dot mark-target", sq, cap ? "ring" : "dot", g);
  if (cursor[i]) mark(i, "mark-cursor", cursor[i], "box", g);
  for (const b of document.querySelectorAll(`#two-hand-${i}-top button, #two-hand-${i}-bottom button`)) {
    b.classList.toggle("chosen", steps.includes(b.dataset.step));
  }
}

// ---- keyboard ----

// The arrow keys' directions on the drawn board (x right, y down).
export const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// The square rect an arrow key moves the keyboard cursor to from the
// rect `from`: the nearest one that way, those in line first (`null`:
// none that way). Shared with one board (board.js).
export function arrowStep(rects, from, [dx, dy]) {
  const cx = +from.getAttribute("x"), cy = +from.getAttribute("y");
  let best = null, bestD = Infinity;
  for (const r of rects) {
    const x = +r.getAttribute("x") - cx, y = +r.getAttribute("y") - cy;
    const along = x * dx + y * dy;
    if (along <= 0) continue;
    const d = along + 3 * Math.abs(x * dy) + 3 * Math.abs(y * dx);
    if (d < bestD) { bestD = d; best = r; }
  }
  return best;
}

function keys(i, e) {
  const el = $(`two-board-${i}`);
  const rects = [...el.querySelectorAll("rect[data-sq]")];
  if (!rects.length) return;
  const at = (sq) => rects.find((r) => r.dataset.sq === sq);
  if (!cursor[i] || !at(cursor[i])) cursor[i] = rects[0].dataset.sq;
  if (ARROWS[e.key]) {
    e.preventDefault();
    const best = arrowStep(rects, at(cursor[i]), ARROWS[e.key]);
    if (best) cursor[i] = best.dataset.sq;
    marks(i);
    say(`board ${NAMES[i]}, square ${cursor[i]}`);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    click(i, "s:" + cursor[i]);
  } else if (e.key === "Escape") {
    clicks = { board: null, steps: [] };
    $(`two-picker-${i}`).hidden = true;
    marks(i);
  }
}
