//! Which shipped variants the engine protocols refuse (moved here from unit
//! tests so that `src/` names no game).

#[test]
fn decks_are_refused() {
    let v = varia::load::builtin("raindropchess", &[]).unwrap();
    assert!(varia::protocol::unsupported(&v, false).is_some());
    let v = varia::load::builtin("quatrochess", &[]).unwrap();
    assert!(varia::protocol::unsupported(&v, true).is_some());
    assert!(varia::protocol::unsupported(&v, false).is_none());
}

#[test]
fn placement_games_are_refused_by_xboard() {
    use varia::protocol::xboard::refusal;
    for n in ["echek", "raindropchess", "quatrochess"] {
        let v = varia::load::builtin(n, &[]).unwrap();
        assert!(refusal(&v).is_some(), "{n}");
    }
    for n in ["chess", "capablanca", "crazyhouse", "losalamos"] {
        let v = varia::load::builtin(n, &[]).unwrap();
        assert!(refusal(&v).is_none(), "{n}: {:?}", refusal(&v));
    }
}
