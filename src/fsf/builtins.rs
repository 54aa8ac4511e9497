//! Fairy-Stockfish's built-in variants, the parents a section may name:
//! facts written as ini sections in `builtins.ini` (from Fairy-Stockfish's
//! src/variant.cpp), read once with the same reader and option table as a
//! user's file.

use super::ini;
use super::options::{self, Origin, Resolved};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// The fact table's text.
pub const TEXT: &str = include_str!("builtins.ini");

fn table() -> &'static BTreeMap<String, Resolved> {
    static TABLE: OnceLock<BTreeMap<String, Resolved>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let file: Arc<str> = Arc::from("builtins.ini");
        let parsed = ini::parse(&file, TEXT);
        let mut out: BTreeMap<String, Resolved> = BTreeMap::new();
        for s in &parsed.sections {
            let base = match &s.parent {
                None => Resolved::default(),
                Some(p) => out.get(p).cloned().unwrap_or_default(),
            };
            let (mut r, _, _) = options::apply(&base, s, |_| Origin::Builtin(s.name.clone()));
            r.rules.conclude();
            // A helper's facts are named after the variant that uses them.
            if !s.name.starts_with('_') {
                for o in r.origins.values_mut() {
                    if matches!(o, Origin::Builtin(n) if n.starts_with('_')) {
                        *o = Origin::Builtin(s.name.clone());
                    }
                }
            }
            out.insert(s.name.clone(), r);
        }
        out
    })
}

/// A built-in variant by name (helpers, whose names start with `_`, are
/// not variants).
pub fn get(name: &str) -> Option<Resolved> {
    if name.starts_with('_') {
        return None;
    }
    table().get(name).cloned()
}

/// The names of the built-in variants.
pub fn names() -> impl Iterator<Item = &'static str> {
    table()
        .keys()
        .map(String::as_str)
        .filter(|n| !n.starts_with('_'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fsf::rules::Kind;

    #[test]
    fn facts_read_cleanly() {
        let file: Arc<str> = Arc::from("builtins.ini");
        let parsed = ini::parse(&file, TEXT);
        assert!(parsed.stray.is_empty());
        let mut seen: BTreeMap<String, Resolved> = BTreeMap::new();
        for s in &parsed.sections {
            if let Some(p) = &s.parent {
                assert!(
                    seen.contains_key(p),
                    "{} inherits from {p}, defined later",
                    s.name
                );
            }
            let base = s
                .parent
                .as_ref()
                .map(|p| seen[p].clone())
                .unwrap_or_default();
            let (r, unknown, invalid) =
                options::apply(&base, s, |_| Origin::Builtin(s.name.clone()));
            assert!(unknown.is_empty(), "{}: {unknown:?}", s.name);
            assert!(invalid.is_empty(), "{}: {invalid:?}", s.name);
            seen.insert(s.name.clone(), r);
        }
        assert!(names().count() > 100);
    }

    #[test]
    fn some_facts() {
        let chess = get("chess").unwrap().rules;
        assert_eq!(chess.pieces.len(), 6);
        let shogi = get("shogi").unwrap().rules;
        assert_eq!(shogi.max_rank, 9);
        assert_eq!(shogi.promoted_piece_type.len(), 6);
        assert!(!shogi.double_step);
        let giveaway = get("giveaway").unwrap().rules;
        assert!(!giveaway.pieces.contains_key(&Kind::King));
        assert_eq!(
            giveaway.castling_king_piece[0],
            Some(Kind::builtin("commoner").unwrap())
        );
        assert!(get("_minishogi_base").is_none());
    }
}
