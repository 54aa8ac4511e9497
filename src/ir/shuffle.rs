//! A setup dealt at random: the men of a `shuffle` line, the squares they
//! fill, their constraints, and the numbering of the arrangements
//! (docs/LANGUAGE.md §9, "Shuffled men").
//!
//! The arrangements are found here, on plain IR data, so that the checker
//! (which reports a line no arrangement satisfies) and the engine (which
//! deals one at the start of a game) count them the same way.

use super::{Coord, PieceId, PlayerId};
use rand::RngCore;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Most choices the enumeration of one `shuffle` line may walk (the
/// product of the groups' binomial coefficients, before constraints): the
/// checker refuses a larger line (`too-large`), so a game's start never
/// takes long. Capablanca's ten men on ten files walk 252,000.
pub const MAX_WALK: u64 = 5_000_000;

/// The ChaCha stream of the first `shuffle` line (the next lines take the
/// next streams); the decks take the streams `0..players` of the same key.
const STREAM: u64 = 0x5348_5546_0000_0000; // "SHUF"

/// One `shuffle` line: men dealt onto squares from the game's seed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shuffle {
    pub owner: PlayerId,
    /// The kinds in the order of their first mention, each with its number
    /// of men; they add up to the number of squares.
    pub groups: Vec<(PieceId, u32)>,
    /// The squares in the order written (this order numbers arrangements).
    pub squares: Vec<Coord>,
    /// Per square: whether it is a light square.
    pub light: Vec<bool>,
    pub rules: Vec<ShuffleRule>,
    /// `number N` (N ≥ 0): always arrangement N; `None`: dealt from the seed.
    pub number: Option<u64>,
    /// Copies made by `mirror` and `rotate` lines: the same arrangement for
    /// another player, square `i` of the line going to `squares[i]`.
    pub copies: Vec<ShuffleCopy>,
}

/// A copy of a shuffled line for another player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShuffleCopy {
    pub owner: PlayerId,
    pub squares: Vec<Coord>,
}

/// A constraint of a `shuffle` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShuffleRule {
    /// `opposite colours PIECE`: half of the kind's men on light squares,
    /// half on dark ones.
    OppositeColours(PieceId),
    /// `between PIECE OUTER`: every man of `piece` has a man of `outer` on
    /// an earlier square of the line and one on a later square.
    Between { piece: PieceId, outer: PieceId },
}

/// One choice of the walk: a group (or the light or dark half of a group
/// under `opposite colours`) takes `take` of the free squares that pass
/// `colour`.
struct Step {
    piece: PieceId,
    take: u32,
    colour: Option<bool>,
}

impl Shuffle {
    fn steps(&self) -> Vec<Step> {
        let mut steps = Vec::new();
        for &(piece, n) in &self.groups {
            if self.rules.contains(&ShuffleRule::OppositeColours(piece)) {
                for colour in [true, false] {
                    steps.push(Step {
                        piece,
                        take: n / 2,
                        colour: Some(colour),
                    });
                }
            } else {
                steps.push(Step {
                    piece,
                    take: n,
                    colour: None,
                });
            }
        }
        steps
    }

    /// How many choices the walk makes before the constraints (the product
    /// of the binomial coefficients of its steps), saturating.
    pub fn walk_size(&self) -> u64 {
        let mut free = self.squares.len() as u64;
        let mut free_light = self.light.iter().filter(|&&l| l).count() as u64;
        let mut free_dark = free - free_light;
        let mut total: u64 = 1;
        for s in self.steps() {
            let pool = match s.colour {
                Some(true) => free_light,
                Some(false) => free_dark,
                None => free,
            };
            total = total.saturating_mul(binomial(pool, s.take as u64));
            free = free.saturating_sub(s.take as u64);
            match s.colour {
                Some(true) => free_light = free_light.saturating_sub(s.take as u64),
                Some(false) => free_dark = free_dark.saturating_sub(s.take as u64),
                None => {}
            }
        }
        total
    }

    /// Every arrangement the constraints allow, in the order of their
    /// numbers: each is the kind on each square of the line. Arrangement
    /// numbers follow the walk: each step picks a combination of the free
    /// squares it may use, numbered in lexicographic order of their
    /// positions among those squares (in the order written); arrangements
    /// are ordered by the last step's pick first, then the one before,
    /// down to the first step's.
    pub fn arrangements(&self) -> Vec<Vec<PieceId>> {
        let steps = self.steps();
        let n = self.squares.len();
        let mut found: Vec<(Vec<u32>, Vec<PieceId>)> = Vec::new();
        let mut cells: Vec<Option<PieceId>> = vec![None; n];
        let mut picks: Vec<u32> = Vec::with_capacity(steps.len());
        self.walk(&steps, 0, &mut cells, &mut picks, &mut found);
        found.sort_by(|a, b| a.0.iter().rev().cmp(b.0.iter().rev()));
        found.into_iter().map(|(_, a)| a).collect()
    }

