//! A pattern's plan (its move atoms arranged for generation) and the fixed
//! shapes a plan may reduce to. Move generation takes a man of a shaped
//! pattern by a short fixed path (one table lookup per leap set, one loop
//! over at most eight ride directions, a pawn's step) instead of walking
//! the plan's atom lists.

use super::catom::{AKind, CAtom, SqTable};
use super::dirs::DirInfo;
use crate::engine::core::Bits;

/// A pattern's move atoms arranged for fast generation: every plain leap
/// merged into one table per mode, plain unlimited rides as bare
/// directions, and the rest (initial-only, lame, hopping, limited,
/// friend-passing atoms) kept whole.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Index in `plan_bb` of the union of the leaps that move to an empty
    /// square, and of those that capture (per square).
    pub leap_quiet: Option<u32>,
    pub leap_cap: Option<u32>,
    /// Unlimited rides that both move and capture, that only move, that
    /// only capture.
    pub rides_both: Vec<u16>,
    pub rides_quiet: Vec<u16>,
    pub rides_cap: Vec<u16>,
    /// Every other atom.
    pub rest: Vec<CAtom>,
    /// The lame leaps among `rest` (they may leave en-passant targets).
    pub lame: Vec<CAtom>,
    /// Every lame leap is for unmoved men only.
    pub lame_initial_only: bool,
    /// Every atom of `rest` is a lame leap (none is left when the lame
    /// leaps are generated apart).
    pub rest_all_lame: bool,
    /// `moves PIECE in REGION`: atoms open only from the squares of
    /// `masks[i]` (they never leave en-passant targets).
    pub zone: Vec<ZoneAtom>,
    /// `confined PIECE to REGION`: index in `masks` of the only squares
    /// the man may land on.
    pub confine: Option<u32>,
    /// `hop PIECE: not over KIND`: the patterns of the kinds its hops may
    /// not jump.
    pub no_hurdle: Vec<u8>,
    /// `immune KIND: from PIECE`: the patterns of the kinds it never
    /// captures nor attacks.
    pub immune: Vec<u8>,
    /// `captures own`: its captures may also take its owner's men (not
    /// royal ones).
    pub captures_own: bool,
    /// Some of `zone`, `confine`, `no_hurdle`, `immune`, `captures_own` is
    /// given.
    pub extra: bool,
    /// The plan's fixed shape, when it has one.
    pub shape: Shape,
}

/// An atom of `moves PIECE in REGION`.
#[derive(Clone, Debug)]
pub struct ZoneAtom {
    /// Index in `masks` of the region's squares (the owner's).
    pub mask: u32,
    /// `inside`: the landing square must be in the region too.
    pub inside: bool,
    pub atom: CAtom,
}

/// Most directions a [`Shape::Plain`] rides along.
pub const SHAPE_RIDES: usize = 8;

/// A plan reduced to a fixed shape, generated without walking its atom
/// lists.
#[derive(Clone, Copy, Debug, Default)]
pub enum Shape {
    /// Only plain leaps, which move as they capture (one table in
    /// `plan_bb`), and unlimited rides that move as they capture, along
    /// `rides[..nrides]` (each with its `lowest` flag): a knight, a king,
    /// a rook, a queen.
    Plain {
        leap: Option<u32>,
        rides: [(u16, bool); SHAPE_RIDES],
        nrides: u8,
    },
    /// Plain leaps, moving (`quiet`) and capturing (`cap`) tables apart,
    /// and one lame leap along one direction `dir` (table `lame` in
    /// `Atoms::lame`), maybe for unmoved men only: a pawn. Or the leaps
    /// alone (a man that moves and captures differently, such as a
    /// Breakthrough or Clobber man): then `lame` is `Atoms::lame`'s last
    /// table, which leads nowhere, and the pattern has no lame moves. A plan
    /// with a lame leap takes this shape only where lame moves leave
    /// en-passant targets; elsewhere it is generated as [`Shape::General`].
    Steps {
        quiet: Option<u32>,
        cap: Option<u32>,
        lame: u32,
        dir: u16,
        initial: bool,
        moves: bool,
        captures: bool,
    },
    /// Anything else.
    #[default]
    General,
}

