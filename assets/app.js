// varia serve: the page. The editor, the files, the diagnostics and the
// live events; the board is board.js, the study study.js. Everything the
// page knows comes from the JSON API of the server it was loaded from.
import {
  EditorState, EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, defaultKeymap, history, historyKeymap, StreamLanguage, syntaxHighlighting,
  defaultHighlightStyle, bracketMatching, lintGutter, setDiagnostics,
} from "./vendor/codemirror.js";
import * as board from "./board.js";
import * as study from "./study.js";

const $ = (id) => document.getElementById(id);

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch(path, init);
  let data;
  try { data = await r.json(); } catch { data = { error: `HTTP ${r.status}` }; }
  if (!r.ok) { const e = new Error(data.error || `HTTP ${r.status}`); e.data = data; e.status = r.status; throw e; }
  return data;
}

// The rule language, for colours: the first word of a statement, strings,
// comments, numbers, `->`, `$options`.
const variantLang = StreamLanguage.define({
  startState: () => ({ first: true }),
  token(stream, state) {
    if (stream.sol()) state.first = true;
    if (stream.eatSpace()) return null;
    if (stream.match("#")) { stream.skipToEnd(); return "comment"; }
    if (stream.match(/^"([^"\\]|\\.)*"?/)) { state.first = false; return "string"; }
    if (stream.match("->")) return "operator";
    if (stream.match(/^[{};]/)) { state.first = true; return "punctuation"; }
    if (stream.match(/^\$[A-Za-z_][\w-]*/)) { state.first = false; return "variableName"; }
    if (stream.match(/^[0-9]+(x[0-9]+)?/)) { state.first = false; return "number"; }
    if (stream.match(/^[A-Za-z_][\w-]*/)) {
      const was = state.first; state.first = false;
      return was ? "keyword" : null;
    }
    stream.next(); state.first = false; return null;
  },
});

const state = {
  name: null,          // the file in the editor (a name in the folder, or builtin:NAME)
  readonly: false,
  saved: "",           // the text as last loaded or saved
  seq: 0,              // validation requests made
  report: null,        // the last validation report
  variants: [],        // the file's variants (name, title, players)
  info: {},
  lastValid: null,     // the text of the last valid check
};

let view;

function text() { return view.state.doc.toString(); }

function setText(t) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } });
}

// Line and column (1-based, in characters) to a position in the document.
function offset(line, col) {
  const doc = view.state.doc;
  if (line < 1) return 0;
  if (line > doc.lines) return doc.length;
  const l = doc.line(line);
  const chars = Array.from(l.text).slice(0, Math.max(0, col - 1)).join("");
  return Math.min(l.from + chars.length, l.to);
}

// Put the editor's cursor on a line (a rule an explanation quotes).
export function goToLine(line) {
  const doc = view.state.doc;
  if (line < 1 || line > doc.lines) return;
  const l = doc.line(line);
  view.dispatch({ selection: { anchor: l.from, head: l.to }, scrollIntoView: true });
  view.focus();
}

export function shownName() {
  if (!state.name) return "untitled.variant";
  return state.name.startsWith("builtin:") ? state.name.slice(8) + ".variant" : state.name;
}

function showDiagnostics(rep) {
  const mine = shownName();
  const cm = [];
  const list = $("diagnostics");
  list.textContent = "";
  for (const d of rep.diagnostics) {
    const div = document.createElement("div");
    div.className = "diag";
    const sev = document.createElement("span");
    sev.className = "sev-" + d.severity;
    sev.textContent = `${d.severity}[${d.code}]`;
    div.append(sev, ` ${d.file}:${d.line}:${d.column}: ${d.message}`);
    for (const h of d.hints) {
      const hd = document.createElement("div");
      hd.className = "hint";
      hd.textContent = "hint: " + h;
      div.append(hd);
    }
    if (d.file === mine && d.line > 0) {
      let from = offset(d.line, d.column), to = offset(d.end_line, d.end_column);
      if (to <= from) to = Math.min(from + 1, view.state.doc.length);
      if (to <= from && from > 0) from -= 1;
      const msg = d.message + (d.hints.length ? "\nhint: " + d.hints.join("\nhint: ") : "");
      cm.push({ from, to, severity: d.severity, message: msg, source: d.code });
      div.addEventListener("click", () => {
        view.dispatch({ selection: { anchor: from }, scrollIntoView: true });
        view.focus();
      });
    }
    list.append(div);
  }
  view.dispatch(setDiagnostics(view.state, cm));
  const errors = rep.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = rep.diagnostics.length - errors;
  const st = $("status");
  st.className = rep.valid ? "ok" : "bad";
  st.textContent = rep.valid
    ? `valid${warnings ? `, ${warnings} warning${warnings > 1 ? "s" : ""}` : ""}`
    : `${errors} error${errors > 1 ? "s" : ""}${warnings ? `, ${warnings} warning${warnings > 1 ? "s" : ""}` : ""}`;
  st.dataset.checked = String(state.seq);
  if (state.editAt) st.dataset.latency = String(Math.round(performance.now() - state.editAt));
}

function fillVariants() {
  const sel = $("variant");
  const old = sel.value;
  sel.textContent = "";
  for (const v of state.variants) {
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.boards === 2 ? `${v.title} (two boards, 4 seats)` : `${v.title} (${v.players.length} players)`;
    sel.append(o);
  }
  if (state.variants.some((v) => v.name === old)) sel.value = old;
  // A file with errors defines no variant: say so rather than show an
  // empty list (the board keeps the last game until the file is valid).
  sel.disabled = state.variants.length === 0;
  if (sel.disabled) {
    const o = document.createElement("option");
    o.value = "";
    o.textContent = "(none until the file is valid)";
    sel.append(o);
  }
}

