// The board: a game of the server drawn as SVG, chosen by clicks (or keys,
// or typed moves), with the seats, the move list, the result and the
// analysis. Each action comes with its click paths (see src/serve/board.rs):
// `s:SQUARE`, `h:KIND` (a man in hand), `p:KIND` / `r:KIND` (a hostage
// given / a man taken back), `d` (the deck), `b:TEXT` (a button).
import { api, source, download, message as banner, goToLine, shownName } from "./app.js";
import * as two from "./boards.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

let pos = null;        // the position as the server last sent it
let clicks = [];       // the steps clicked so far
let turn = 0;          // the board's quarter turns
let cursor = null;     // the keyboard's square
let analysing = false;
let lines = [];
let cards = [];        // the variant's piece cards (a man's kind is its index)
let whyTimer = null;

function say(text, info) {
  const m = $("message");
  m.textContent = text || "";
  m.className = info ? "info" : "";
  delete m.dataset.reason;
  delete m.dataset.marked;
}

export function current() { return pos; }

export function init() {
  const b = $("board");
  b.addEventListener("click", (e) => {
    const r = e.target.closest("[data-sq]");
    if (r) { cursor = r.dataset.sq; click("s:" + r.dataset.sq); cardLink(manKind(r.dataset.sq)); }
  });
  // A right click on a man opens its card.
  b.addEventListener("contextmenu", (e) => {
    const r = e.target.closest("[data-sq]");
    const k = r ? manKind(r.dataset.sq) : undefined;
    if (k !== undefined) { e.preventDefault(); openCard(k); }
  });
  $("card-link").addEventListener("click", () => openCard(Number($("card-link").dataset.kind)));
  // Escape closes the card, back to the board.
  $("card-view").addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); $("card-view").hidden = true; $("board").focus(); }
  });
  b.addEventListener("keydown", keys);
  $("new-game").addEventListener("click", () => start({}));
  $("from-fen").addEventListener("click", () => start({ fen: $("fen").value }));
  $("flip").addEventListener("click", () => { turn = (turn + 2) % 4; $("view").value = "custom"; refresh(); });
  $("rotate").addEventListener("click", () => { turn = (turn + 1) % 4; $("view").value = "custom"; refresh(); });
  $("view").addEventListener("change", () => {
    const v = $("view").value;
    if (v === "follow") turn = seatTurn(pos && pos.to_move);
    else if (v !== "custom") turn = seatTurn(Number(v));
    refresh();
  });
  $("undo").addEventListener("click", () => op("undo", { to_human: humansAndAi() }));
  $("redo").addEventListener("click", () => op("redo"));
  $("resign").addEventListener("click", () => op("resign"));
  $("claim").addEventListener("click", () => op("claim"));
  $("ai-move").addEventListener("click", () => op("ai", { level: 3 }));
  $("save-pgn").addEventListener("click", () => saveRecord("pgn"));
  $("save-jsonl").addEventListener("click", () => saveRecord("jsonl"));
  $("typed").addEventListener("submit", (e) => {
    e.preventDefault();
    const t = $("move-text").value.trim();
    if (t) act({ text: t }).then((ok) => { if (ok) $("move-text").value = ""; });
  });
  $("analyse").addEventListener("click", () => (analysing ? stopAnalysis() : startAnalysis()));
  $("lines").addEventListener("change", () => { if (analysing) startAnalysis(); });
  document.addEventListener("keydown", (e) => {
    if (two.pageKey(e)) return;
    if (e.target.closest("input, textarea, select, .cm-editor, #board")) return;
    if (e.key === "u") $("undo").click();
    if (e.key === "r") $("redo").click();
  });
}

function seatTurn(seat) {
  return pos && pos.seats[seat] ? pos.seats[seat].turn : 0;
}

// Undo in a game against the AI takes back to the last human turn.
function humansAndAi() {
  if (!pos) return false;
  const kinds = pos.seats.map((s) => s.player === "human");
  return kinds.includes(true) && kinds.includes(false);
}

