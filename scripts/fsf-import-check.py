#!/usr/bin/env python3
"""Import a Fairy-Stockfish variants.ini with `varia import` and compare
perft on every converted section's start position with Fairy-Stockfish.

For each section of the file:
  - converted: `varia perft FILE DEPTH` against Fairy-Stockfish's
    `go perft DEPTH` (with `setoption name VariantPath value INI` and
    `setoption name UCI_Variant value SECTION`): equal or different;
  - refused: the reasons `varia import` gave.

Prints a Markdown table (every section accounted for) and a summary;
exit status 0 when every converted section counts the same, 1 otherwise.

With --export FILE..., the other way round: each varia variant is written
with `varia export --format fsf-ini`, and perft of the original (varia),
of the exported section (Fairy-Stockfish) and of that section imported
again (varia) are compared; variants `export` refuses are listed with the
first reason.

Example (Fairy-Stockfish built with `make -j2 build ARCH=x86-64-modern
largeboards=yes all=yes` in its src/):

  scripts/fsf-import-check.py --ini ~/Fairy-Stockfish/src/variants.ini \\
      --fsf ~/Fairy-Stockfish/src/stockfish --varia target/release/varia
  scripts/fsf-import-check.py --fsf ~/Fairy-Stockfish/src/stockfish \\
      --export variants/*.variant variants/catalogue/*.variant
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile


def fsf_perft(fsf, ini, section, depth, timeout):
    cmds = (
        f"setoption name VariantPath value {ini}\n"
        f"setoption name UCI_Variant value {section}\n"
        "position startpos\n"
        f"go perft {depth}\n"
        "quit\n"
    )
    try:
        p = subprocess.run([fsf], input=cmds, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "Fairy-Stockfish timed out"
    for line in p.stdout.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1]), ""
    return None, "no perft count from Fairy-Stockfish"


def varia_perft(varia, path, depth, timeout):
    try:
        p = subprocess.run([varia, "perft", path, str(depth), "--json"], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "varia timed out"
    if p.returncode != 0:
        return None, (p.stderr.strip().splitlines() or ["varia perft failed"])[0]
    try:
        return int(json.loads(p.stdout)["nodes"]), ""
    except (ValueError, KeyError):
        return None, "no perft count from varia"


def short(reasons):
    out = []
    for r in reasons:
        key = r["key"]
        if r.get("inherited_from"):
            key += f" (from {r['inherited_from']})"
        out.append(f"`{key}`: {r['reason']}")
    text = "; ".join(out)
    return text.replace("|", "\\|")


def export_check(args):
    work = args.out or tempfile.mkdtemp(prefix="fsf-export-")
    os.makedirs(work, exist_ok=True)

    def one(path):
        name = os.path.basename(path).removesuffix(".variant")
        p = subprocess.run([args.varia, "export", path, "--format", "fsf-ini"], capture_output=True, text=True)
        if p.returncode != 0:
            first = next((l for l in p.stderr.splitlines() if l.startswith("error")), "refused")
            return name, "refused", None, None, None, first
        ini = os.path.join(work, name + ".ini")
        with open(ini, "w") as f:
            f.write(p.stdout)
        section = next(l[1:-1] for l in p.stdout.splitlines() if l.startswith("["))
        out = os.path.join(work, name)
        q = subprocess.run([args.varia, "import", ini, "--out", out, "--force", "--format", "json"],
                           capture_output=True, text=True)
        report = json.loads(q.stdout)
        s = report["sections"][0]
        v, ve = varia_perft(args.varia, path, args.depth, args.timeout)
        f, fe = fsf_perft(args.fsf, os.path.abspath(ini), section, args.depth, args.timeout)
        if s["status"] != "converted":
            return name, "not imported", v, f, None, short(s["refused"])
        b, be = varia_perft(args.varia, s["file"], args.depth, args.timeout)
        ok = v is not None and v == f == b
        return name, "equal" if ok else "DIFFERENT", v, f, b, ve or fe or be

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        rows = list(ex.map(one, args.export))
    print(f"| variant | result | varia perft {args.depth} | Fairy-Stockfish perft {args.depth} (exported) | varia perft {args.depth} (imported back) | notes |")
    print("|---|---|---|---|---|---|")
    counts = {}
    for name, result, v, f, b, note in rows:
        counts[result] = counts.get(result, 0) + 1
        cell = lambda x: "" if x is None else x
        print(f"| {name} | {result} | {cell(v)} | {cell(f)} | {cell(b)} | {note.replace('|', '/')} |")
    print()
    print(f"{len(rows)} variants: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) + ".")
    sys.exit(0 if counts.get("DIFFERENT", 0) == 0 and counts.get("not imported", 0) == 0 else 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ini", help="the variants.ini to import")
    ap.add_argument("--export", nargs="+", metavar="VARIANT", help="check export (and import back) of these varia variants")
    ap.add_argument("--fsf", required=True, help="a Fairy-Stockfish binary (largeboards, all variants)")
    ap.add_argument("--varia", default="target/release/varia", help="the varia binary")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--out", help="keep the imported files in this directory")
    args = ap.parse_args()
    if args.export:
        return export_check(args)
    if not args.ini:
        ap.error("--ini or --export is required")
    ini = os.path.abspath(args.ini)
    out = args.out or tempfile.mkdtemp(prefix="fsf-import-")
    p = subprocess.run(
        [args.varia, "import", ini, "--out", out, "--force", "--format", "json"],
        capture_output=True, text=True,
    )
    if p.returncode not in (0, 1):
        sys.exit(f"varia import failed: {p.stderr}")
    report = json.loads(p.stdout)
    sections = report["sections"]

    def work(s):
        if s["status"] != "converted":
            return s, None, None, ""
        v, ve = varia_perft(args.varia, s["file"], args.depth, args.timeout)
        f, fe = fsf_perft(args.fsf, ini, s["section"], args.depth, args.timeout)
        return s, v, f, ve or fe

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        rows = list(ex.map(work, sections))

    equal = different = refused = 0
    print(f"| section | parent | result | varia perft {args.depth} | Fairy-Stockfish perft {args.depth} | notes |")
    print("|---|---|---|---|---|---|")
    for s, v, f, err in rows:
        parent = s["parent"] or ""
        notes = short(s["not_encoded"]) if s["not_encoded"] else ""
        if s["status"] != "converted":
            refused += 1
            print(f"| {s['section']} | {parent} | refused | | | {short(s['refused'])} |")
            continue
        if v is not None and v == f:
            equal += 1
            result = "equal"
        else:
            different += 1
            result = "DIFFERENT"
            notes = (err + "; " + notes).strip("; ")
        print(f"| {s['section']} | {parent} | {result} | {v if v is not None else ''} | {f if f is not None else ''} | {notes} |")
    print()
    print(f"{len(sections)} sections: {equal} converted and equal, {different} converted and different, {refused} refused.")
    sys.exit(0 if different == 0 else 1)


if __name__ == "__main__":
    main()
