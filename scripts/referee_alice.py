#!/usr/bin/env python3
"""An independent referee for Alice chess (perft only).

Shares no code with varia. Written from the rules of Alice chess as
D. B. Pritchard (The Classified Encyclopedia of Chess Variants, 2007,
"Alice Chess") and chessvariants.com ("Alice Chess", with Fergus Duniho's
note on en passant) state them, with the choices documented in
variants/catalogue/alice.variant:
- two boards, A and B; every man starts on A;
- a move is made on the board where the man stands, by the rules of chess
  on that board alone (only that board's men block, are captured, give
  check); the square it reaches must be empty on the other board, and the
  man then passes to that square of the other board;
- after the whole move (the pass included) the mover's king may not be
  attacked by an enemy man on the board where the king stands;
- castling: king and rook on their start squares of A and unmoved, the
  squares between them empty on A, the king not attacked on A and the
  square it crosses not attacked on A; the king's and rook's arrival
  squares empty on B; both pass to B (where the king may not be attacked);
- a pawn's double step makes the square it crossed an en-passant target
  on the board the pawn passed to; only a pawn on that board may take it,
  on the next move, moving to that square (which must be empty there) and
  then passing to the other board;
- a pawn on its last rank promotes to Q, R, B or N (then passes).

Positions are written as varia writes a board in layers: 16 ranks, board
B's rank 8 first (ranks 16..9), then board A's (8..1); a square of B is
named with its rank plus 8 (B's e4 is e12).

Usage: referee_alice.py DEPTH [FEN] [-d]
"""
import sys

W, H, L = 8, 8, 2
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK = KING[:4]
BISHOP = KING[4:]
START = ("8/8/8/8/8/8/8/8/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
         " w KQkq - 0 1")


def step(c, d):
    """The square d away from c on c's own board, or None."""
    b, x, y = c
    x, y = x + d[0], y + d[1]
    if 0 <= x < W and 0 <= y < H:
        return (b, x, y)
    return None


def mirror(c):
    """The same square on the other board."""
    return ((c[0] + 1) % L, c[1], c[2])


def colour(p):
    return "w" if p.isupper() else "b"


def other(s):
    return "b" if s == "w" else "w"


def attacked(board, c, by):
    """Whether a man of side `by` on c's board attacks c."""
    def mine(p, kinds):
        return p is not None and colour(p) == by and p.upper() in kinds

    for d in KNIGHT:
        t = step(c, d)
        if t and mine(board.get(t), "N"):
            return True
    for d in KING:
        t = step(c, d)
        if t and mine(board.get(t), "K"):
            return True
    fwd = 1 if by == "w" else -1
    for dx in (-1, 1):
        t = step(c, (dx, -fwd))
        if t and mine(board.get(t), "P"):
            return True
    for dirs, kinds in ((ROOK, "RQ"), (BISHOP, "BQ")):
        for d in dirs:
            t = step(c, d)
            while t:
                p = board.get(t)
                if p is not None:
                    if mine(p, kinds):
                        return True
                    break
                t = step(t, d)
    return False


class Pos:
    def __init__(self, board, side, castling, ep):
        self.board = board  # (b, x, y) -> letter
        self.side = side
        self.castling = castling  # set of "K", "Q", "k", "q"
        self.ep = ep  # (target, victim) or None