// The newest game asked for: an older request's answer is dropped. Seats
// chosen while a new game is on its way are kept for that game.
let startSeq = 0;
let startDone = 0;
let seatWish = null;

// Whether a new game is on its way (or the seats wished meanwhile).
export function starting() { return seatWish !== null || startSeq !== startDone; }

export async function start(extra) {
  const seq = ++startSeq;
  const src = source();
  // A new seed for each game: a deck's shuffle (and the AI's choices)
  // follow from it, so a fixed one would let players know the decks.
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const body = { seed, ...src, ...extra, turn };
  if (pos && pos.variant === src.variant && !extra.players) body.players = pos.seats.map((s) => s.player);
  stopAnalysis();
  try {
    const p = await api("/api/game", body);
    if (seq !== startSeq) return; // a newer game was asked for
    if (!pos || pos.variant !== p.variant) {
      turn = p.seats[0] ? p.seats[0].turn : 0;
      fillView(p);
    }
    show(p);
    say("");
    const wish = seatWish;
    seatWish = null;
    if (wish && !extra.players && wish.length === p.seats.length && wish.some((w, i) => w !== p.seats[i].player)) {
      await op("seats", { players: wish });
    }
  } catch (e) {
    if (e.data && e.data.players === undefined && e.message.includes("seats")) {
      delete body.players;
      try { show(await api("/api/game", body)); } catch (e2) { say(e2.message); }
    } else {
      say(e.message);
    }
  } finally {
    if (seq === startSeq) { startDone = seq; seatWish = null; }
  }
}

export async function load(p) {
  stopAnalysis();
  turn = p.seats[0] ? p.seats[0].turn : 0;
  fillView(p);
  show(p);
  document.getElementById("tab-play").click();
}

function fillView(p) {
  const sel = $("view");
  sel.textContent = "";
  const add = (v, t) => { const o = document.createElement("option"); o.value = v; o.textContent = t; sel.append(o); };
  p.seats.forEach((s, i) => add(String(i), s.name));
  add("follow", "the player to act");
  add("custom", "(turned)");
  sel.value = "0";
}

export async function refresh() {
  if (!pos) return;
  try { show(await api(`/api/game/${pos.id}?turn=${turn}`)); } catch (e) { say(e.message); }
}

async function op(name, body) {
  if (!pos) return null;
  try {
    const p = await api(`/api/game/${pos.id}/${name}`, { ...(body || {}), turn, version: pos.version });
    show(p);
    say(p.claimed ? `draw claimed (${p.claimed})` : "");
    return p;
  } catch (e) {
    if (e.data && e.data.explanation) explain(e.data.explanation);
    else say(e.message);
    if (e.status === 409) refresh();
    return null;
  }
}

async function act(body) {
  const t0 = performance.now();
  const p = await op("act", body);
  if (p) $("board").dataset.actMs = String(Math.round(performance.now() - t0));
  return !!p;
}

async function saveRecord(format) {
  if (!pos) return;
  const name = $("record-name").value.trim();
  try {
    if (name) {
      const n = name.endsWith("." + format) ? name : name + "." + format;
      await api(`/api/game/${pos.id}/save`, { format, name: n });
      banner(`saved ${n}`);
    } else {
      const r = await api(`/api/game/${pos.id}/save`, { format });
      download(`game.${format}`, r.record, "text/plain");
    }
  } catch (e) { say(e.message); }
}

export function event(ev) {
  if (ev.type === "game") {
    if (pos && ev.id === pos.id && ev.version !== pos.version) refresh();
    else if (pos && ev.id === pos.id && ev.thinking) { $("result").textContent = "the AI is thinking…"; }
  } else if (pos && pos.two_boards && ev.type.startsWith("analysis")) {
    two.event(ev);
  } else if (ev.type === "analysis" && pos && ev.game === pos.id && ev.version === pos.version) {
    showLine(ev);
  } else if (ev.type === "analysis-done" && pos && ev.game === pos.id) {
    if (ev.version === pos.version) { analysing = false; $("analyse").textContent = "Analyse"; }
  }
}

