#!/usr/bin/env bash
# Regenerate assets/vendor/codemirror.js: CodeMirror 6 (the editor of
# `varia serve`'s page) bundled into one ES module, from pinned npm
# versions, with the licences of every package it contains in
# assets/vendor/codemirror.LICENSE. Needs node and npm; run it only to
# change the versions below (the bundle is committed: building varia and
# running its page fetch nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
out=assets/vendor
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/package.json" <<'JSON'
{
  "name": "varia-codemirror-bundle",
  "private": true,
  "dependencies": {
    "@codemirror/state": "6.7.6",
    "@codemirror/view": "6.43.15",
    "@codemirror/commands": "6.11.1",
    "@codemirror/language": "6.13.1",
    "@codemirror/lint": "6.9.8",
    "@lezer/highlight": "1.2.5",
    "esbuild": "0.28.2"
  }
}
JSON
cat > "$work/entry.js" <<'JS'
export { EditorState, StateEffect, StateField } from "@codemirror/state";
export { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from "@codemirror/view";
export { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
export { StreamLanguage, syntaxHighlighting, defaultHighlightStyle, bracketMatching, indentOnInput } from "@codemirror/language";
export { lintGutter, setDiagnostics, forEachDiagnostic } from "@codemirror/lint";
JS
# The lock file pins every package, not only the ones named above: with it
# the bundle is rebuilt from exactly the same sources.
lock=scripts/vendor-codemirror.lock.json
if [ -f "$lock" ]; then
  cp "$lock" "$work/package-lock.json"
  (cd "$work" && npm ci --no-audit --no-fund --silent)
else
  (cd "$work" && npm install --no-audit --no-fund --silent)
  cp "$work/package-lock.json" "$lock"
fi
"$work/node_modules/.bin/esbuild" "$work/entry.js" --bundle --format=esm --minify \
  --legal-comments=none --target=es2020 --outfile="$out/codemirror.js"
# The licences of every package in the bundle (all MIT).
{
  echo "assets/vendor/codemirror.js bundles these npm packages (scripts/vendor-codemirror.sh):"
  echo
  for d in $(cd "$work/node_modules" && ls -d @*/* [a-z]* | grep -v '^esbuild$\|^@esbuild/' | sort); do
    lic=$(ls "$work/node_modules/$d" | grep -i -m1 '^licen[cs]e') || continue
    ver=$(node -p "require('$work/node_modules/$d/package.json').version")
    echo "==== $d $ver ===="
    cat "$work/node_modules/$d/$lic"
    echo
  done
} > "$out/codemirror.LICENSE"
ls -l "$out/codemirror.js" "$out/codemirror.LICENSE"
