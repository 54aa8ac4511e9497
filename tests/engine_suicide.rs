//! `actions ..., suicide` (docs/LANGUAGE.md "`suicide`"): an immobilised
//! man leaves the board as its player's action, on the catalogue's
//! ultima-suicide (Ultima with Abbott's optional rule). Each edge case is
//! a position of tests/perft/ultima-suicide.perft, whose counts come from
//! the independent referee scripts/referee_ultima.py `--suicide`.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, mv};
use varia::engine::{Game, Status};
use varia::explain::{explain_text, Reason};
use varia::notation::Describe;
use varia::play::session::Session;

fn suicides(list: &[String]) -> Vec<String> {
    list.iter()
        .filter(|m| m.starts_with("suicide"))
        .cloned()
        .collect()
}

fn session(variant: &str, fen: &str) -> Session {
    let v = varia::load::builtin(variant, &[]).expect("built-in variant");
    Session::new(&v, Some(fen), 1).expect("position")
}

#[test]
fn an_immobilised_man_may_leave_the_board() {
    let t = builtin("ultima-suicide");
    // The white immobiliser on e5 and the black one on d5 hold each other:
    // either may go, and nothing else changes (the quiet count resets, as
    // on a capture).
    let p = fen(&t, "k7/8/8/3iI3/8/8/8/K7 w - - 7 1");
    assert_eq!(suicides(&moves(&p)), ["suicide-e5"]);
    let mut g = Game::new(p.clone());
    g.play(mv(&p, "suicide-e5"));
    assert_eq!(g.position().fen(), "k7/8/8/3i4/8/8/8/K7 b - - 0 1");
}

#[test]
fn an_immobiliser_held_by_a_chameleon_may_leave() {
    let t = builtin("ultima-suicide");
    let p = fen(&t, "k7/8/8/3xI3/8/8/8/K7 w - - 0 1");
    assert_eq!(suicides(&moves(&p)), ["suicide-e5"]);
}

#[test]
fn a_free_man_never_commits_suicide() {
    let t = builtin("ultima-suicide");
    let p = fen(&t, "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1");
    assert!(suicides(&moves(&p)).is_empty());
}

#[test]
fn without_the_action_an_immobilised_man_stays() {
    // Plain ultima: the same position has no suicide.
    let t = builtin("ultima");
    let p = fen(&t, "k7/8/8/3iI3/8/8/8/K7 w - - 0 1");
    assert!(suicides(&moves(&p)).is_empty());
    assert_eq!(moves(&p).len(), 3);
}

#[test]
fn a_royal_man_never_commits_suicide() {
    let t = builtin("ultima-suicide");
    // The king on a1 and the pawn on a2 are both held by b2: the pawn's
    // suicide is White's only action.
    let p = fen(&t, "k7/8/8/8/8/8/Pi6/K7 w - - 0 1");
    assert_eq!(moves(&p), ["suicide-a2"]);
    // With the king alone, held, White has no action: stalemate, lost.
    let g = Game::new(fen(&t, "k7/8/8/8/8/8/1i6/K7 w - - 0 1"));
    assert!(g.position().legal_moves().is_empty());
    assert!(
        matches!(g.status(), Status::Ended { winners: 2, .. }),
        "{:?}",
        g.status()
    );
}

#[test]
fn a_man_that_shields_its_king_may_not_leave() {
    let t = builtin("ultima-suicide");
    // The pawn on e4, held by d5, stands between the black long leaper on
    // e8 and the white king on e3: without it the leaper would leap the
    // king.
    let p = fen(&t, "k3l3/8/8/3i4/4P3/4K3/8/8 w - - 0 1");
    assert!(suicides(&moves(&p)).is_empty());
}

#[test]
fn an_immobiliser_may_not_free_an_attacker_of_its_king() {
    let t = builtin("ultima-suicide");
    // The white immobiliser on c2 holds the black withdrawer on d2 (which
    // would take the king on e1 by withdrawing to c3); it is itself held
    // by b2, but its suicide would free the withdrawer.
    let p = fen(&t, "k7/8/8/8/8/8/1iIw4/4K3 w - - 0 1");
    assert!(suicides(&moves(&p)).is_empty());
    // Black's immobiliser on b2 may go: nothing of Black's is then attacked.
    let p = fen(&t, "k7/8/8/8/8/8/1iIw4/4K3 b - - 0 1");
    assert_eq!(suicides(&moves(&p)), ["suicide-b2", "suicide-d2"]);
}

