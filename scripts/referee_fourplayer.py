#!/usr/bin/env python3
"""An independent referee for four-player chess, free for all, played for
points (the catalogue's `fourplayer`): it replays games that `varia
simulate fourplayer --out games.jsonl` wrote, checks every action legal
under its own move generator, recomputes every point and every
elimination, and checks each game's end, points and winners.

Shares no code with varia (plain Python, no chess library). Written from
the rules of chess.com's "4 Player Chess" club page (13 Sep 2017,
"Current Rules"), as the catalogue file's header restates them, with the
file's stated readings where that page says nothing:
- a 14x14 board without its four 3x3 corners; red (south, to act first),
  blue (west), yellow (north), green (east) act in turn, clockwise; each
  army is red's turned by 90, 180 and 270 degrees (red: R d1 k1, N e1 j1,
  B f1 i1, Q g1, K h1, pawns d2..k2);
- men move and capture as in chess (a rider stops at the board's edge and
  at a missing corner square); a pawn steps forward (its owner's
  forward), two from its first square over an empty square, captures one
  diagonal step forward; no en passant; it becomes a queen on its 8th
  rank (red rank 8, blue file h, yellow rank 7, green file g);
- castling as in chess, with either rook of the king's line: king and rook
  unmoved, the squares between empty, the king not attacked on its square,
  the square it crosses or the one it lands on (two towards the rook, the
  rook on the square it crossed);
- an action may not leave the mover's king attacked by any other player's
  man; a king left in check by one player may be taken by another before
  its owner acts: its owner is then out as if mated, by the taker;
- after every action each other player still in, in turn order from the
  mover, is looked at as if it were its turn; one without a legal action
  is out (mated when its king is attacked, else stalemated), its men leave
  the board, and the look repeats until nobody more is out;
- points: a capture scores the man's kind (pawn 1, knight 3, bishop 5,
  rook 5, queen 9; a queen made by promotion 1; a king 0); each mate 20 to
  the mover (a king taken counts as a mate); each stalemate 20 to the
  mover; one action after which the mover's men attack two kings of other
  players scores 5, three kings 15 (counted before the eliminations of
  that action); a resignation that leaves one player gives that player
  20;
- the game ends when one player is left, at the third occurrence of a
  position (the men, who acts, the castling rights and the points), or
  after 50 moves of each player still in (50 times their number, in
  actions) without a capture or a pawn move; then every player, those out
  included, is ranked by points: the most points win (a tie shares the
  win, all equal is a draw).

Usage: referee_fourplayer.py GAMES.jsonl... [-v]
Prints one line per game that disagrees, and a summary; exits 1 on any
disagreement. A game that starts elsewhere than the start position is
not read (it counts as a disagreement).

Runs (2026-11-30, varia at branch scores3):
  varia simulate fourplayer --players random,random,random,random -n 100 \
      --seed 2 --max-plies 2000 --out rand.jsonl
  -> 100 games, 87645 actions replayed, 0 disagree; agreed ends:
     checkmate 3, move rule 95, repetition 2
  varia simulate fourplayer --players ai:3,random,random,random -n 100 \
      --seed 1 --out ai3.jsonl   (and the same with --values FILE, points = 0)
  -> 200 games, 32897 actions replayed, 0 disagree; agreed ends:
     checkmate 199, ply cap 1
  60 games of four UCI seats of varia (points 100 against 0, 8,000 nodes,
  --random-plies 8; docs/STRENGTH.md, "Evaluation: points for events")
  -> 60 games, 14777 actions replayed, 0 disagree; agreed ends:
     checkmate 52, move rule 5, ply cap 2, repetition 1
"""
import json
import re
import sys

N = 14
PLAYERS = ["red", "blue", "yellow", "green"]
FORWARD = [(0, 1), (1, 0), (0, -1), (-1, 0)]
VALUE = {"P": 1, "N": 3, "B": 5, "R": 5, "Q": 9, "K": 0}
PROMOTED_VALUE = 1
MATE, STALEMATE, RESIGN = 20, 20, 20
CHECKS = {2: 5, 3: 15}
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK = [(1, 0), (0, 1), (-1, 0), (0, -1)]
BISHOP = [(1, 1), (-1, 1), (-1, -1), (1, -1)]