// ---- drawing ----

// Under fog of war, the seat whose view the page last drew: when the view
// passes to another seat (two people at one page), the board waits behind
// a button until the next person clicks, so that neither sees the other's.
let fogSeat = null;

function show(p) {
  if (p.two_boards) {
    // A game of two boards: boards.js draws it (the panel of one board
    // is hidden).
    pos = p;
    clicks = [];
    two.show(p, { shown: show, turn: () => turn, refresh, start });
    return;
  }
  two.one(true);
  const changed = !pos || p.id !== pos.id || p.version !== pos.version;
  if (!pos || p.id !== pos.id) fogSeat = null;
  viewBox(p);
  if (p.fog && p.view !== null && p.view !== undefined) {
    if (fogSeat !== null && p.view !== fogSeat) {
      const name = p.seats[p.view] ? p.seats[p.view].name : "the next player";
      $("board").textContent = "";
      const b = document.createElement("button");
      b.textContent = `Fog of war: ${name} to play. Pass the screen to ${name}, then click to show the board.`;
      b.onclick = () => { fogSeat = p.view; show(p); };
      $("board").append(b);
      pos = p;
      clicks = [];
      // The panel follows (whose turn, the moves with the other seat's
      // unnamed); the board and the hands wait for the click.
      seats(p);
      moves(p);
      result(p);
      buttons(p);
      return;
    }
    fogSeat = p.view;
  }
  pos = p;
  if ($("view").value === "follow" || (p.fog && p.view !== null && p.view !== undefined)) {
    // Following the player to act, or under fog of war (the seat whose
    // view is drawn): the board turns to that seat's side.
    const t = seatTurn(p.fog && p.view !== null && p.view !== undefined ? p.view : p.to_move);
    if (t !== p.turn) { turn = t; refresh(); }
  }
  if (changed) clicks = [];
  $("board").innerHTML = p.svg;
  const svg = $("board").querySelector("svg");
  if (svg) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `${p.title}: ${p.seats[p.to_move] ? p.seats[p.to_move].name : ""} to act`);
  }
  $("fen").value = p.fen ?? "(fog of war: the position is hidden)";
  seats(p);
  hands(p);
  moves(p);
  result(p);
  buttons(p);
  marks();
  if (changed && analysing) startAnalysis();
  if (changed) { lines = []; drawLines(); }
}

// "View from" names the seat whose view is drawn. Under fog of war that
// is the seat to act, not a choice: the box shows it and is disabled, and
// the board is turned to that seat's side.
function viewBox(p) {
  const sel = $("view");
  const fog = p.fog && p.view !== null && p.view !== undefined;
  sel.disabled = !!fog;
  sel.title = fog ? "Fog of war: each seat sees only its own view, drawn when it is to act" : "";
  if (fog) sel.value = String(p.view);
  // The board faces the seat whose view it is: no flip or rotation.
  $("flip").disabled = !!fog;
  $("rotate").disabled = !!fog;
}

function buttons(p) {
  $("undo").disabled = !p.can_undo;
  $("redo").disabled = !p.can_redo;
  $("claim").disabled = !p.can_claim;
  $("resign").disabled = p.over || !p.human;
  $("ai-move").disabled = p.over || p.thinking;
}