/// The fixed shape of a plan (see [`Shape`]); `nowhere` is the lame table
/// that leads nowhere.
pub(crate) fn shape_of<B: Bits>(
    plan: &Plan,
    plan_bb: &[SqTable<B>],
    dirs: &[DirInfo],
    nowhere: u32,
) -> Shape {
    let leaps_alike = match (plan.leap_quiet, plan.leap_cap) {
        (None, None) => true,
        (Some(q), Some(c)) => plan_bb[q as usize] == plan_bb[c as usize],
        _ => false,
    };
    let no_rides =
        plan.rides_both.is_empty() && plan.rides_quiet.is_empty() && plan.rides_cap.is_empty();
    if let ([a], false, true) = (&plan.rest[..], plan.extra, no_rides) {
        let base = dirs[a.dir as usize].lame_base;
        if let (AKind::Lame, [_], Some(base)) = (a.kind, &a.dirs[..], base) {
            return Shape::Steps {
                quiet: plan.leap_quiet,
                cap: plan.leap_cap,
                lame: base,
                dir: a.dir,
                initial: a.initial,
                moves: a.mode.can_move(),
                captures: a.mode.can_capture(),
            };
        }
    }
    if let ([], false, true, false) = (&plan.rest[..], plan.extra, no_rides, leaps_alike) {
        return Shape::Steps {
            quiet: plan.leap_quiet,
            cap: plan.leap_cap,
            lame: nowhere,
            dir: 0,
            initial: false,
            moves: false,
            captures: false,
        };
    }
    if plan.extra
        || !plan.rest.is_empty()
        || !plan.rides_quiet.is_empty()
        || !plan.rides_cap.is_empty()
        || plan.rides_both.len() > SHAPE_RIDES
        || !leaps_alike
    {
        return Shape::General;
    }
    let mut rides = [(0u16, false); SHAPE_RIDES];
    for (slot, &d) in rides.iter_mut().zip(&plan.rides_both) {
        *slot = (d, dirs[d as usize].lowest);
    }
    Shape::Plain {
        leap: plan.leap_quiet,
        rides,
        nrides: plan.rides_both.len() as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::compile::Base;
    use crate::engine::core::{SquareOrder, B64};

    /// The shape of each piece of a small board, by piece letter.
    fn shapes(pieces: &str) -> Vec<(char, Shape)> {
        shapes_and_nowhere(pieces).0
    }

    /// [`shapes`], and the index of the lame table that leads nowhere
    /// (every landing `None`).
    fn shapes_and_nowhere(pieces: &str) -> (Vec<(char, Shape)>, u32) {
        let text = format!(
            "variant shapes \"Shapes\" {{
  players white, black
  board 8x8
  piece king K moves \"K\"
{pieces}
  setup {{
    white: K e1
    black: K e8
  }}
}}
"
        );
        let v = crate::engine::testing::variant_from_text("shapes.variant", &text);
        let b: Base<B64> = Base::new(&v, SquareOrder::RowMajor).expect("compiles");
        let nowhere = b.atoms.lame.len() - 1;
        assert!(b.atoms.lame[nowhere].iter().all(|st| st.to.is_none()));
        let all = b
            .atoms
            .patterns
            .iter()
            .map(|p| (v.pieces[p.kind as usize].letter.ch(), p.plan.shape))
            .collect();
        (all, nowhere as u32)
    }

    fn shape_of_letter(all: &[(char, Shape)], letter: char) -> Shape {
        all.iter()
            .find(|(l, _)| *l == letter)
            .map(|&(_, s)| s)
            .expect("the piece has a pattern")
    }

    #[test]
    fn leapers_and_riders_are_plain() {
        let all = shapes(
            "  piece knight N moves \"N\"
  piece rook R moves \"R\"
  piece queen Q moves \"Q\"
  piece archbishop A moves \"BN\"",
        );
        match shape_of_letter(&all, 'N') {
            Shape::Plain { leap, nrides, .. } => assert!(leap.is_some() && nrides == 0),
            s => panic!("a knight is plain, not {s:?}"),
        }
        match shape_of_letter(&all, 'R') {
            Shape::Plain { leap, nrides, .. } => assert!(leap.is_none() && nrides == 4),
            s => panic!("a rook is plain, not {s:?}"),
        }
        match shape_of_letter(&all, 'Q') {
            Shape::Plain { nrides, .. } => assert_eq!(nrides, 8),
            s => panic!("a queen is plain, not {s:?}"),
        }
        match shape_of_letter(&all, 'A') {
            Shape::Plain { leap, nrides, .. } => assert!(leap.is_some() && nrides == 4),
            s => panic!("a leaper-rider is plain, not {s:?}"),
        }
    }

    #[test]
    fn a_pawn_has_steps() {
        let all = shapes("  piece pawn P moves \"fmW fcF ifmnD\"");
        match shape_of_letter(&all, 'P') {
            Shape::Steps {
                quiet,
                cap,
                initial,
                moves,
                captures,
                ..
            } => assert!(quiet.is_some() && cap.is_some() && initial && moves && !captures),
            s => panic!("a pawn has steps, not {s:?}"),
        }
    }

    #[test]
    fn leaps_that_move_and_capture_apart_are_steps_without_a_lame_leap() {
        let (all, nowhere) = shapes_and_nowhere(
            "  piece spy S moves \"mNcK\"
  piece stone T moves \"cW\"",
        );
        match shape_of_letter(&all, 'S') {
            Shape::Steps {
                quiet, cap, lame, ..
            } => assert!(quiet.is_some() && cap.is_some() && lame == nowhere),
            s => panic!("moving and capturing apart are steps, not {s:?}"),
        }
        match shape_of_letter(&all, 'T') {
            Shape::Steps {
                quiet, cap, lame, ..
            } => assert!(quiet.is_none() && cap.is_some() && lame == nowhere),
            s => panic!("a capture-only leaper has steps, not {s:?}"),
        }
    }

    #[test]
    fn other_plans_are_general() {
        let all = shapes(
            "  piece cannon C moves \"mRcpR\"
  piece walker W moves \"R2\"
  piece jumper J moves \"ifmnD fmnN\"",
        );
        for l in ['C', 'W', 'J'] {
            assert!(
                matches!(shape_of_letter(&all, l), Shape::General),
                "{l} is general"
            );
        }
    }
}