    fn walk(
        &self,
        steps: &[Step],
        i: usize,
        cells: &mut Vec<Option<PieceId>>,
        picks: &mut Vec<u32>,
        found: &mut Vec<(Vec<u32>, Vec<PieceId>)>,
    ) {
        let Some(step) = steps.get(i) else {
            // The steps take as many men as there are squares (the checker
            // sees to it), so every square is filled here.
            if cells.iter().all(Option::is_some) && self.allowed(cells) {
                let full = cells.iter().map(|c| c.unwrap_or(0)).collect();
                found.push((picks.clone(), full));
            }
            return;
        };
        let free: Vec<usize> = (0..cells.len())
            .filter(|&k| cells[k].is_none() && step.colour.is_none_or(|c| self.light[k] == c))
            .collect();
        let take = step.take as usize;
        if take > free.len() {
            return;
        }
        // Combinations of `take` positions of `free`, in lexicographic order.
        let mut idx: Vec<usize> = (0..take).collect();
        let mut rank = 0u32;
        loop {
            for &j in &idx {
                cells[free[j]] = Some(step.piece);
            }
            picks.push(rank);
            self.walk(steps, i + 1, cells, picks, found);
            picks.pop();
            for &j in &idx {
                cells[free[j]] = None;
            }
            rank += 1;
            // The next combination: the last position that can move on.
            let Some(k) = (0..take).rev().find(|&k| idx[k] < free.len() - take + k) else {
                return;
            };
            idx[k] += 1;
            for j in k + 1..take {
                idx[j] = idx[j - 1] + 1;
            }
        }
    }

    /// Whether a full arrangement meets the `between` constraints (the
    /// colours are met by construction).
    fn allowed(&self, a: &[Option<PieceId>]) -> bool {
        self.rules.iter().all(|r| match *r {
            ShuffleRule::OppositeColours(_) => true,
            ShuffleRule::Between { piece, outer } => {
                let first = a.iter().position(|&k| k == Some(outer));
                let last = a.iter().rposition(|&k| k == Some(outer));
                a.iter()
                    .enumerate()
                    .filter(|&(_, &k)| k == Some(piece))
                    .all(|(i, _)| first.is_some_and(|f| f < i) && last.is_some_and(|l| l > i))
            }
        })
    }

    /// The number of the arrangement a game with `seed` starts from, out of
    /// `count`: `number N` when given, else drawn uniformly from `seed`
    /// (line `line` of the setup's shuffles). The draw is ChaCha8 with the
    /// key made from the seed, on a stream of its own per line, and
    /// rejection sampling over `u64`: the same seed deals the same setup on
    /// every machine.
    pub fn pick(&self, line: usize, seed: u64, count: u64) -> u64 {
        if let Some(n) = self.number {
            return n;
        }
        if count <= 1 {
            return 0;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(STREAM + line as u64);
        let zone = u64::MAX - (u64::MAX % count);
        loop {
            let x = rng.next_u64();
            if x < zone {
                return x % count;
            }
        }
    }

    /// The men of arrangement `a` and of its copies: (owner, square, kind).
    pub fn men(&self, a: &[PieceId]) -> Vec<(PlayerId, Coord, PieceId)> {
        let mut out: Vec<(PlayerId, Coord, PieceId)> = self
            .squares
            .iter()
            .zip(a)
            .map(|(&at, &k)| (self.owner, at, k))
            .collect();
        for c in &self.copies {
            out.extend(c.squares.iter().zip(a).map(|(&at, &k)| (c.owner, at, k)));
        }
        out
    }
}

/// `n` choose `k`, saturating.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u64 = 1;
    for i in 0..k {
        // r * (n - i) / (i + 1) stays exact: r is C(n, i) times i!/i!.
        r = match r.checked_mul(n - i) {
            Some(x) => x / (i + 1),
            None => return u64::MAX,
        };
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chess960's back rank: B B Q N N R R K on a1..h1.
    fn chess960() -> Shuffle {
        Shuffle {
            owner: 0,
            groups: vec![(3, 2), (1, 1), (4, 2), (2, 2), (0, 1)],
            squares: (0..8).map(|x| Coord::new(x, 0)).collect(),
            light: (0..8).map(|x| x % 2 == 1).collect(),
            rules: vec![
                ShuffleRule::OppositeColours(3),
                ShuffleRule::Between { piece: 0, outer: 2 },
            ],
            number: None,
            copies: vec![],
        }
    }

    fn text(a: &[PieceId]) -> String {
        a.iter().map(|&k| b"KQRBN"[k as usize] as char).collect()
    }

    #[test]
    fn chess960_has_960_arrangements_numbered_as_scharnagl() {
        let all = chess960().arrangements();
        assert_eq!(all.len(), 960);
        assert_eq!(text(&all[518]), "RNBQKBNR");
        assert_eq!(text(&all[0]), "BBQNNRKR");
        assert_eq!(text(&all[959]), "RKRNNQBB");
        assert_eq!(chess960().walk_size(), 4 * 4 * 6 * 10 * 3);
    }

    #[test]
    fn the_pick_is_uniform_enough_and_fixed_per_seed() {
        let s = chess960();
        assert_eq!(s.pick(0, 7, 960), s.pick(0, 7, 960));
        assert_ne!(s.pick(0, 7, 960), s.pick(1, 7, 960));
        let mut seen = [0u32; 960];
        for seed in 0..96_000 {
            seen[s.pick(0, seed, 960) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (50..160).contains(&n)));
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(8, 2), 28);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(200, 100), u64::MAX);
    }
}