function seats(p) {
  const box = $("seats");
  box.textContent = "";
  const kinds = ["human", "random", "ai:1", "ai:2", "ai:3", "ai:4", "ai:5", "ai:6", "ai:7", "ai:8", "ai;st=1", "ai;st=5"];
  p.seats.forEach((s, i) => {
    const span = document.createElement("span");
    // A seat that is out (mated, stalemated, resigned) is greyed.
    span.className = "seat" + (i === p.to_move && !p.over ? " to-move" : "") + (s.out ? " out" : "");
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
    if (!kinds.includes(s.player)) { const o = document.createElement("option"); o.value = s.player; o.textContent = s.player; sel.append(o); }
    sel.value = s.player;
    sel.addEventListener("change", () => {
      const players = [...box.querySelectorAll("select")].map((x) => x.value);
      if (startSeq !== startDone) seatWish = players;
      op("seats", { players });
    });
    span.append(sw, `${s.name}${s.out ? " (out)" : ""} `, sel);
    if (s.points !== null && s.points !== undefined) {
      // `score ...`: the seat's points now.
      const pts = document.createElement("span");
      pts.className = "points";
      pts.dataset.points = String(s.points);
      pts.textContent = ` ${s.points} ${s.points === 1 ? "point" : "points"}`;
      span.append(pts);
    }
    box.append(span);
  });
}

function hands(p) {
  const box = $("hands");
  box.textContent = "";
  p.seats.forEach((s, i) => {
    const prison = s.prison || [];
    if (!s.hand.length && !prison.length && s.deck == null) return;
    const div = document.createElement("div");
    div.className = "hand";
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = s.color;
    div.append(sw, `${s.name}: `);
    const mine = i === p.to_move && p.human && !p.over;
    for (const h of s.hand) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `${h.letter} ×${h.count}`;
      b.title = `${h.name} in hand`;
      b.dataset.kind = String(h.kind);
      if (mine) b.dataset.step = `h:${h.kind}`;
      else { b.classList.add("inert"); b.setAttribute("aria-disabled", "true"); }
      // Another seat's men: the click opens the card only.
      b.addEventListener("click", () => { if (b.dataset.step) click(b.dataset.step); cardLink(h.kind); });
      b.addEventListener("contextmenu", (e) => { e.preventDefault(); openCard(h.kind); });
      div.append(b, " ");
    }
    // Hostages: the other players' men this seat holds. The player to act
    // gives one of its own hostages (`p:`) and takes back one of its men
    // the other holds (`r:`), then chooses the square.
    const acting = p.human && !p.over;
    if (prison.length) div.append("prison: ");
    for (const h of prison) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "hostage";
      b.textContent = `${h.letter} ×${h.count}`;
      b.title = `${h.name} held by ${s.name}`;
      b.dataset.kind = String(h.kind);
      if (acting && i === p.to_move) b.dataset.step = `p:${h.kind}`;
      else if (acting) b.dataset.step = `r:${h.kind}`;
      else { b.classList.add("inert"); b.setAttribute("aria-disabled", "true"); }
      b.addEventListener("click", () => { if (b.dataset.step) click(b.dataset.step); cardLink(h.kind); });
      b.addEventListener("contextmenu", (e) => { e.preventDefault(); openCard(h.kind); });
      div.append(b, " ");
    }
    if (s.deck != null) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `deck: ${s.deck} card${s.deck === 1 ? "" : "s"}`;
      b.disabled = !(mine && p.may_draw);
      b.id = mine ? "deck" : "";
      b.addEventListener("click", () => draw());
      div.append(b);
    }
    box.append(div);
  });
}

async function draw() {
  const p = await op("draw");
  if (p) say("You drew a card: click a highlighted square to place it.", true);
}

function moves(p) {
  const ol = $("moves");
  ol.textContent = "";
  const n = Math.max(1, p.seats.length);
  let li = null;
  p.moves.forEach((m, i) => {
    if (i % n === 0 || !li) { li = document.createElement("li"); ol.append(li); }
    const span = document.createElement("span");
    span.textContent = m.san + " ";
    if (i === p.moves.length - 1) li.className = "last";
    li.append(span);
  });
  ol.scrollTop = ol.scrollHeight;
}

function result(p) {
  const r = $("result");
  r.className = p.over ? "over" : "";
  if (p.over) r.textContent = `${p.result} — ${p.sentence || p.reason || ""}`;
  else if (p.thinking) r.textContent = "the AI is thinking…";
  else if (p.ai_error) r.textContent = p.ai_error;
  else r.textContent = `${p.seats[p.to_move].name} to act${p.check ? " (check)" : ""}`;
  r.dataset.over = String(p.over);
}