def real(x, y):
    return 0 <= x < N and 0 <= y < N and (3 <= x <= 10 or 3 <= y <= 10)


def name(sq):
    return "abcdefghijklmn"[sq[0]] + str(sq[1] + 1)


def turn_square(p, x, y):
    """Red's square (x, y) as player p's: turned clockwise p times."""
    for _ in range(p):
        x, y = y, N - 1 - x
    return (x, y)


def eighth(p, sq):
    x, y = sq
    return [y == 7, x == 7, y == 6, x == 6][p]


class Man:
    __slots__ = ("kind", "owner", "moved", "promoted")

    def __init__(self, kind, owner, moved=False, promoted=False):
        self.kind, self.owner, self.moved, self.promoted = kind, owner, moved, promoted

    def copy(self):
        return Man(self.kind, self.owner, self.moved, self.promoted)


class Game:
    def __init__(self):
        self.board = {}
        red = [("R", 3, 0), ("R", 10, 0), ("N", 4, 0), ("N", 9, 0), ("B", 5, 0),
               ("B", 8, 0), ("Q", 6, 0), ("K", 7, 0)]
        red += [("P", x, 1) for x in range(3, 11)]
        for p in range(4):
            for k, x, y in red:
                self.board[turn_square(p, x, y)] = Man(k, p)
        self.turn = 0
        self.alive = [True] * 4
        self.points = [0] * 4
        self.quiet = 0
        self.seen = {}
        self.over = None
        self.note(self.key())

    # --- attacks and moves -------------------------------------------------

    def attacks(self, frm, man):
        """The squares `man` on `frm` attacks."""
        x, y = frm
        out = []
        if man.kind == "P":
            fx, fy = FORWARD[man.owner]
            for side in (-1, 1):
                # Diagonally forward: forward plus one step aside.
                dx, dy = (side, fy) if fx == 0 else (fx, side)
                t = (x + dx, y + dy)
                if real(*t):
                    out.append(t)
            return out
        if man.kind in "NK":
            for dx, dy in (KNIGHT if man.kind == "N" else KING):
                t = (x + dx, y + dy)
                if real(*t):
                    out.append(t)
            return out
        dirs = {"R": ROOK, "B": BISHOP, "Q": ROOK + BISHOP}[man.kind]
        for dx, dy in dirs:
            t = (x + dx, y + dy)
            while real(*t):
                out.append(t)
                if t in self.board:
                    break
                t = (t[0] + dx, t[1] + dy)
        return out

    def attacked_by(self, sq, players):
        for frm, m in self.board.items():
            if m.owner in players and sq in self.attacks(frm, m):
                return True
        return False

    def enemies(self, p):
        return [q for q in range(4) if q != p and self.alive[q]]

    def king_of(self, p):
        for sq, m in self.board.items():
            if m.owner == p and m.kind == "K":
                return sq
        return None

    def in_check(self, p):
        k = self.king_of(p)
        return k is not None and self.attacked_by(k, self.enemies(p))

    def pseudo(self, p):
        """(from, to, promotes, castle_rook) of p's men, before the check test."""
        out = []
        fx, fy = FORWARD[p]
        for frm, m in list(self.board.items()):
            if m.owner != p:
                continue
            if m.kind == "P":
                one = (frm[0] + fx, frm[1] + fy)
                if real(*one) and one not in self.board:
                    out.append((frm, one, eighth(p, one), None))
                    two = (one[0] + fx, one[1] + fy)
                    if not m.moved and real(*two) and two not in self.board:
                        out.append((frm, two, eighth(p, two), None))
                for t in self.attacks(frm, m):
                    v = self.board.get(t)
                    if v is not None and v.owner != p:
                        out.append((frm, t, eighth(p, t), None))
                continue
            for t in self.attacks(frm, m):
                v = self.board.get(t)
                if v is None or v.owner != p:
                    out.append((frm, t, False, None))
            if m.kind == "K" and not m.moved:
                out += self.castlings(p, frm)
        return out

    def castlings(self, p, k):
        out = []
        foes = self.enemies(p)
        for dx, dy in ROOK:
            t = (k[0] + dx, k[1] + dy)
            between = []
            while real(*t) and t not in self.board:
                between.append(t)
                t = (t[0] + dx, t[1] + dy)
            r = self.board.get(t)
            if r is None or r.owner != p or r.kind != "R" or r.moved or len(between) < 2:
                continue
            cross, land = between[0], between[1]
            if any(self.attacked_by(s, foes) for s in (k, cross, land)):
                continue
            out.append((k, land, False, (t, cross)))
        return out

    def make(self, mv):
        """Play mv; returns what undo needs (a copy of the state)."""
        frm, to, promotes, castle = mv
        m = self.board.pop(frm)
        taken = self.board.get(to)
        m = m.copy()
        m.moved = True
        if promotes:
            m.kind, m.promoted = "Q", True
        self.board[to] = m
        if castle:
            rfrom, rto = castle
            r = self.board.pop(rfrom).copy()
            r.moved = True
            self.board[rto] = r
        return taken

    def legal(self, p):
        out = []
        for mv in self.pseudo(p):
            saved = dict(self.board)
            self.make(mv)
            k = self.king_of(p)
            ok = k is None or not self.attacked_by(k, self.enemies(p))
            self.board = saved
            if ok:
                out.append(mv)
        return out

    # --- the record's text -------------------------------------------------

    def find(self, text):
        p = self.turn
        moves = self.legal(p)
        t = text.rstrip("+#")
        if t in ("O-O", "O-O-O"):
            long = t == "O-O-O"
            hits = []
            for mv in moves:
                if mv[3] is None:
                    continue
                (kx, ky), (rx, ry) = mv[0], mv[3][0]
                is_long = rx < kx if ky == ry else ry < ky
                if is_long == long:
                    hits.append(mv)
            return hits, moves
        g = re.fullmatch(r"([KQRBN])?([a-n]?)(\d*)(x?)([a-n])(\d+)(?:=([QRBN]))?", t)
        if not g:
            return [], moves
        kind = g.group(1) or "P"
        ffile, frank, cap = g.group(2), g.group(3), g.group(4) == "x"
        to = ("abcdefghijklmn".index(g.group(5)), int(g.group(6)) - 1)
        hits = []
        for mv in moves:
            frm, dest, promotes, castle = mv
            if castle or dest != to or self.board[frm].kind != kind:
                continue
            if ffile and name(frm)[0] != ffile:
                continue
            if frank and name(frm)[1:] != frank:
                continue
            if cap != (dest in self.board):
                continue
            if bool(g.group(7)) != promotes:
                continue
            hits.append(mv)
        return hits, moves

    # --- a whole action ----------------------------------------------------

    def key(self):
        men = tuple(sorted((sq, m.kind, m.owner, m.promoted) for sq, m in self.board.items()))
        rights = tuple(sorted(sq for sq, m in self.board.items()
                              if m.kind in "KR" and not m.moved))
        return (men, rights, self.turn, tuple(self.points), tuple(self.alive))

    def note(self, k):
        self.seen[k] = self.seen.get(k, 0) + 1
        return self.seen[k]

    def next_in(self, p):
        for i in range(1, 5):
            q = (p + i) % 4
            if self.alive[q]:
                return q
        return p

    def eliminate(self, q):
        self.alive[q] = False
        for sq in [s for s, m in self.board.items() if m.owner == q]:
            del self.board[sq]

    def act(self, mv):
        p = self.turn
        frm = mv[0]
        mover_kind = self.board[frm].kind
        taken = self.make(mv)
        if taken is not None:
            self.points[p] += PROMOTED_VALUE if taken.promoted else VALUE[taken.kind]
        # Kings of other players the mover's men attack.
        checked = 0
        for q in range(4):
            if q != p and self.alive[q]:
                k = self.king_of(q)
                if k is not None and self.attacked_by(k, [p]):
                    checked += 1
        self.points[p] += CHECKS.get(checked, 0)
        # A king taken: its owner is out, as if mated.
        if taken is not None and taken.kind == "K":
            self.eliminate(taken.owner)
            self.points[p] += MATE
        changed = True
        while changed:
            changed = False
            for i in range(1, 4):
                q = (p + i) % 4
                if not self.alive[q]:
                    continue
                if self.king_of(q) is None:
                    self.eliminate(q)
                    self.points[p] += MATE
                    changed = True
                    continue
                if not self.legal(q):
                    mated = self.in_check(q)
                    self.eliminate(q)
                    self.points[p] += MATE if mated else STALEMATE
                    changed = True
        if taken is not None or mover_kind == "P":
            self.quiet = 0
        else:
            self.quiet += 1
        self.turn = self.next_in(p)
        self.judge()

    def resign(self):
        p = self.turn
        self.eliminate(p)
        if sum(self.alive) == 1:
            self.points[self.alive.index(True)] += RESIGN
        self.turn = self.next_in(p)
        self.quiet += 1
        self.judge()

    def judge(self):
        n = self.note(self.key())
        left = sum(self.alive)
        if left <= 1:
            self.over = "one left"
        elif n >= 3:
            self.over = "repetition"
        elif self.quiet >= 50 * left:
            self.over = "50 moves"

    def winners(self):
        most = max(self.points)
        if all(x == most for x in self.points):
            return []
        return [PLAYERS[p] for p in range(4) if self.points[p] == most]


