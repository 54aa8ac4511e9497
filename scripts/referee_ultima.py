#!/usr/bin/env python3
"""An independent referee for Ultima (Baroque chess), counting perft for
variants/catalogue/ultima.variant. It shares no code with varia and is
written from the published rules: Robert Abbott's game of 1962 as
D. B. Pritchard's Classified Encyclopedia of Chess Variants and
https://www.chessvariants.com/other.dir/ultima.html describe it, with
https://en.wikipedia.org/wiki/Baroque_chess and vchess/xogo's "Baroque"
rules (their diagrams) for the details, choosing where they differ as the
variant file's comments say:

* K king: one step any way, takes by landing on an enemy man; royal.
* P pincer pawn: slides as a rook to empty squares; after the move each
  enemy man orthogonally next to its destination with a man of the mover's
  side on the far square is taken.
* W withdrawer: slides as a queen to empty squares; takes the enemy man
  next to its start, on the side opposite its direction of motion.
* L long leaper: slides as a queen; along its line it may leap single
  enemy men that have an empty square beyond, several in one move,
  sliding on over empty squares; it takes the men leapt; it lands on an
  empty square; it never leaps its own men or two men in a row.
* C coordinator: slides as a queen to empty squares; takes the enemy men
  on (its file, its king's rank) and (its king's file, its rank).
* I immobiliser: slides as a queen to empty squares; takes nothing; enemy
  men on the 8 squares around it cannot move (and so take nothing).
* X chameleon: slides as a queen to empty squares; takes an enemy king by
  a king's step onto it; leaps enemy long leapers as a long leaper does
  (and only them); after a plain slide takes an enemy withdrawer it
  withdraws from, enemy coordinators by coordination with its own king,
  and, when the slide is along a rank or file, enemy pawns by custody;
  enemy immobilisers around it cannot move; it never takes a chameleon.
* Every capture of a move happens together. A move is legal when after it
  no enemy man that can move could take the mover's king by one of its
  moves.
* With --suicide (variants/catalogue/ultima-suicide.variant): Abbott's
  optional rule, "an immobilised piece may commit suicide", i.e. be
  removed from the board instead of its player's move (Wikipedia,
  "Baroque chess"; Game Courier's Ultima preset: not the king). A
  suicide is legal when the king is not left in check after it.

Usage: referee_ultima.py FEN DEPTH [--divide] [--suicide]
(FEN: board and side only)
"""

import sys

N = 8
QUEEN = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK = QUEEN[:4]


def parse(fen):
    rows, side = fen.split()[:2]
    board = {}
    for r, row in enumerate(rows.split("/")):
        x = 0
        for ch in row:
            if ch.isdigit():
                x += int(ch)
            else:
                board[(x, N - 1 - r)] = ch
                x += 1
    return board, 0 if side == "w" else 1


def side_of(ch):
    return 0 if ch.isupper() else 1


def inside(sq):
    return 0 <= sq[0] < N and 0 <= sq[1] < N


def add(sq, d, k=1):
    return (sq[0] + d[0] * k, sq[1] + d[1] * k)


def held(board, sq):
    """Whether the man on sq is immobilised."""
    ch = board[sq]
    mine = side_of(ch)
    for d in QUEEN:
        other = board.get(add(sq, d))
        if other is None or side_of(other) == mine:
            continue
        if other.upper() == "I":
            return True
        if other.upper() == "X" and ch.upper() == "I":
            return True
    return False


def king_of(board, side):
    for sq, ch in board.items():
        if ch.upper() == "K" and side_of(ch) == side:
            return sq
    return None


def enemy_on(board, sq, me, kinds=None):
    ch = board.get(sq)
    if ch is None or side_of(ch) == me:
        return False
    return kinds is None or ch.upper() in kinds


def pincer_victims(after, to, me, kinds):
    out = set()
    for d in ROOK:
        q, far = add(to, d), add(to, d, 2)
        if enemy_on(after, q, me, kinds):
            f = after.get(far)
            if f is not None and side_of(f) == me:
                out.add(q)
    return out


def coordinator_victims(after, to, me, kinds):
    king = king_of(after, me)
    out = set()
    if king is None:
        return out
    for q in [(to[0], king[1]), (king[0], to[1])]:
        if q != to and enemy_on(after, q, me, kinds):
            out.add(q)
    return out