// ---- choosing an action by clicks ----

function matches(steps) {
  const out = [];
  if (!pos) return out;
  for (const a of pos.actions) {
    for (const path of a.paths) {
      if (steps.length <= path.length && steps.every((s, i) => path[i] === s)) out.push({ a, path });
    }
  }
  return out;
}

function click(step) {
  if (!pos) return;
  if (pos.over) { if (step.startsWith("s:")) refuse([], step); return; }
  if (!pos.human || pos.thinking) { say("the AI plays this seat"); return; }
  if (step === "d") { draw(); return; }
  let next = [...clicks, step];
  let cand = matches(next);
  if (!cand.length) {
    // A click that starts another action starts over from it.
    const fresh = matches([step]);
    if (fresh.length) { next = [step]; cand = fresh; } else { refuse(clicks, step); clicks = []; marks(); return; }
  }
  clicks = next;
  const done = unique(cand.filter((c) => c.path.length === clicks.length).map((c) => c.a));
  const more = cand.filter((c) => c.path.length > clicks.length);
  hidePicker();
  if (done.length === 1 && !more.length) { clicks = []; act({ action: done[0].i }); return; }
  if (done.length) picker(done, more.length > 0);
  marks();
}

function unique(actions) {
  const seen = new Set();
  return actions.filter((a) => (seen.has(a.i) ? false : (seen.add(a.i), true)));
}

// Why a click chooses no action: the engine's explanation of the attempt
// (a man to a square, a man from the hand to a square, the card drawn to
// a square, or the square alone).
async function refuse(before, step) {
  if (!pos) return;
  const sq = (s) => (s && s.startsWith("s:") ? s.slice(2) : null);
  const to = sq(step);
  const last = before[before.length - 1];
  let body = null;
  if (to && (pos.pending_draw || pos.over || !before.length)) body = pos.pending_draw ? { to } : { from: to };
  else if (to && before.length === 1 && sq(last)) body = { from: sq(last), to };
  else if (to && before.length === 2 && sq(before[0]) && sq(last) && matches(before).some((c) => c.a.kind === "two-step")) {
    // A man of two steps (`lion`) sent on from its first square to one it
    // cannot reach: asked as typed (`c3-d4-e5`).
    body = { text: `${sq(before[0])}-${sq(last)}-${to}` };
  }
  else if (to && before.length === 1 && last.startsWith("h:")) {
    const h = pos.seats[pos.to_move].hand.find((x) => `h:${x.kind}` === last);
    if (h) body = { piece: h.letter, to };
  } else if (to && before.length === 2 && before[0].startsWith("p:") && last.startsWith("r:")) {
    // A hostage exchange to a square it may not use: asked as typed
    // (`N-B@f7`), the letters those of the pieces clicked.
    const letter = (step) => {
      for (const s of pos.seats) for (const h of s.prison || []) if (`${step[0]}:${h.kind}` === step) return h.letter;
      return null;
    };
    const g = letter(before[0]), t = letter(last);
    if (g && t) body = { text: `${g.toUpperCase()}-${t.toUpperCase()}@${to}` };
  }
  if (!body) {
    say("That square is not one of the marked ones: click a marked square, or press Escape to start again.");
    return;
  }
  try {
    const r = await api(`/api/game/${pos.id}/why`, { ...body, version: pos.version });
    explain(r.explanation);
    if (r.select && body.from && !body.to && !clicks.length) { clicks = ["s:" + body.from]; marks(); }
  } catch (e) {
    say(e.message);
    if (e.status === 409) refresh();
  }
}

