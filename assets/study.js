// The study: `simulate` runs started from the page, their live progress,
// the report of `simulate --report`, and the games by interest.
import { api, source } from "./app.js";
import * as board from "./board.js";

const $ = (id) => document.getElementById(id);
let current = null;   // the study shown
let seatNames = [];

export function init() {
  $("study-form").addEventListener("submit", (e) => { e.preventDefault(); start(); });
  $("study-stop").addEventListener("click", async () => {
    if (current) { try { await api(`/api/study/${current}/stop`, {}); } catch (e) { $("study-status").textContent = e.message; } }
  });
}

export function seats(v) {
  if (!v) return;
  // Two boards: four seats, each board's two players (docs/SERVE.md).
  const players = v.boards === 2 ? ["WhiteA", "BlackA", "WhiteB", "BlackB"] : v.players;
  // Openings are for games of one board: a two-board study starts from the setup.
  $("study-openings").disabled = v.boards === 2;
  const names = players.join(",");
  if (names === seatNames.join(",")) return;
  seatNames = players;
  const box = $("study-seats");
  box.textContent = "";
  const kinds = ["random", "ai:1", "ai:2", "ai:3", "ai:4", "ai:5"];
  players.forEach((p, i) => {
    const label = document.createElement("label");
    const sel = document.createElement("select");
    sel.dataset.seat = String(i);
    for (const k of kinds) { const o = document.createElement("option"); o.value = k; o.textContent = k; sel.append(o); }
    sel.value = "ai:1";
    label.append(`${p} `, sel);
    box.append(label);
  });
}

async function start() {
  const players = [...$("study-seats").querySelectorAll("select")].map((s) => s.value);
  const body = {
    ...source(),
    players,
    games: Number($("study-games").value),
    seed: Number($("study-seed").value),
    max_plies: Number($("study-plies").value),
    openings: $("study-openings").disabled ? "" : $("study-openings").value,
  };
  $("study-status").textContent = "starting…";
  $("study-table").textContent = "";
  $("study-report").hidden = true;
  try {
    const r = await api("/api/study", body);
    current = r.study;
    $("study-stop").disabled = false;
    $("study-start").disabled = true;
    $("study-progress").value = 0;
    poll();
  } catch (e) {
    $("study-status").textContent = e.message;
  }
}

// One look at the study (events say when; this also covers a missed one).
async function poll() {
  if (!current) return;
  try { event(await api(`/api/study/${current}`)); } catch (e) { $("study-status").textContent = e.message; }
}

function scoreLine(ev) {
  const s = ev.summary;
  const pct = (x) => (100 * x).toFixed(1) + "%";
  if (s.first_seat) {
    const f = s.first_seat;
    const finished = f.wins + f.draws + f.losses;
    // An all-won or all-lost score has no finite Elo (the ±1200 is a clamp).
    const elo = f.score > 0 && f.score < 1 ? `, Elo ${f.elo >= 0 ? "+" : ""}${f.elo.toFixed(0)}` : "";
    return `${ev.seats[0]} scores ${pct(f.score)} over ${finished} finished game${finished === 1 ? "" : "s"} (95%: ${pct(f.low95)} to ${pct(f.high95)})${elo}` + unfinished(s);
  }
  return s.win_rates.map((r, i) => `${ev.seats[i]} ${pct(r.share)} (${pct(r.low95)}–${pct(r.high95)})`).join(", ") + unfinished(s);
}

// Games stopped at the ply cap count in no score: say how many.
function unfinished(s) {
  return s.unfinished ? `; ${s.unfinished} unfinished (ply cap)` : "";
}

export function event(ev) {
  if (ev.id !== current) return;
  const p = $("study-progress");
  p.max = ev.total;
  p.value = ev.done;
  const st = $("study-status");
  st.textContent = `${ev.done} of ${ev.total} games` + (ev.done ? ` — ${scoreLine(ev)}` : "") + (ev.error ? ` — ${ev.error}` : "");
  st.dataset.finished = String(ev.finished);
  if (ev.finished) {
    $("study-stop").disabled = true;
    $("study-start").disabled = false;
    if (ev.games) table(ev.games);
    else poll();
    const f = $("study-report");
    f.src = `/api/study/${current}/report`;
    f.hidden = false;
  }
}

function table(games) {
  const box = $("study-table");
  box.textContent = "";
  const h = document.createElement("h3");
  h.textContent = "Games, shortest decisive first";
  const t = document.createElement("table");
  t.className = "games";
  const head = t.insertRow();
  for (const c of ["game", "players", "plies", "result", ""]) { const th = document.createElement("th"); th.textContent = c; head.append(th); }
  for (const g of games) {
    const r = t.insertRow();
    r.insertCell().textContent = String(g.index + 1);
    r.insertCell().textContent = g.players.join(" vs ");
    r.insertCell().textContent = String(g.plies);
    r.insertCell().textContent = `${g.result} (${g.reason})`;
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "Replay";
    b.dataset.game = String(g.index);
    b.addEventListener("click", async () => {
      try { board.load(await api(`/api/study/${current}/replay`, { index: g.index })); } catch (e) { $("study-status").textContent = e.message; }
    });
    r.insertCell().append(b);
  }
  box.append(h, t);
}
