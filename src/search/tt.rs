//! The transposition table: buckets of [`BUCKET`] entries, indexed by the
//! low bits of the position's Zobrist hash, each entry checked against the
//! whole hash. An entry keeps the best action, the searched value with its
//! bound and depth, and the position's static evaluation (so a second visit,
//! in the main search or in quiescence, need not evaluate again).
//!
//! **Replacement.** A store for a position already in its bucket overwrites
//! that entry (keeping the old best action when the new one has none, and a
//! deeper entry of the current search unless the new one is exact). Else it
//! takes an empty entry, else the entry of least worth: its depth, minus 8
//! per search since it was written, so deep entries of this search stay and
//! stale ones go first.
//!
//! **Shared between threads.** Lazy SMP ([`super`]) has every thread of a
//! search read and write one table, so the table's methods take `&self`:
//! each bucket sits behind its own lock (a `Mutex`, held only to copy an
//! entry in or out; `#![forbid(unsafe_code)]` rules out the racy
//! lock-free tables of C engines), and the search's age is an atomic. With
//! one thread every lock is uncontended and the table behaves as a plain
//! array would.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Entries per bucket.
pub const BUCKET: usize = 4;

/// No static evaluation stored (the entry was written without one).
pub const NO_EVAL: i32 = i32::MIN;

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (every action failed low).
    Upper,
}

#[derive(Debug, Clone, Copy)]
pub struct Entry<A> {
    pub key: u64,
    pub action: Option<A>,
    pub score: i32,
    /// The static evaluation from the side to act, or [`NO_EVAL`].
    pub eval: i32,
    /// Plies searched; 0 for a quiescence result.
    pub depth: i16,
    pub bound: Bound,
    age: u8,
}

type Bucket<A> = [Option<Entry<A>>; BUCKET];

/// A table of `2^k` entries in buckets of [`BUCKET`], shareable between
/// threads (`Arc<Table>`).
#[derive(Debug)]
pub struct Table<A> {
    buckets: Vec<Mutex<Bucket<A>>>,
    /// Mask of the bucket number.
    mask: usize,
    age: AtomicU8,
}

impl<A: Copy> Table<A> {
    /// A table of about `mb` megabytes of entries (at least 1024; the
    /// buckets' locks add a word per bucket, not counted, so that a size
    /// holds as many entries as before the table was shared).
    pub fn with_megabytes(mb: usize) -> Table<A> {
        let size = std::mem::size_of::<Option<Entry<A>>>().max(1);
        let want = (mb.max(1) * 1024 * 1024 / size).max(1024);
        Table::with_entries(want)
    }

    /// A table of at least 1024 entries, rounded down to a power of two.
    pub fn with_entries(n: usize) -> Table<A> {
        let n = n.max(1024);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        Table {
            buckets: (0..n / BUCKET)
                .map(|_| Mutex::new([None; BUCKET]))
                .collect(),
            mask: n / BUCKET - 1,
            age: AtomicU8::new(0),
        }
    }