export function source() {
  return { name: state.name || "untitled.variant", text: text(), variant: $("variant").value || null };
}

export function currentVariant() {
  return state.variants.find((v) => v.name === $("variant").value) || state.variants[0];
}

let timer = null;
async function check() {
  const seq = ++state.seq;
  const t = text();
  const started = performance.now();
  let res;
  try {
    res = await api("/api/validate", { name: state.name || "untitled.variant", text: t });
  } catch (e) {
    $("status").textContent = e.message;
    return;
  }
  if (seq !== state.seq) return; // an older answer
  state.report = res.report;
  state.variants = res.variants;
  fillVariants();
  showDiagnostics(res.report);
  $("status").dataset.ms = String(Math.round(performance.now() - started));
  if (res.report.valid && state.variants.length && t !== state.lastValid) {
    const first = state.lastValid === null;
    state.lastValid = t;
    if (first || $("auto-restart").checked) board.start({});
    study.seats(currentVariant());
    board.pieces();
  }
}

function scheduleCheck() {
  clearTimeout(timer);
  timer = setTimeout(check, 250);
}

function dirty() { return text() !== state.saved; }

async function open(name) {
  const res = await api("/api/file?name=" + encodeURIComponent(name));
  state.name = res.name;
  state.readonly = res.readonly;
  state.saved = res.text;
  state.lastValid = null;
  setText(res.text);
  $("file").value = name;
  $("banner").hidden = true;
  check();
}

async function save(name) {
  if (!name) return;
  try {
    await api("/api/save", { name, text: text() });
    state.name = name;
    state.saved = text();
    await listFiles(name);
    message(`saved ${name}`);
  } catch (e) {
    message(e.message, true);
  }
}

function message(text, bad) {
  const b = $("banner");
  b.hidden = false;
  b.textContent = text;
  b.style.background = bad ? "#f8d7da" : "";
  clearTimeout(message.t);
  message.t = setTimeout(() => { b.hidden = true; }, 5000);
}

async function listFiles(select) {
  const res = await api("/api/files");
  const sel = $("file");
  sel.textContent = "";
  const group = (label, names, prefix) => {
    if (!names.length) return;
    const g = document.createElement("optgroup");
    g.label = label;
    for (const n of names) {
      const o = document.createElement("option");
      o.value = prefix + n;
      o.textContent = n;
      g.append(o);
    }
    sel.append(g);
  };
  group(state.info.folder ? "folder" : "files", res.files, "");
  group("built-in (read-only)", res.builtins, "builtin:");
  if (select) sel.value = select;
  return res;
}

function download(name, body, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([body], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}
export { download, message };

function events() {
  const es = new EventSource("/api/events");
  es.onmessage = (m) => {
    let ev;
    try { ev = JSON.parse(m.data); } catch { return; }
    if (ev.type === "file" && ev.name === state.name) {
      if (!dirty()) open(state.name);
      else {
        const b = $("banner");
        b.hidden = false;
        b.textContent = `${ev.name} changed on disk. `;
        const btn = document.createElement("button");
        btn.textContent = "Load it (lose my edits)";
        btn.onclick = () => open(state.name);
        b.append(btn);
      }
    } else if (ev.type === "game" || ev.type === "analysis" || ev.type === "analysis-done") {
      board.event(ev);
    } else if (ev.type === "study") {
      study.event(ev);
    } else if (ev.type === "lagged") {
      board.refresh();
    }
  };
}

function tabs() {
  const names = ["play", "study", "pieces"];
  for (const n of names) {
    $("tab-" + n).addEventListener("click", () => {
      for (const m of names) {
        $("tab-" + m).setAttribute("aria-selected", String(m === n));
        $("pane-" + m).hidden = m !== n;
      }
    });
  }
}

async function main() {
  view = new EditorView({
    parent: $("editor"),
    state: EditorState.create({
      doc: "",
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), history(), drawSelection(),
        highlightActiveLine(), bracketMatching(), lintGutter(), variantLang,
        syntaxHighlighting(defaultHighlightStyle),
        keymap.of([
          { key: "Mod-s", run: () => { $("save").click(); return true; } },
          ...defaultKeymap, ...historyKeymap,
        ]),
        EditorView.updateListener.of((u) => { if (u.docChanged) { state.editAt = performance.now(); scheduleCheck(); } }),
        EditorView.contentAttributes.of({ "aria-label": "rule file text" }),
      ],
    }),
  });
  window.varia = { view, state, check, board: board.current, starting: board.starting };
  tabs();
  board.init();
  study.init();
  state.info = await api("/api/info");
  const files = await listFiles();
  $("file").addEventListener("change", () => {
    if (dirty() && !confirm("Leave the edits of this file unsaved?")) { $("file").value = state.name; return; }
    open($("file").value);
  });
  $("variant").addEventListener("change", () => { board.start({}); study.seats(currentVariant()); board.pieces(); });
  $("save").addEventListener("click", () => {
    if (!state.info.writable) { message("varia serve was started without a file or folder: download instead", true); return; }
    if (!state.name || state.name.startsWith("builtin:")) { $("save-as").click(); return; }
    save(state.name);
  });
  $("save-as").addEventListener("click", () => {
    if (!state.info.writable) { message("varia serve was started without a file or folder: download instead", true); return; }
    const n = prompt("Save as (a .variant file in the folder):", shownName());
    if (n) save(n);
  });
  $("download").addEventListener("click", () => download(shownName(), text(), "text/plain"));
  $("new-file").addEventListener("click", () => {
    if (dirty() && !confirm("Leave the edits of this file unsaved?")) return;
    state.name = null; state.saved = ""; state.lastValid = null;
    setText(state.info.template);
  });
  events();
  const first = state.info.default || files.files[0] || "builtin:chess";
  await open(first);
}

main();