// Show an explanation: its sentence, the rule quoted with its file and
// line (a click on it goes there in the editor, when the editor holds that
// file), what the other men meant would meet; and mark its squares on the
// board for a moment.
function explain(e) {
  const m = $("message");
  m.textContent = "";
  m.className = e.legal ? "info" : "";
  m.dataset.reason = e.reason.kind;
  const p = document.createElement("div");
  p.className = "why-text";
  p.textContent = e.text;
  m.append(p);
  if (e.rule) {
    const r = document.createElement("div");
    r.className = "why-rule";
    const where = e.rule.file && e.rule.line ? `${e.rule.file}:${e.rule.line}` : null;
    if (where && e.rule.file === shownName()) {
      const a = document.createElement("button");
      a.type = "button";
      a.className = "link";
      a.textContent = where;
      a.title = "show this line in the editor";
      a.addEventListener("click", () => goToLine(e.rule.line));
      r.append("rule (", a, "): ");
    } else {
      r.append(where ? `rule (${where}): ` : "rule: ");
    }
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
  whyMarks(e.squares || []);
}

function whyMarks(squares) {
  const svg = $("board").querySelector("svg");
  clearTimeout(whyTimer);
  let g = svg && svg.querySelector("#why-marks");
  if (g) g.remove();
  if (!svg || !squares.length) return;
  g = document.createElementNS(SVG, "g");
  g.id = "why-marks";
  svg.append(g);
  for (const s of squares) mark(`why why-${s.role}`, s.square, null, g);
  $("message").dataset.marked = squares.map((s) => `${s.role}:${s.square}`).join(" ");
  whyTimer = setTimeout(() => g.remove(), 6000);
}

function picker(done, orMore) {
  const box = $("picker");
  box.textContent = orMore ? "Choose, or click a highlighted square: " : "Choose: ";
  for (const a of done) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = a.san;
    b.dataset.action = String(a.i);
    b.dataset.san = a.san;
    b.addEventListener("click", () => { clicks = []; hidePicker(); act({ action: a.i }); });
    box.append(b);
  }
  const c = document.createElement("button");
  c.type = "button";
  c.textContent = "cancel";
  c.addEventListener("click", () => { clicks = []; hidePicker(); marks(); });
  box.append(c);
  box.hidden = false;
  box.querySelector("button").focus();
}

function hidePicker() { $("picker").hidden = true; }

function rectOf(sq) {
  return $("board").querySelector(`rect[data-sq="${CSS.escape(sq)}"]`);
}

function mark(cls, sq, shape, group) {
  const r = rectOf(sq);
  const g = group || $("board").querySelector("#marks");
  if (!r || !g) return;
  const x = +r.getAttribute("x"), y = +r.getAttribute("y"), w = +r.getAttribute("width");
  let el;
  if (shape === "dot") {
    el = document.createElementNS(SVG, "circle");
    el.setAttribute("cx", x + w / 2); el.setAttribute("cy", y + w / 2); el.setAttribute("r", w / 6);
  } else if (shape === "ring") {
    el = document.createElementNS(SVG, "circle");
    el.setAttribute("cx", x + w / 2); el.setAttribute("cy", y + w / 2); el.setAttribute("r", w / 2 - 3);
  } else {
    el = document.createElementNS(SVG, "rect");
    el.setAttribute("x", x + 2); el.setAttribute("y", y + 2);
    el.setAttribute("width", w - 4); el.setAttribute("height", w - 4);
  }
  el.setAttribute("class", cls);
  el.dataset.mark = sq;
  g.append(el);
}