def parse_square(s):
    x = ord(s[0]) - ord("a")
    r = int(s[1:]) - 1
    return (r // H, x, r % H)


def parse_fen(fen):
    parts = fen.split()
    rows = parts[0].split("/")
    assert len(rows) == H * L, "expected %d ranks" % (H * L)
    board = {}
    for i, row in enumerate(rows):
        gy = H * L - 1 - i
        x = 0
        n = ""
        for ch in row:
            if ch.isdigit():
                n += ch
                continue
            if n:
                x += int(n)
                n = ""
            board[(gy // H, x, gy % H)] = ch
            x += 1
    side = parts[1]
    castling = set(parts[2]) - {"-"}
    ep = None
    if parts[3] != "-":
        t = parse_square(parts[3])
        d = 1 if side == "b" else -1  # the victim stands beyond the target
        ep = (t, (t[0], t[1], t[2] + d))
    return Pos(board, side, castling, ep)


def king_of(board, side):
    k = "K" if side == "w" else "k"
    for c, p in board.items():
        if p == k:
            return c
    return None


def pseudo(pos):
    """Moves on the mover's own board: (from, to, promo, kind, extra)."""
    out = []
    side, board = pos.side, pos.board
    fwd = 1 if side == "w" else -1
    last = H - 1 if side == "w" else 0
    second = 1 if side == "w" else H - 2
    for c, p in list(board.items()):
        if colour(p) != side:
            continue
        u = p.upper()
        if u == "P":
            def add(t, kind="n", extra=None):
                if t[2] == last:
                    for q in "QRBN":
                        out.append((c, t, q if side == "w" else q.lower(), kind, extra))
                else:
                    out.append((c, t, None, kind, extra))
            t = step(c, (0, fwd))
            if t and t not in board:
                add(t)
                t2 = step(t, (0, fwd))
                if c[2] == second and c[0] == 0 and t2 and t2 not in board:
                    out.append((c, t2, None, "double", t))
            for dx in (-1, 1):
                t = step(c, (dx, fwd))
                if not t:
                    continue
                q = board.get(t)
                if q is not None and colour(q) != side:
                    add(t)
                elif q is None and pos.ep and pos.ep[0] == t:
                    add(t, "ep", pos.ep[1])
        elif u == "N" or u == "K":
            for d in (KNIGHT if u == "N" else KING):
                t = step(c, d)
                if t:
                    q = board.get(t)
                    if q is None or colour(q) != side:
                        out.append((c, t, None, "n", None))
        else:
            dirs = {"R": ROOK, "B": BISHOP, "Q": KING}[u]
            for d in dirs:
                t = step(c, d)
                while t:
                    q = board.get(t)
                    if q is None:
                        out.append((c, t, None, "n", None))
                    else:
                        if colour(q) != side:
                            out.append((c, t, None, "n", None))
                        break
                    t = step(t, d)
    # Castling, on board A.
    y = 0 if side == "w" else H - 1
    k, r = ("K", "R") if side == "w" else ("k", "r")
    for right, rx, kto, rto, between, crossed in (
        ("K", 7, 6, 5, (5, 6), 5),
        ("Q", 0, 2, 3, (1, 2, 3), 3),
    ):
        right = right if side == "w" else right.lower()
        if right not in pos.castling:
            continue
        kc, rc = (0, 4, y), (0, rx, y)
        if board.get(kc) != k or board.get(rc) != r:
            continue
        if any((0, x, y) in board for x in between):
            continue
        if attacked(board, kc, other(side)) or attacked(board, (0, crossed, y), other(side)):
            continue
        out.append((kc, (0, kto, y), None, "castle", (rc, (0, rto, y))))
    return out


def make(pos, mv):
    """The position after mv, or None when the pass is barred."""
    frm, to, promo, kind, extra = mv
    board = dict(pos.board)
    castling = set(pos.castling)
    man = board.pop(frm)
    moved = [(to, promo or man)]
    if kind == "castle":
        rc, rto = extra
        moved.append((rto, board.pop(rc)))
    if kind == "ep":
        del board[extra]
    board.pop(to, None)  # a capture on the mover's board
    # The pass: every man of the move to the same square of the other board.
    for sq, m in moved:
        if mirror(sq) in board:
            return None
    for sq, m in moved:
        board[mirror(sq)] = m
    # Castling rights: a king or rook that leaves its start square, or a
    # capture on a rook's start square (all on board A).
    for sq in (frm, to):
        for right, c in (("K", (0, 7, 0)), ("Q", (0, 0, 0)), ("k", (0, 7, H - 1)), ("q", (0, 0, H - 1))):
            if sq == c:
                castling.discard(right)
        if sq == (0, 4, 0):
            castling -= {"K", "Q"}
        if sq == (0, 4, H - 1):
            castling -= {"k", "q"}
    ep = None
    if kind == "double":
        target = mirror(extra)
        if target not in board:
            ep = (target, mirror(to))
    nxt = Pos(board, other(pos.side), castling, ep)
    k = king_of(board, pos.side)
    if k is not None and attacked(board, k, nxt.side):
        return None
    return nxt


def legal(pos):
    out = []
    for mv in pseudo(pos):
        n = make(pos, mv)
        if n is not None:
            out.append((mv, n))
    return out


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = legal(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(n, depth - 1) for _, n in moves)


def name(c):
    return "%s%d" % (chr(ord("a") + c[1]), c[0] * H + c[2] + 1)


def write_fen(pos):
    rows = []
    for gy in range(H * L - 1, -1, -1):
        row, n = "", 0
        for x in range(W):
            p = pos.board.get((gy // H, x, gy % H))
            if p is None:
                n += 1
                continue
            if n:
                row += str(n)
                n = 0
            row += p
        rows.append(row + (str(n) if n else ""))
    cs = "".join(c for c in "KQkq" if c in pos.castling) or "-"
    ep = name(pos.ep[0]) if pos.ep else "-"
    return "%s %s %s %s 0 1" % ("/".join(rows), pos.side, cs, ep)


def main():
    if "--random" in sys.argv:
        # --random PLIES SEED [FEN]: a FEN after PLIES random legal moves.
        import random
        i = sys.argv.index("--random")
        plies, seed = int(sys.argv[i + 1]), int(sys.argv[i + 2])
        rest = sys.argv[i + 3:]
        pos = parse_fen(rest[0] if rest else START)
        rng = random.Random(seed)
        for _ in range(plies):
            moves = legal(pos)
            if not moves:
                break
            pos = rng.choice(moves)[1]
        print(write_fen(pos))
        return
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    depth = int(args[0])
    fen = args[1] if len(args) > 1 else START
    pos = parse_fen(fen)
    if "-d" in sys.argv:
        total = 0
        for mv, n in legal(pos):
            c = perft(n, depth - 1)
            total += c
            print("%s%s%s %d" % (name(mv[0]), name(mv[1]), (mv[2] or "").lower(), c))
        print("total", total)
    else:
        print(perft(pos, depth))


if __name__ == "__main__":
    main()
