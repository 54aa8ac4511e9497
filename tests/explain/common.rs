//! The explanation tests' common steps: a shipped variant's session, a
//! `why`, and a game played from its start. Included by `#[path]`.

#![allow(dead_code)]

use varia::explain::*;
use varia::play::session::Session;

pub fn session(variant: &str, fen: Option<&str>) -> Session {
    let v = varia::load::builtin(variant, &[]).expect("built-in variant");
    Session::new(&v, fen, 1).expect("position")
}

pub fn why(s: &Session, text: &str) -> Explanation {
    explain_text(s, text)
}

pub fn played(variant: &str, moves: &[&str]) -> Session {
    let mut s = session(variant, None);
    for m in moves {
        let mv = s.parse(m).expect("legal");
        s.play_noted(mv);
    }
    s
}