// Highlight the clicks made and where each can go next.
function marks() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  let g = svg.querySelector("#marks");
  if (g) g.remove();
  g = document.createElementNS(SVG, "g");
  g.id = "marks";
  svg.append(g);
  for (const c of clicks) if (c.startsWith("s:")) mark("mark-sel", c.slice(2));
  const next = new Map();
  const buttons = new Map();
  if (clicks.length) {
    for (const { a, path } of matches(clicks)) {
      const s = path[clicks.length];
      if (!s) continue;
      if (s.startsWith("s:")) next.set(s.slice(2), next.get(s.slice(2)) || a.capture);
      if (s.startsWith("b:")) buttons.set(s, a);
    }
  }
  for (const [sq, cap] of next) mark(cap ? "mark-ring mark-target" : "mark-dot mark-target", sq, cap ? "ring" : "dot");
  if (cursor) mark("mark-cursor", cursor);
  for (const b of $("hands").querySelectorAll("button[data-step]")) {
    b.classList.toggle("chosen", clicks.includes(b.dataset.step));
  }
  // Buttons: actions that start with one (a pass, a revealed card).
  const box = $("buttons");
  box.textContent = "";
  if (!pos || pos.over || !pos.human) return;
  for (const a of pos.actions) {
    for (const path of a.paths) {
      if (path.length === 1 && path[0].startsWith("b:")) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = path[0] === "b:pass" ? "Pass" : a.san;
        b.addEventListener("click", () => act({ action: a.i }));
        box.append(b);
      }
    }
  }
}

// ---- keyboard ----

function keys(e) {
  const rects = [...$("board").querySelectorAll("rect[data-sq]")];
  if (!rects.length) return;
  const at = (sq) => rects.find((r) => r.dataset.sq === sq);
  if (!cursor || !at(cursor)) cursor = rects[0].dataset.sq;
  if (two.ARROWS[e.key]) {
    e.preventDefault();
    const best = two.arrowStep(rects, at(cursor), two.ARROWS[e.key]);
    if (best) cursor = best.dataset.sq;
    marks();
    say(`square ${cursor}`, true);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    click("s:" + cursor);
    cardLink(manKind(cursor));
  } else if (e.key === "c" || e.key === "C") {
    // The card of the man under the keyboard's square.
    const k = manKind(cursor);
    if (k !== undefined) { e.preventDefault(); openCard(k); $("card-view").focus(); }
  } else if (e.key === "Escape") {
    clicks = []; hidePicker(); marks();
  }
}

// ---- analysis ----

async function startAnalysis() {
  if (!pos || pos.over) return;
  try {
    await api("/api/analysis/start", { game: pos.id, lines: Number($("lines").value) });
    analysing = true;
    $("analyse").textContent = "Stop";
    lines = [];
    drawLines();
  } catch (e) { say(e.message); }
}

async function stopAnalysis() {
  if (!analysing) return;
  analysing = false;
  $("analyse").textContent = "Analyse";
  try { await api("/api/analysis/stop", {}); } catch { /* the server is gone */ }
}

function scoreText(s) {
  if (s.mate !== undefined) return s.mate > 0 ? `#${s.mate}` : `#-${-s.mate}`;
  return (s.cp >= 0 ? "+" : "") + (s.cp / 100).toFixed(2);
}

function showLine(ev) {
  lines[ev.line - 1] = ev;
  drawLines();
}

function drawLines() {
  const box = $("analysis");
  box.textContent = "";
  for (const l of lines) {
    if (!l) continue;
    const div = document.createElement("div");
    div.className = "line";
    div.textContent = `${scoreText(l.score)}  ${l.pv.join(" ")}`;
    box.append(div);
  }
  const best = lines[0];
  let share = 0.5;
  if (best) {
    const s = best.score;
    share = s.mate !== undefined ? (s.mate > 0 ? 1 : 0) : 1 / (1 + Math.exp(-s.cp / 250));
    box.dataset.depth = String(best.depth);
    const d = document.createElement("div");
    d.textContent = `for ${best.for}; depth ${best.depth}, ${best.nodes} nodes, ${best.nps} nodes/s`;
    box.prepend(d);
  }
  $("evalfill").style.width = `${(share * 100).toFixed(1)}%`;
}

// ---- pieces (cards) ----

export async function pieces() {
  const box = $("pieces");
  box.textContent = "";
  cards = [];
  try {
    const r = await api("/api/pieces", source());
    cards = r.pieces;
    for (const c of cards) box.append(cardElement(c));
  } catch (e) {
    box.textContent = e.message;
  }
  const k = Number($("card-link").dataset.kind);
  if (!$("card-view").hidden && cards[k]) openCard(k);
}

