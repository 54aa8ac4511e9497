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

/// Promoted forms over XBoard: chu is XBoard's own; the shogi family is
/// told its forms by `setup`; a promoted man turned back (`-`) has no
/// XBoard text.
#[test]
fn promoted_forms_over_xboard() {
    use varia::protocol::xboard::refusal;
    for n in [
        "chu",
        "shogi",
        "minishogi",
        "shoshogi",
        "euroshogi",
        "torishogi",
        "yarishogi",
        "dobutsu",
    ] {
        let v = varia::load::builtin(n, &[]).unwrap();
        assert!(refusal(&v).is_none(), "{n}: {:?}", refusal(&v));
    }
    for n in ["kyotoshogi", "micro"] {
        let v = varia::load::builtin(n, &[]).unwrap();
        let why = refusal(&v).unwrap_or_else(|| panic!("{n}"));
        assert!(
            why.contains("back into") && why.contains("(`-`)"),
            "{n}: {why}"
        );
    }
}