    /// Entries (slots) in the table.
    pub fn len(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// Forget everything.
    pub fn clear(&self) {
        for b in &self.buckets {
            *lock(b) = [None; BUCKET];
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// A new search begins: older entries become preferred victims.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> MutexGuard<'_, Bucket<A>> {
        lock(&self.buckets[key as usize & self.mask])
    }

    pub fn probe(&self, key: u64) -> Option<Entry<A>> {
        self.bucket(key)
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// Store a search result (`eval`: the static evaluation, or [`NO_EVAL`]).
    pub fn store(
        &self,
        key: u64,
        action: Option<A>,
        score: i32,
        eval: i32,
        depth: i16,
        bound: Bound,
    ) {
        let age = self.age.load(Ordering::Relaxed);
        let mut guard = self.bucket(key);
        let bucket = &mut *guard;
        let worth = |e: &Entry<A>| e.depth as i32 - 8 * age.wrapping_sub(e.age) as i32;
        let i = match bucket.iter().position(|s| s.is_some_and(|e| e.key == key)) {
            Some(i) => i,
            None => match bucket.iter().position(|s| s.is_none()) {
                Some(i) => i,
                None => (0..BUCKET)
                    .min_by_key(|&i| bucket[i].as_ref().map_or(i32::MIN, worth))
                    .unwrap_or(0),
            },
        };
        let old = bucket[i].filter(|e| e.key == key);
        if let Some(o) = old {
            // A deeper result of this search outlives a shallow bound.
            if o.age == age && o.depth > depth + 2 && bound != Bound::Exact {
                if o.eval == NO_EVAL && eval != NO_EVAL {
                    bucket[i] = Some(Entry { eval, ..o });
                }
                return;
            }
        }
        let action = action.or_else(|| old.and_then(|e| e.action));
        let eval = if eval == NO_EVAL {
            old.map_or(NO_EVAL, |e| e.eval)
        } else {
            eval
        };
        bucket[i] = Some(Entry {
            key,
            action,
            score,
            eval,
            depth,
            bound,
            age,
        });
    }

    /// Occupied slots of this search among the first thousand, per mille
    /// (UCI `hashfull`).
    pub fn permille(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let n = self.buckets.len().min(1000 / BUCKET);
        let used: usize = self.buckets[..n]
            .iter()
            .map(|b| {
                lock(b)
                    .iter()
                    .filter(|s| s.is_some_and(|e| e.age == age))
                    .count()
            })
            .sum();
        (used * 1000 / (n * BUCKET).max(1)) as u32
    }
}

/// A bucket's lock. A poisoned lock only means another thread panicked
/// while holding it; entries are copied in whole, so the bucket is sound.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_full_key() {
        let t: Table<u32> = Table::with_entries(1024);
        t.store(5, Some(7), 12, 30, 3, Bound::Exact);
        let e = t.probe(5).unwrap();
        assert_eq!((e.action, e.score, e.eval), (Some(7), 12, 30));
        assert!(t.probe(5 + 1024).is_none(), "same bucket, other key");
        t.store(5, None, 1, NO_EVAL, 4, Bound::Lower);
        let e = t.probe(5).unwrap();
        assert_eq!(e.action, Some(7), "old action kept");
        assert_eq!(e.eval, 30, "old evaluation kept");
        t.clear();
        assert!(t.probe(5).is_none());
    }

    /// Keys that share bucket 3 of a 1024-entry table.
    fn same_bucket(i: u64) -> u64 {
        3 + (i << 20)
    }

    #[test]
    fn a_bucket_holds_four_positions() {
        let t: Table<u32> = Table::with_entries(1024);
        for i in 0..BUCKET as u64 {
            t.store(same_bucket(i), Some(i as u32), 0, NO_EVAL, 1, Bound::Exact);
        }
        for i in 0..BUCKET as u64 {
            assert_eq!(
                t.probe(same_bucket(i)).and_then(|e| e.action),
                Some(i as u32)
            );
        }
    }

    #[test]
    fn replacement_evicts_the_shallowest_then_the_stale() {
        let t: Table<u32> = Table::with_entries(1024);
        // Depths 5, 2, 7, 4 in one bucket: a fifth position evicts depth 2.
        for (i, d) in [5i16, 2, 7, 4].into_iter().enumerate() {
            t.store(same_bucket(i as u64), None, 0, NO_EVAL, d, Bound::Exact);
        }
        t.store(same_bucket(9), None, 0, NO_EVAL, 1, Bound::Lower);
        assert!(t.probe(same_bucket(1)).is_none(), "depth 2 evicted");
        assert!(t.probe(same_bucket(9)).is_some());
        for i in [0, 2, 3] {
            assert!(t.probe(same_bucket(i)).is_some(), "{i} kept");
        }
        // Two searches later the old entries are worth their depth - 16
        // and go before this search's shallow one, the shallowest first.
        t.new_search();
        t.new_search();
        t.store(same_bucket(9), None, 0, NO_EVAL, 1, Bound::Lower);
        t.store(same_bucket(10), None, 0, NO_EVAL, 1, Bound::Lower);
        assert!(t.probe(same_bucket(9)).is_some(), "fresh entry kept");
        assert!(t.probe(same_bucket(3)).is_none(), "stale depth 4 evicted");
        assert!(t.probe(same_bucket(2)).is_some(), "stale depth 7 kept");
    }

    #[test]
    fn a_shallow_bound_does_not_overwrite_a_deep_entry() {
        let t: Table<u32> = Table::with_entries(1024);
        t.store(5, Some(1), 50, 10, 8, Bound::Exact);
        t.store(5, Some(2), -30, NO_EVAL, 0, Bound::Upper);
        let e = t.probe(5).unwrap();
        assert_eq!((e.depth, e.score, e.action), (8, 50, Some(1)));
        t.store(5, Some(3), 20, NO_EVAL, 1, Bound::Exact);
        assert_eq!(t.probe(5).unwrap().score, 20, "an exact value replaces");
    }
}