def board_of(fen):
    """The men of a FEN's board as {square: (kind, owner)} (`yR`: a yellow
    rook; `*` a missing square; `(u)` and `~` marks are skipped)."""
    men = {}
    rows = fen.split("<")[0].split(" ")[0].split("/")
    for i, row in enumerate(rows):
        y, x = N - 1 - i, 0
        for tok in re.findall(r"\d+|\*|[rbyg][A-Z](?:\(u\))?~?", row):
            if tok.isdigit():
                x += int(tok)
            elif tok == "*":
                x += 1
            else:
                men[(x, y)] = (tok[1], "rbyg".index(tok[0]))
                x += 1
    return men


def referee(line, verbose):
    rec = json.loads(line)
    who = "game %s" % rec.get("game", "?")
    g = Game()
    start = rec.get("fen") or rec.get("start")
    if start:
        mine = {sq: (m.kind, m.owner) for sq, m in g.board.items()}
        rest = start.split(">", 1)[-1].split()
        if (board_of(start) != mine or "<score:0/0/0/0>" not in start
                or rest[0] != "r" or rest[-2:] != ["0", "1"]):
            return who + ": starts elsewhere than the start position (not read here)", 0
    for i, text in enumerate(rec["actions"]):
        if g.over:
            return "%s: ply %d (%s) after the end (%s)" % (who, i + 1, text, g.over), i
        if text == "resign":
            g.resign()
            continue
        hits, moves = g.find(text)
        if len(hits) != 1:
            return "%s: ply %d: %s matches %d of the %d legal actions of %s" % (
                who, i + 1, text, len(hits), len(moves), PLAYERS[g.turn]), i
        g.act(hits[0])
        if verbose:
            print(i + 1, text, g.points, g.alive)
    plies = len(rec["actions"])
    finished = rec.get("outcome") != "unfinished"
    if finished and not g.over:
        return "%s: the record ends (%s), the referee does not" % (who, rec.get("reason")), plies
    if not finished and g.over:
        return "%s: the referee ends the game (%s), the record does not" % (who, g.over), plies
    pts = "-".join(map(str, g.points))
    if rec.get("points") != pts:
        return "%s: points %s, the referee's %s" % (who, rec.get("points"), pts), plies
    if finished and sorted(rec.get("winners", [])) != sorted(g.winners()):
        return "%s: winners %s, the referee's %s (%s)" % (
            who, rec.get("winners"), g.winners(), g.over), plies
    return None, plies


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose = "-v" in sys.argv
    games = bad = plies = 0
    ends = {}
    for path in args:
        with open(path) as f:
            for line in f:
                if not line.strip():
                    continue
                games += 1
                err, n = referee(line, verbose)
                plies += n
                if err:
                    bad += 1
                    print(err)
                else:
                    r = json.loads(line).get("reason", "?")
                    ends[r] = ends.get(r, 0) + 1
    print("%d games, %d actions replayed, %d disagree; agreed ends: %s" % (
        games, plies, bad, ", ".join("%s %d" % kv for kv in sorted(ends.items()))))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