#[test]
fn suicide_is_read_in_every_spelling() {
    let t = builtin("ultima-suicide");
    let p = fen(&t, "k7/8/8/3iI3/8/8/8/K7 w - - 0 1");
    let m = mv(&p, "suicide-e5");
    assert_eq!(p.move_text(m), "suicide-e5");
    // Typed as a player types it (session parsing is lenient).
    let s = session("ultima-suicide", "k7/8/8/3iI3/8/8/8/K7 w - - 0 1");
    for text in ["suicide-e5", "suicide e5", "suicide Ie5", "Suicide-e5"] {
        assert_eq!(s.parse(text).ok(), Some(m), "{text}");
    }
    assert_eq!(s.san(m), "suicide-e5");
}

#[test]
fn why_explains_a_refused_suicide() {
    // Not an action of the variant.
    let s = session("ultima", "k7/8/8/3iI3/8/8/8/K7 w - - 0 1");
    let e = explain_text(&s, "suicide e5");
    assert!(matches!(e.reason, Reason::NoSuicide), "{e:?}");
    // A royal man.
    let s = session("ultima-suicide", "k7/8/8/8/8/8/Pi6/K7 w - - 0 1");
    let e = explain_text(&s, "suicide a1");
    assert!(
        matches!(&e.reason, Reason::SuicideRoyal { man } if man == "your king on a1"),
        "{e:?}"
    );
    assert!(!e.legal);
    // A man no immobiliser holds.
    let s = session("ultima-suicide", "k7/8/8/3iI3/8/8/8/K6P w - - 0 1");
    let e = explain_text(&s, "suicide h1");
    assert!(
        matches!(&e.reason, Reason::NotImmobilised { man } if man == "your pincer on h1"),
        "{e:?}"
    );
    // A shield: the king would be attacked by the leaper.
    let s = session("ultima-suicide", "k3l3/8/8/3i4/4P3/4K3/8/8 w - - 0 1");
    let e = explain_text(&s, "suicide e4");
    assert!(
        matches!(&e.reason, Reason::InCheck { royal, by }
            if royal == "your king on e3" && by == &["Black's leaper on e8".to_string()]),
        "{e:?}"
    );
    // No man there, and another player's man.
    let e = explain_text(&s, "suicide a4");
    assert!(matches!(e.reason, Reason::NoMan { .. }), "{e:?}");
    let e = explain_text(&s, "suicide d5");
    assert!(matches!(e.reason, Reason::NotYours { .. }), "{e:?}");
    // And a legal one.
    let s = session("ultima-suicide", "k7/8/8/3iI3/8/8/8/K7 w - - 0 1");
    let e = explain_text(&s, "suicide e5");
    assert!(e.legal, "{e:?}");
}

#[test]
fn suicide_without_an_immobiliser_is_unreachable() {
    let c = varia::load::load_str(
        "nosuicide.variant",
        "variant nosuicide extends chess {\n  actions move, suicide\n}\n",
        &[],
    );
    assert_eq!(c.variants.len(), 1, "{:?}", c.diagnostics);
    assert!(
        c.diagnostics.iter().any(|d| d.code == "unreachable"),
        "{:?}",
        c.diagnostics
    );
    // It compiles, and no suicide is ever generated.
    let t = std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).expect("compiles"));
    let p = varia::engine::Position::start(t).expect("starts");
    assert_eq!(p.legal_moves().len(), 20);
}

#[test]
fn describe_names_the_suicide() {
    let v = varia::load::builtin("ultima-suicide", &[]).expect("ultima-suicide");
    let d = varia::describe::describe(&v).expect("describes");
    let text = serde_json::to_string(&d).expect("json");
    assert!(
        text.contains("takes off the board one of their men that an enemy immobiliser holds"),
        "{text}"
    );
    let v = varia::load::builtin("ultima", &[]).expect("ultima");
    let text =
        serde_json::to_string(&varia::describe::describe(&v).expect("describes")).expect("json");
    assert!(!text.contains("takes off the board"), "{text}");
}
