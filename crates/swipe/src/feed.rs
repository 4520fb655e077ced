//! The card feed: batches, the visible stack, prefetching and filtered fetches (001 §4, §9).

use std::time::Duration;

/// Cards fetched per batch (001 §9).
pub const BATCH_SIZE: usize = 8;
/// Cards drawn in the stack at once (001 §9).
pub const VISIBLE_STACK: usize = 3;
/// The next batch is fetched when this many cards or fewer remain (001 §4, §9).
pub const PREFETCH_AT_REMAINING: usize = 3;
/// Brands fetched for the brand filter (001 §9: "filter brand fetch limit 100"; the
/// `/brands?limit=100` call, 001 §7).
pub const FILTER_BRAND_FETCH_LIMIT: usize = 100;
/// Products fetched at once when a filter is set; they are then paged on the client in batches
/// of [`BATCH_SIZE`] (001 §9: "filtered fetch pulls 100 then pages on the client").
pub const FILTERED_FETCH_LIMIT: usize = 100;
/// Quiet time after a filter change before the feed is fetched again (001 §9).
pub const DEBOUNCE: Duration = Duration::from_millis(500);

/// Whether to fetch the next batch with `remaining` cards left in the stack: when 3 or fewer
/// remain (001 §4, §9).
pub fn should_prefetch(remaining: usize) -> bool {
    remaining <= PREFETCH_AT_REMAINING
}

/// How many cards are drawn with `remaining` left: at most 3 (001 §9).
pub fn visible_cards(remaining: usize) -> usize {
    remaining.min(VISIBLE_STACK)
}

/// Page `page` (from 0) of a filtered fetch, paged on the client in batches of 8: empty past the
/// end (001 §9).
pub fn client_page<T>(items: &[T], page: usize) -> &[T] {
    let start = page.saturating_mul(BATCH_SIZE).min(items.len());
    let end = start.saturating_add(BATCH_SIZE).min(items.len());
    &items[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_are_the_specified_ones() {
        // 001 §9: batch size 8, visible stack 3, prefetch when 3 or fewer left, 500 ms debounce;
        // filter brand fetch limit 100; filtered fetch pulls 100
        assert_eq!(BATCH_SIZE, 8);
        assert_eq!(VISIBLE_STACK, 3);
        assert_eq!(PREFETCH_AT_REMAINING, 3);
        assert_eq!(DEBOUNCE, Duration::from_millis(500));
        assert_eq!(FILTER_BRAND_FETCH_LIMIT, 100);
        assert_eq!(FILTERED_FETCH_LIMIT, 100);
    }

    #[test]
    fn prefetches_at_three_or_fewer() {
        // (spec, remaining, expected)
        let table = [
            ("001 §4", 0, true),
            ("001 §4", 1, true),
            ("001 §4", 3, true),
            ("001 §4", 4, false),
            ("001 §9", 8, false),
        ];
        for (spec, remaining, expected) in table {
            assert_eq!(should_prefetch(remaining), expected, "{spec}: {remaining}");
        }
    }

    #[test]
    fn shows_at_most_three_cards() {
        // 001 §9: visible stack 3
        let shown: Vec<_> = (0..6).map(visible_cards).collect();
        assert_eq!(shown, [0, 1, 2, 3, 3, 3]);
    }

    #[test]
    fn pages_a_filtered_fetch_in_batches_of_eight() {
        // 001 §9: filtered fetch pulls 100 then pages on the client
        let items: Vec<usize> = (0..FILTERED_FETCH_LIMIT).collect();
        assert_eq!(client_page(&items, 0), &items[0..8]);
        assert_eq!(client_page(&items, 1), &items[8..16]);
        assert_eq!(client_page(&items, 12), &items[96..100]);
        assert!(client_page(&items, 13).is_empty());
        assert!(client_page(&items, usize::MAX).is_empty());
        assert!(client_page::<usize>(&[], 0).is_empty());
    }
}