def slides(board, sq, dirs):
    for d in dirs:
        q = add(sq, d)
        while inside(q) and q not in board:
            yield d, q
            q = add(q, d)


def leaps(board, sq, me, leapable):
    """(to, men leapt) of the leaps from sq over enemy men of `leapable`."""
    for d in QUEEN:
        q = add(sq, d)
        jumped = []
        while inside(q):
            if q not in board:
                if jumped:
                    yield q, list(jumped)
                q = add(q, d)
                continue
            beyond = add(q, d)
            if (enemy_on(board, q, me, leapable) and inside(beyond)
                    and beyond not in board):
                jumped.append(q)
                q = beyond
                continue
            break


def after_move(board, frm, to):
    b = dict(board)
    b[to] = b.pop(frm)
    return b


def pseudo_moves(board, me):
    """(from, to, taken) of every move of side `me`, the king's safety aside."""
    out = []
    for sq, ch in list(board.items()):
        if side_of(ch) != me or held(board, sq):
            continue
        kind = ch.upper()
        if kind == "K":
            for d in QUEEN:
                t = add(sq, d)
                if not inside(t):
                    continue
                if t not in board:
                    out.append((sq, t, set()))
                elif side_of(board[t]) != me:
                    out.append((sq, t, {t}))
            continue
        if kind == "P":
            for d, t in slides(board, sq, ROOK):
                out.append((sq, t, pincer_victims(after_move(board, sq, t), t, me, None)))
            continue
        for d, t in slides(board, sq, QUEEN):
            taken = set()
            after = after_move(board, sq, t)
            back = add(sq, (-d[0], -d[1]))
            if kind == "W" and enemy_on(board, back, me):
                taken.add(back)
            if kind == "C":
                taken |= coordinator_victims(after, t, me, None)
            if kind == "X":
                if enemy_on(board, back, me, "W"):
                    taken.add(back)
                taken |= coordinator_victims(after, t, me, "C")
                if d in ROOK:
                    taken |= pincer_victims(after, t, me, "P")
            out.append((sq, t, taken))
        if kind == "L":
            for t, men in leaps(board, sq, me, None):
                out.append((sq, t, set(men)))
        if kind == "X":
            for t, men in leaps(board, sq, me, "L"):
                out.append((sq, t, set(men)))
            for d in QUEEN:
                t = add(sq, d)
                if enemy_on(board, t, me, "K"):
                    out.append((sq, t, {t}))
    return out


SUICIDE = "--suicide" in sys.argv


def play(board, mv):
    frm, to, taken = mv
    b = dict(board)
    if to is None:
        # A suicide: the man leaves the board.
        del b[frm]
        return b
    for q in taken:
        del b[q]
    b[to] = b.pop(frm)
    return b


def suicides(board, me):
    """The suicides of side `me`: each immobilised man but the king."""
    if not SUICIDE:
        return []
    return [(sq, None, set()) for sq, ch in board.items()
            if side_of(ch) == me and ch.upper() != "K" and held(board, sq)]


def in_check(board, me):
    king = king_of(board, me)
    if king is None:
        return True
    return any(king in taken or to == king for _, to, taken in pseudo_moves(board, 1 - me))


def legal_moves(board, me):
    return [mv for mv in pseudo_moves(board, me) + suicides(board, me)
            if not in_check(play(board, mv), me)]


def perft(board, me, depth):
    moves = legal_moves(board, me)
    if depth == 1:
        return len(moves)
    return sum(perft(play(board, mv), 1 - me, depth - 1) for mv in moves)


def name(sq):
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def main():
    fen, depth = sys.argv[1], int(sys.argv[2])
    board, me = parse(fen)
    if "--divide" in sys.argv:
        total = 0
        for mv in sorted(legal_moves(board, me), key=lambda m: (name(m[0]), name(m[1] or m[0]))):
            n = 1 if depth == 1 else perft(play(board, mv), 1 - me, depth - 1)
            text = f"suicide-{name(mv[0])}" if mv[1] is None else f"{name(mv[0])}{name(mv[1])}"
            print(f"{text}: {n}")
            total += n
        print(total)
    else:
        print(perft(board, me, depth))


if __name__ == "__main__":
    main()
