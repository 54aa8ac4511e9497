//! `play`'s `help`: the commands, and only the lines and notes that apply
//! to the game at hand (placing from the hand where men are placed, `draw`
//! where there are decks, the fog-of-war notes under fog...), so a person
//! playing chess reads about chess.

use varia::ir::{Outcome, Power, Shape, Variant};

/// The help text for the game `v` defines.
pub fn help_text(v: &Variant) -> String {
    let fog = v.turn.fog_of_war;
    let decks = v.turn.draw || v.setup.decks.iter().any(|d| !d.is_empty());
    let face_down = !v.turn.face_down.is_empty();
    let claims = v.end.iter().any(|r| r.then == Outcome::ClaimDraw);
    let swap = v
        .turn
        .powers
        .iter()
        .any(|p| matches!(p, Power::Swap { .. }));
    let floating = matches!(v.board.shape, Shape::Unbounded { .. });
    let many = v.players.len() > 2;

    let mut s = String::from("Type an action, or a command:\n");
    s.push_str("  e4  Nf3  exd5  e8=Q  O-O    SAN (case and x - = + # are optional)\n");
    s.push_str("  g1f3  e7e8q                 coordinates\n");
    if v.turn.place {
        s.push_str(
            "  N@e4  P@c3c4  B@d3/d4       place from the hand (then move it / return a man)\n",
        );
    }
    if decks {
        s.push_str("  draw                        draw your top card, then say where it goes\n");
    }
    if swap {
        s.push_str("  swap e1 h1                  a power that swaps two of your men\n");
    }
    s.push_str("  moves      list the legal actions        undo     take back your last action\n");
    if fog {
        s.push_str("  pieces     the pieces and their moves\n");
    } else {
        s.push_str(
            "  why MOVE   why an action is refused      pieces   the pieces and their moves\n",
        );
        s.push_str(
            "  hint [N]   what the AI would play (level N, 1-8; default 5), its score and line\n",
        );
    }
    s.push_str("  info PIECE a piece's moves, drawn on a board, its value and rules\n");
    s.push_str("  board      show the board again          flip     turn the board around\n");
    if claims {
        s.push_str(
            "  fen        print the position            claim    claim a draw when allowed\n",
        );
    } else {
        s.push_str("  fen        print the position\n");
    }
    s.push_str("  save FILE  write the game (PGN)          load FILE  replay a saved game\n");
    if many {
        s.push_str("  resign     give up (you leave and the game goes on while several remain)\n");
    } else {
        s.push_str("  resign     give up\n");
    }
    s.push_str("  quit       leave; the game stays unfinished (*) and is saved so with --save\n");
    s.push_str("  continue   go on after a Ctrl-C\n");
    s.push_str("  help       this text\n");
    s.push_str(
        "Ctrl-C asks what to do (twice: leave at once); with --save, Ctrl-C or a\n\
         hang-up saves the game so far and leaves.",
    );
    if floating {
        s.push_str(
            "\nOn a board without squares the area floats: after each action the board is\n\
             drawn again around the men, `+` marking where the area may still grow.",
        );
    }
    if decks {
        s.push_str(
            "\nWith decks, `moves` shows `draw` without revealing your next card, the\n\
             board lists the cards left in each deck, and `fen` writes them in a fixed\n\
             order (`--reveal` shows the hidden order, for a referee). A drawn card stays\n\
             drawn: `undo` takes back nothing before it.",
        );
    }
    if fog {
        s.push_str(
            "\nUnder fog of war the board shows only what your men see (`?` is fog), the\n\
             other side's moves are not named, `why`, `hint` and `fen` say nothing, and\n\
             with two people at one terminal the screen is cleared between their turns.",
        );
    }
    if fog || decks || face_down {
        s.push_str(
            "\nWhile a game that hides something (decks, face-down men, fog) goes on,\n\
             `save` writes your copy: no seed, and under fog the other side's moves as\n\
             `--`; it cannot be loaded (`--reveal` saves the referee's copy).",
        );
    }
    s
}