// The kind of the man on a square (its card's index), if any.
function manKind(sq) {
  return pos && pos.men && Object.prototype.hasOwnProperty.call(pos.men, sq) ? pos.men[sq] : undefined;
}

// Offer the card of the man just clicked.
function cardLink(kind) {
  const a = $("card-link");
  const c = kind === undefined ? null : cards[kind];
  a.hidden = !c;
  if (!c) return;
  a.dataset.kind = String(kind);
  a.textContent = `${c.letter}: the ${c.name}'s card`;
}

// Open a piece's card beside the board (and mark it in the Pieces tab).
export function openCard(kind) {
  const c = cards[kind];
  if (!c) return;
  const v = $("card-view");
  v.textContent = "";
  const close = document.createElement("button");
  close.type = "button";
  close.className = "close";
  close.textContent = "×";
  close.title = "close the card";
  close.setAttribute("aria-label", "close the card");
  close.addEventListener("click", () => { v.hidden = true; });
  v.append(close, cardElement(c));
  v.hidden = false;
  v.dataset.kind = String(kind);
  v.scrollIntoView({ block: "nearest" });
  for (const d of $("pieces").querySelectorAll(".card")) d.classList.toggle("chosen", d.dataset.kind === String(kind));
}

function pawns(cp) {
  return (cp / 100).toFixed(cp % 100 === 0 ? 0 : 2);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// A card: name and letter, the Betza text and the moves in words, the
// value, the promotion, the rules that name it, and each move diagram
// (SVG from the server's renderer, which escapes every text) with its
// legend.
function cardElement(c) {
  const div = el("div", "card");
  div.dataset.kind = String(c.kind);
  div.append(el("h3", null, `${c.letter} — ${c.name}`));
  const betza = el("p", "betza", "moves ");
  betza.append(el("code", null, c.betza));
  div.append(betza);
  if (c.moves.length) {
    const ul = el("ul", "moves");
    for (const m of c.moves) ul.append(el("li", null, m));
    div.append(ul);
  }
  div.append(el("p", "value", c.royal ? "royal: it may never be left attacked; no value"
    : c.value === null ? "no value"
    : `value ${pawns(c.value)} pawns (${c.value_given ? "from the rule file" : "estimated from its moves"})`));
  if (c.promotion) div.append(el("p", "promotion", c.promotion));
  for (const r of c.rules) if (!(c.royal && r.startsWith("Royal:"))) div.append(el("p", "rule", r));
  for (const d of c.diagrams) {
    const fig = el("figure", "diagram");
    const pic = el("div", "pic");
    pic.innerHTML = d.svg;
    fig.append(pic);
    const cap = el("figcaption");
    cap.append(el("span", "title", d.title.charAt(0).toUpperCase() + d.title.slice(1)));
    for (const l of d.legend) {
      const item = el("span", "legend");
      item.append(legendIcon(l.mark), " " + l.meaning);
      cap.append(item);
    }
    fig.append(cap);
    div.append(fig);
  }
  return div;
}

// The mark of a legend as the diagram draws it.
function legendIcon(kind) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", "16"); svg.setAttribute("height", "16"); svg.setAttribute("viewBox", "0 0 48 48");
  svg.setAttribute("aria-hidden", "true");
  const circle = (r, fill, stroke, width) => {
    const c = document.createElementNS(SVG, "circle");
    c.setAttribute("cx", "24"); c.setAttribute("cy", "24"); c.setAttribute("r", String(r));
    c.setAttribute("fill", fill);
    if (stroke) { c.setAttribute("stroke", stroke); c.setAttribute("stroke-width", String(width)); }
    svg.append(c);
  };
  if (kind === "move" || kind === "move_or_capture") circle(7, "#15781b");
  if (kind === "capture" || kind === "move_or_capture") circle(19, "none", "#b22222", 4);
  if (kind === "initial") circle(7, "none", "#15781b", 3);
  return svg;
}
