//! The transposition table: one entry per slot, indexed by the low bits of
//! the position's Zobrist hash, checked against the whole hash.

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
    pub depth: i16,
    pub bound: Bound,
    age: u8,
}

/// A table of `2^k` entries.
#[derive(Debug, Clone)]
pub struct Table<A> {
    slots: Vec<Option<Entry<A>>>,
    mask: usize,
    age: u8,
}

impl<A: Copy> Table<A> {
    /// A table of about `mb` megabytes (at least 1024 entries).
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
            slots: vec![None; n],
            mask: n - 1,
            age: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.age = 0;
    }

    /// A new search begins: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    pub fn probe(&self, key: u64) -> Option<Entry<A>> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    pub fn store(&mut self, key: u64, action: Option<A>, score: i32, depth: i16, bound: Bound) {
        let slot = &mut self.slots[key as usize & self.mask];
        let keep = match slot {
            Some(e) => e.key != key && e.age == self.age && e.depth > depth + 2,
            None => false,
        };
        if keep {
            return;
        }
        // Keep the old best action when the new entry has none.
        let action = action.or_else(|| slot.filter(|e| e.key == key).and_then(|e| e.action));
        *slot = Some(Entry {
            key,
            action,
            score,
            depth,
            bound,
            age: self.age,
        });
    }

    /// Occupied slots among the first thousand, per mille (UCI `hashfull`).
    pub fn permille(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| s.is_some_and(|e| e.age == self.age))
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_full_key() {
        let mut t: Table<u32> = Table::with_entries(1024);
        t.store(5, Some(7), 12, 3, Bound::Exact);
        assert_eq!(t.probe(5).map(|e| (e.action, e.score)), Some((Some(7), 12)));
        assert!(t.probe(5 + 1024).is_none(), "same slot, other key");
        t.store(5, None, 1, 4, Bound::Lower);
        assert_eq!(
            t.probe(5).and_then(|e| e.action),
            Some(7),
            "old action kept"
        );
        t.clear();
        assert!(t.probe(5).is_none());
    }
}
