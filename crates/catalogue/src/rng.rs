//! A tiny seeded generator (SplitMix64): the same numbers on every machine, no OS entropy.
//!
//! Every product draws from its own stream, keyed by its index, so one product's attributes do
//! not shift when the code that draws another product's attributes changes.

/// The seed of the whole demo catalogue. Changing it changes every generated value.
pub(crate) const SEED: u64 = 0x5EED_CA7A_1060_2026;

/// Stream keys, one per kind of record, so ids and values of different records never coincide.
pub(crate) const STREAM_BRANDS: u64 = 1;
pub(crate) const STREAM_CATEGORIES: u64 = 2;
pub(crate) const STREAM_COUPONS: u64 = 3;
pub(crate) const STREAM_STATIC_IMAGES: u64 = 4;
pub(crate) const STREAM_PRODUCTS: u64 = 5;
pub(crate) const STREAM_ASSORTMENT: u64 = 6;
pub(crate) const STREAM_EXTRA_BRANDS: u64 = 7;

const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    /// The generator for item `index` of the record kind `stream`.
    pub(crate) fn stream(stream: u64, index: u64) -> Self {
        let mut mixer = Rng(SEED ^ stream.wrapping_mul(GOLDEN_GAMMA));
        let base = mixer.next_u64();
        let mut rng = Rng(base ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        rng.next_u64();
        rng
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0). The modulo bias is irrelevant for demo data.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `low..=high` (`low` when the range is empty).
    pub(crate) fn between(&mut self, low: i64, high: i64) -> i64 {
        if high <= low {
            return low;
        }
        let span = (high - low) as u64 + 1;
        low + (self.next_u64() % span) as i64
    }

    /// True `percent` times in a hundred.
    pub(crate) fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// One entry of a list of names ("" for an empty list, which the tables never have).
    pub(crate) fn pick(&mut self, items: &[&'static str]) -> &'static str {
        items
            .get(self.below(items.len()))
            .copied()
            .unwrap_or_default()
    }

    /// Ten bytes for the random part of a time-ordered id.
    pub(crate) fn id_bytes(&mut self) -> [u8; 10] {
        let high = self.next_u64().to_be_bytes();
        let low = self.next_u64().to_be_bytes();
        [
            high[0], high[1], high[2], high[3], high[4], high[5], high[6], high[7], low[0], low[1],
        ]
    }

    /// The indices `0..n` in a shuffled order (Fisher-Yates).
    pub(crate) fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = self.below(i + 1);
            order.swap(i, j);
        }
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_sequence() {
        // Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        let mut rng = Rng(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn streams_are_stable_and_distinct() {
        let a = Rng::stream(STREAM_PRODUCTS, 7).next_u64();
        assert_eq!(a, Rng::stream(STREAM_PRODUCTS, 7).next_u64());
        assert_ne!(a, Rng::stream(STREAM_PRODUCTS, 8).next_u64());
        assert_ne!(a, Rng::stream(STREAM_BRANDS, 7).next_u64());
    }

    #[test]
    fn ranges_hold() {
        let mut rng = Rng::stream(STREAM_ASSORTMENT, 0);
        for _ in 0..1000 {
            let v = rng.between(399, 1299);
            assert!((399..=1299).contains(&v));
            assert!(rng.below(5) < 5);
        }
        let mut order = rng.permutation(50);
        order.sort_unstable();
        assert_eq!(order, (0..50).collect::<Vec<_>>());
    }
}
