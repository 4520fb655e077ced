use std::collections::HashSet;

use proptest::prelude::*;

use super::*;

fn product(id: &str, brand: &str, category: &str, colour: &str, price_rupees: i64) -> Product {
    Product {
        id: id.into(),
        brand: brand.into(),
        categories: ["Topwear", category].map(Text::from).into(),
        tags: [category, colour].map(Text::from).into(),
        colour: colour.into(),
        fit: "Regular Fit".into(),
        price_paise: price_rupees * 100,
        trend: 0,
    }
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

/// The taste a property test draws: likes and dislikes picked from `all` by index.
fn drawn_taste(
    all: &[Product],
    likes: &[prop::sample::Index],
    dislikes: &[prop::sample::Index],
    interests: &[&str],
    fits: &[&str],
) -> Taste {
    let (interests, fits) = (strings(interests), strings(fits));
    Taste::new(&TasteInput {
        style_interests: &interests,
        preferred_fits: &fits,
        likes: likes.iter().map(|i| i.get(all)).collect(),
        dislikes: dislikes.iter().map(|i| i.get(all)).collect(),
    })
}

#[test]
fn an_empty_taste_scores_only_the_trend() {
    let taste = Taste::default();
    let mut p = product("p", "Urban Dhaaga", "Hoodies", "navy", 1299);
    assert_eq!(score(&taste, &p).total, 0);
    for (trend, points) in [(-5, 0), (0, 0), (1, 0), (2, 1), (9, 4), (20, 10), (500, 10)] {
        p.trend = trend;
        assert_eq!(score(&taste, &p).total, points, "trend {trend}");
    }
}

#[test]
fn onboarding_answers_count_by_the_table() {
    let interests = strings(&["hoodies", " NAVY ", "Streetwear"]);
    let fits = strings(&["regular fit"]);
    let taste = Taste::new(&TasteInput {
        style_interests: &interests,
        preferred_fits: &fits,
        ..TasteInput::default()
    });
    let s = score(&taste, &product("p", "B", "Hoodies", "Navy", 999));
    // Two interests match (at most 2 count), plus the fit.
    assert_eq!(s.total, 4 + 4 + 3, "{s:?}");
    assert!(
        s.reasons
            .contains(&(Reason::PreferredFit("regular fit".into()), 3))
    );
}

#[test]
fn likes_add_and_dislikes_take_away() {
    let liked = product("l1", "Urban Dhaaga", "Hoodies", "navy", 1000);
    let liked_again = product("l2", "Urban Dhaaga", "Jeans", "black", 2000);
    let disliked = product("d1", "Loud Co", "Hoodies", "red", 5000);
    let taste = Taste::new(&TasteInput {
        likes: vec![&liked, &liked_again],
        dislikes: vec![&disliked],
        ..TasteInput::default()
    });
    let candidate = product("c", "Urban Dhaaga", "Hoodies", "navy", 1500);
    let s = score(&taste, &candidate);
    let expected = [
        (
            Reason::Brand {
                liked: true,
                times: 2,
            },
            6,
        ),
        (
            Reason::Category {
                name: "hoodies".into(),
                liked: true,
                times: 1,
            },
            2,
        ),
        (
            Reason::Category {
                name: "topwear".into(),
                liked: true,
                times: 2,
            },
            4,
        ),
        (
            Reason::Tag {
                name: "hoodies".into(),
                liked: true,
                times: 1,
            },
            1,
        ),
        (
            Reason::Tag {
                name: "navy".into(),
                liked: true,
                times: 1,
            },
            1,
        ),
        (
            Reason::Colour {
                liked: true,
                times: 1,
            },
            2,
        ),
        (Reason::PriceBand { liked: true }, 2),
        (
            Reason::Category {
                name: "hoodies".into(),
                liked: false,
                times: 1,
            },
            -2,
        ),
        (
            Reason::Category {
                name: "topwear".into(),
                liked: false,
                times: 1,
            },
            -2,
        ),
        (
            Reason::Tag {
                name: "hoodies".into(),
                liked: false,
                times: 1,
            },
            -1,
        ),
    ];
    assert_eq!(s.reasons, expected);
    assert_eq!(s.total, expected.iter().map(|(_, p)| p).sum::<i64>());
}

#[test]
fn repeated_likes_are_capped() {
    let likes: Vec<Product> = (0..10)
        .map(|i| product(&format!("l{i}"), "B", "Hoodies", "navy", 1000))
        .collect();
    let taste = Taste::new(&TasteInput {
        likes: likes.iter().collect(),
        ..TasteInput::default()
    });
    let s = score(&taste, &product("c", "B", "Hoodies", "navy", 1000));
    let brand = s
        .reasons
        .iter()
        .find(|(r, _)| matches!(r, Reason::Brand { .. }))
        .map(|(_, p)| *p);
    assert_eq!(brand, Some(9), "3 likes at most, 3 points each");
}

#[test]
fn the_price_band_reaches_twenty_percent_beyond_the_likes() {
    let cheap = product("a", "B", "X", "c", 1000);
    let dear = product("b", "B", "X", "c", 2000);
    let taste = Taste::new(&TasteInput {
        likes: vec![&cheap, &dear],
        ..TasteInput::default()
    });
    for (rupees, inside) in [
        (799, false),
        (800, true),
        (1500, true),
        (2400, true),
        (2401, false),
    ] {
        let s = score(&taste, &product("p", "Z", "Y", "d", rupees));
        let has = s.reasons.contains(&(Reason::PriceBand { liked: true }, 2));
        assert_eq!(has, inside, "₹{rupees}");
    }
}

fn catalogue() -> Vec<Product> {
    let brands = ["A", "B", "C", "D", "E"];
    (0..60)
        .map(|i| {
            let mut p = product(
                &format!("p{i:02}"),
                brands[i % 5],
                "Hoodies",
                "navy",
                1000 + i as i64 * 10,
            );
            p.trend = (i % 7) as i64;
            p
        })
        .collect()
}

#[test]
fn swiped_products_never_come_back() {
    let all = catalogue();
    let swiped: HashSet<&str> = all.iter().take(40).map(|p| p.id.as_ref()).collect();
    let batch = next_batch(&Taste::default(), &all, &swiped, 8, 7);
    assert_eq!(batch.len(), 8);
    assert!(batch.iter().all(|p| !swiped.contains(p.id.as_str())));
    let everything: HashSet<&str> = all.iter().map(|p| p.id.as_ref()).collect();
    assert!(next_batch(&Taste::default(), &all, &everything, 8, 7).is_empty());
}

#[test]
fn one_brand_never_takes_more_than_half_a_batch() {
    let all = catalogue();
    let loved: Vec<&Product> = all.iter().filter(|p| *p.brand == *"A").collect();
    let taste = Taste::new(&TasteInput {
        likes: loved,
        ..TasteInput::default()
    });
    let batch = next_batch(&taste, &all, &HashSet::new(), 8, 1);
    let of_a = batch
        .iter()
        .filter(|p| all.iter().any(|q| *q.id == *p.id && *q.brand == *"A"))
        .count();
    assert_eq!(of_a, 4, "the liked brand leads, up to the cap");
    assert_eq!(batch.len(), 8);
    // With only one brand left, a batch holds only what the cap allows.
    let only_a: Vec<Product> = all.iter().filter(|p| *p.brand == *"A").cloned().collect();
    assert_eq!(next_batch(&taste, &only_a, &HashSet::new(), 8, 1).len(), 4);
}

#[test]
fn a_quarter_of_a_batch_explores_and_the_seed_decides_which() {
    let all = catalogue();
    let first = next_batch(&Taste::default(), &all, &HashSet::new(), 8, 1);
    assert_eq!(first.iter().filter(|p| p.exploration).count(), 2);
    assert_eq!(
        first,
        next_batch(&Taste::default(), &all, &HashSet::new(), 8, 1),
        "deterministic"
    );
    let explored = |seed| -> Vec<String> {
        next_batch(&Taste::default(), &all, &HashSet::new(), 8, seed)
            .into_iter()
            .filter(|p| p.exploration)
            .map(|p| p.id)
            .collect()
    };
    assert!(
        (2..20).any(|seed| explored(seed) != explored(1)),
        "seeds pick different explorations"
    );
}

#[test]
fn ties_go_to_the_trend_then_catalogue_order() {
    let mut all = catalogue();
    for p in &mut all {
        p.trend = 0;
    }
    all[10].trend = 4;
    let batch = next_batch(&Taste::default(), &all, &HashSet::new(), 4, 0);
    assert_eq!(batch[0].id, "p10");
    assert_eq!(batch[1].id, "p00");
    assert_eq!(batch[2].id, "p01");
}

proptest! {
    #[test]
    fn batches_respect_every_rule(
        size in 1usize..16,
        seed in any::<u64>(),
        swiped_count in 0usize..60,
        liked_brand in 0usize..5,
    ) {
        let all = catalogue();
        let swiped: HashSet<&str> = all.iter().take(swiped_count).map(|p| p.id.as_ref()).collect();
        let loved: Vec<&Product> = all.iter().filter(|p| *p.brand == *["A", "B", "C", "D", "E"][liked_brand]).collect();
        let taste = Taste::new(&TasteInput { likes: loved, ..TasteInput::default() });
        let batch = next_batch(&taste, &all, &swiped, size, seed);
        prop_assert!(batch.len() <= size);
        let ids: HashSet<&str> = batch.iter().map(|p| p.id.as_ref()).collect();
        prop_assert_eq!(ids.len(), batch.len(), "no repeats");
        prop_assert!(batch.iter().all(|p| !swiped.contains(p.id.as_str())));
        for brand in ["A", "B", "C", "D", "E"] {
            let n = batch.iter().filter(|p| all.iter().any(|q| *q.id == *p.id && *q.brand == *brand)).count();
            prop_assert!(n <= brand_cap(size));
        }
        let available = all.len() - swiped.len();
        if available >= size * 5 {
            prop_assert_eq!(batch.len(), size, "a full batch whenever enough products qualify");
        }
    }
}

/// The batch as first written: every product scored with its reasons, everything sorted. The
/// optimised [`next_batch`] must deal exactly the same cards.
fn reference_batch(
    taste: &Taste,
    catalogue: &[Product],
    swiped: &HashSet<&str>,
    size: usize,
    seed: u64,
) -> Vec<Pick> {
    let mut ranked: Vec<(usize, Score)> = catalogue
        .iter()
        .enumerate()
        .filter(|(_, p)| !swiped.contains(p.id.as_ref()))
        .map(|(i, p)| (i, score(taste, p)))
        .collect();
    ranked.sort_by(|(ia, a), (ib, b)| {
        b.total
            .cmp(&a.total)
            .then_with(|| catalogue[*ib].trend.cmp(&catalogue[*ia].trend))
            .then_with(|| ia.cmp(ib))
    });
    let cap = brand_cap(size);
    let ranked_slots = size - size / EXPLORATION_SHARE;
    let mut per_brand: std::collections::HashMap<&str, usize> = Default::default();
    let mut taken: HashSet<usize> = HashSet::new();
    let mut picks = Vec::new();
    let mut admit = |i: usize| {
        let count = per_brand.entry(catalogue[i].brand.as_ref()).or_insert(0);
        if *count >= cap {
            return false;
        }
        *count += 1;
        true
    };
    for (i, s) in &ranked {
        if picks.len() == ranked_slots {
            break;
        }
        if admit(*i) {
            taken.insert(*i);
            picks.push(Pick {
                id: catalogue[*i].id.to_string(),
                score: s.clone(),
                exploration: false,
            });
        }
    }
    let mut rest: Vec<&(usize, Score)> =
        ranked.iter().filter(|(i, _)| !taken.contains(i)).collect();
    rest.sort_by_key(|(i, _)| explore_key(seed, id_hash(&catalogue[*i].id)));
    for (i, s) in rest {
        if picks.len() == size {
            break;
        }
        if admit(*i) {
            picks.push(Pick {
                id: catalogue[*i].id.to_string(),
                score: s.clone(),
                exploration: true,
            });
        }
    }
    picks
}

fn any_product(i: usize, brands: &'static [&'static str]) -> impl Strategy<Value = Product> {
    let words = |list: &'static [&'static str]| prop::sample::select(list.to_vec());
    (
        words(brands),
        prop::collection::vec(
            words(&["Topwear", "hoodies", "Hoodies", "Jeans", " Kurta"]),
            0..3,
        ),
        prop::collection::vec(words(&["casual", "Navy", "party", "bestseller", ""]), 0..4),
        words(&["navy", "Navy", "black", "red"]),
        words(&["Regular Fit", "slim fit", ""]),
        500i64..5000,
        -4i64..30,
    )
        .prop_map(
            move |(brand, categories, tags, colour, fit, rupees, trend)| Product {
                id: format!("p{i:03}").into(),
                brand: brand.into(),
                categories: categories.into_iter().map(Text::from).collect(),
                tags: tags.into_iter().map(Text::from).collect(),
                colour: colour.into(),
                fit: fit.into(),
                price_paise: rupees * 100,
                trend,
            },
        )
}

fn any_catalogue() -> impl Strategy<Value = Vec<Product>> {
    const BRANDS: &[&str] = &["Urban Dhaaga", "urban dhaaga ", "Loud Co", "Mehr", "Pahadi"];
    (1usize..200).prop_flat_map(|n| (0..n).map(|i| any_product(i, BRANDS)).collect::<Vec<_>>())
}

/// Nine products in ten of one brand: the brand cap turns away most of the best-ranked, so a
/// batch has to look far down both orders.
fn one_brand_catalogue() -> impl Strategy<Value = Vec<Product>> {
    (1usize..200).prop_flat_map(|n| {
        (0..n)
            .map(|i| {
                any_product(
                    i,
                    if i % 10 == 0 {
                        &["Loud Co", "Pahadi"]
                    } else {
                        &["Mehr"]
                    },
                )
            })
            .collect::<Vec<_>>()
    })
}

proptest! {
    #[test]
    fn the_optimised_batch_is_the_reference_batch(
        all in prop_oneof![any_catalogue(), one_brand_catalogue()],
        likes in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
        dislikes in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
        swiped in prop::collection::vec(any::<prop::sample::Index>(), 0..30),
        interests in prop::collection::vec(prop::sample::select(vec!["hoodies", " NAVY", "party", "streetwear"]), 0..4),
        fits in prop::collection::vec(prop::sample::select(vec!["regular fit", "Slim Fit", "relaxed"]), 0..3),
        size in 1usize..16,
        seed in any::<u64>(),
    ) {
        let taste = drawn_taste(&all, &likes, &dislikes, &interests, &fits);
        let swiped: HashSet<&str> = swiped.iter().map(|i| i.get(&all).id.as_ref()).collect();
        prop_assert_eq!(
            next_batch(&taste, &all, &swiped, size, seed),
            reference_batch(&taste, &all, &swiped, size, seed)
        );
    }
}

proptest! {
    #[test]
    fn a_taste_counted_by_number_is_the_taste_counted_by_text(
        all in prop_oneof![any_catalogue(), one_brand_catalogue()],
        likes in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
        dislikes in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
        interests in prop::collection::vec(prop::sample::select(vec!["hoodies", " NAVY", "party"]), 0..3),
        fits in prop::collection::vec(prop::sample::select(vec!["regular fit", "Slim Fit"]), 0..2),
    ) {
        let interests = strings(&interests);
        let fits = strings(&fits);
        let likes: Vec<usize> = likes.iter().map(|i| i.index(all.len())).collect();
        let dislikes: Vec<usize> = dislikes.iter().map(|i| i.index(all.len())).collect();
        let by_text = Taste::new(&TasteInput {
            style_interests: &interests,
            preferred_fits: &fits,
            likes: likes.iter().map(|i| &all[*i]).collect(),
            dislikes: dislikes.iter().map(|i| &all[*i]).collect(),
        });
        let prepared = Prepared::new(&all);
        prop_assert_eq!(
            Taste::of_prepared(&prepared, &interests, &fits, &likes, &dislikes),
            by_text
        );
    }
}

/// The full ranking of `allowed` ([`next_batch_of`], the specification), the pruned one, and
/// the pruned one dealing from [`Candidates`] kept for `base` (which admits every allowed
/// product) at a length of `kept`.
fn both_rankings(
    taste: &Taste,
    all: &[Product],
    allowed: &[bool],
    size: usize,
    seed: u64,
) -> [Vec<(usize, Pick)>; 2] {
    let [full, pruned, _] = all_rankings(taste, all, allowed, allowed, 512, size, seed);
    [full, pruned]
}

fn all_rankings(
    taste: &Taste,
    all: &[Product],
    allowed: &[bool],
    base: &[bool],
    kept: usize,
    size: usize,
    seed: u64,
) -> [Vec<(usize, Pick)>; 3] {
    let prepared = Prepared::new(all);
    let candidates: Vec<usize> = (0..all.len()).filter(|&i| allowed[i]).collect();
    let kept = Candidates::new(taste, &prepared, |i| base[i], kept);
    [
        next_batch_of(taste, all, &prepared, &candidates, size, seed),
        next_batch_indexed(taste, all, &prepared, |i| allowed[i], None, size, seed),
        next_batch_indexed(
            taste,
            all,
            &prepared,
            |i| allowed[i],
            Some(&kept),
            size,
            seed,
        ),
    ]
}

/// Up to 400 products (heads of 64 to 96 are cut from them) over a wide vocabulary, so that
/// many share no word with a taste and only the trend bound keeps them out of the head.
fn large_catalogue() -> impl Strategy<Value = Vec<Product>> {
    let product = |i: usize| {
        (
            0u8..30,
            prop::collection::vec(0u8..20, 0..3),
            prop::collection::vec(0u8..30, 0..3),
            0u8..12,
            prop::sample::select(vec!["Regular Fit", "slim fit", "relaxed", ""]),
            500i64..5000,
            -4i64..30,
        )
            .prop_map(
                move |(brand, categories, tags, colour, fit, rupees, trend)| Product {
                    id: format!("p{i:03}").into(),
                    brand: format!("brand {brand}").into(),
                    categories: categories.iter().map(|c| format!("k{c}").into()).collect(),
                    tags: tags.iter().map(|t| format!("t{t}").into()).collect(),
                    colour: format!("colour {colour}").into(),
                    fit: fit.into(),
                    price_paise: rupees * 100,
                    trend,
                },
            )
    };
    (1usize..400).prop_flat_map(move |n| (0..n).map(product).collect::<Vec<_>>())
}

proptest! {
    #[test]
    fn the_pruned_batch_is_the_full_batch(
        all in prop_oneof![any_catalogue(), one_brand_catalogue(), large_catalogue()],
        likes in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
        dislikes in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
        swiped in prop::collection::vec(any::<prop::sample::Index>(), 0..120),
        excluded in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
        kept in 1usize..200,
        interests in prop::collection::vec(prop::sample::select(vec!["hoodies", " NAVY", "party", "K3", "t7 "]), 0..4),
        fits in prop::collection::vec(prop::sample::select(vec!["regular fit", "Slim Fit", "relaxed"]), 0..3),
        size in 0usize..16,
        seed in any::<u64>(),
    ) {
        let taste = drawn_taste(&all, &likes, &dislikes, &interests, &fits);
        // The swiped products leave the base the candidates are kept for; the excluded ones
        // only this request.
        let mut base = vec![true; all.len()];
        for i in &swiped {
            base[i.index(all.len())] = false;
        }
        let mut allowed = base.clone();
        for i in &excluded {
            allowed[i.index(all.len())] = false;
        }
        let [full, pruned, kept] = all_rankings(&taste, &all, &allowed, &base, kept, size, seed);
        prop_assert_eq!(&pruned, &full);
        prop_assert_eq!(&kept, &full);
        // Stronger than the batches, which rarely reach the end of a head: both heads, down to
        // their last product and whether the order went on past them.
        let prepared = Prepared::new(&all);
        let dense = score::DenseTaste::new(&taste, &prepared);
        let candidates: Vec<usize> = (0..all.len()).filter(|&i| allowed[i]).collect();
        let spec = heads_of(&dense, &prepared, &candidates, size, seed);
        let kept = Candidates::new(&taste, &prepared, |i| base[i], 96);
        prop_assert_eq!(&heads_indexed(&dense, &prepared, &|i| allowed[i], None, size, seed), &spec);
        prop_assert_eq!(&heads_indexed(&dense, &prepared, &|i| allowed[i], Some(&kept), size, seed), &spec);
    }
}

/// `n` products of `brands` in turn, the first `trending` of them with a rising trend.
fn plain_catalogue(n: usize, brands: &[&str], trending: usize) -> Vec<Product> {
    (0..n)
        .map(|i| {
            let mut p = product(
                &format!("p{i:04}"),
                brands[i % brands.len()],
                ["Hoodies", "Jeans", "Kurta"][i % 3],
                ["navy", "black", "red", "olive"][i % 4],
                500 + (i as i64 % 40) * 100,
            );
            p.trend = if i < trending { 2 * i as i64 } else { 0 };
            p
        })
        .collect()
}

#[test]
fn pruned_edge_cases_deal_the_full_batch() {
    let all = plain_catalogue(1000, &["A", "B", "C", "D", "E"], 40);
    let everyone = vec![true; all.len()];
    let liked: Vec<&Product> = all
        .iter()
        .filter(|p| &*p.categories[1] == "Kurta")
        .take(5)
        .collect();
    let kurta_lover = Taste::new(&TasteInput {
        likes: liked,
        ..TasteInput::default()
    });
    let only_a = Taste::new(&TasteInput {
        likes: all.iter().filter(|p| *p.brand == *"A").take(3).collect(),
        ..TasteInput::default()
    });
    let cases: [(&str, &Taste, Vec<bool>, usize); 6] = [
        (
            "an empty taste ranks by trend",
            &Taste::default(),
            everyone.clone(),
            8,
        ),
        ("a focused taste", &kurta_lover, everyone.clone(), 8),
        (
            "everything excluded",
            &kurta_lover,
            vec![false; all.len()],
            8,
        ),
        (
            "all but three excluded",
            &kurta_lover,
            (0..all.len()).map(|i| i % 400 == 7).collect(),
            8,
        ),
        (
            "a batch of one has no exploration slot",
            &only_a,
            everyone.clone(),
            1,
        ),
        ("a long batch", &only_a, everyone.clone(), 40),
    ];
    for (case, taste, allowed, size) in cases {
        for seed in [0, 1, 42, u64::MAX] {
            let [full, pruned] = both_rankings(taste, &all, &allowed, size, seed);
            assert_eq!(pruned, full, "{case}, seed {seed}");
            let expected = size.min(allowed.iter().filter(|a| **a).count());
            assert_eq!(pruned.len(), expected, "{case}: a full batch");
        }
    }
}

#[test]
fn pruned_ties_go_to_the_trend_then_catalogue_order() {
    // Every product scores the same: the trend and then the catalogue order decide.
    let mut all = plain_catalogue(300, &["A", "B", "C", "D", "E", "F", "G", "H"], 0);
    all[250].trend = 2;
    all[120].trend = 3;
    let [full, pruned] = both_rankings(&Taste::default(), &all, &vec![true; 300], 4, 7);
    assert_eq!(pruned, full);
    let ranked: Vec<usize> = pruned
        .iter()
        .filter(|(_, p)| !p.exploration)
        .map(|(i, _)| *i)
        .collect();
    assert_eq!(ranked, [120, 250, 0]);
}

#[test]
fn pruned_brand_cap_looks_deeper_than_the_head() {
    // The 200 best products are all of brand A: the cap lets in half a batch of them, and the
    // rest come from far below the head, past products the bound alone would not reach.
    let mut all = plain_catalogue(600, &["B", "C"], 0);
    for p in all.iter_mut().take(200) {
        p.brand = "A".into();
        p.trend = 20;
    }
    let taste = Taste::new(&TasteInput {
        likes: all.iter().take(3).collect(),
        ..TasteInput::default()
    });
    for size in [4, 8, 16] {
        let [full, pruned] = both_rankings(&taste, &all, &vec![true; 600], size, 3);
        assert_eq!(pruned, full, "size {size}");
        let of_a = pruned.iter().filter(|(i, _)| *i < 200).count();
        assert_eq!(of_a, brand_cap(size), "size {size}");
        assert_eq!(pruned.len(), size);
    }
}

#[test]
fn pruned_exploration_slots_follow_the_seed() {
    let all = plain_catalogue(500, &["A", "B", "C", "D", "E"], 100);
    let taste = Taste::new(&TasteInput {
        likes: all.iter().skip(300).take(4).collect(),
        ..TasteInput::default()
    });
    let explored = |seed: u64| -> Vec<usize> {
        let [full, pruned] = both_rankings(&taste, &all, &vec![true; 500], 8, seed);
        assert_eq!(pruned, full, "seed {seed}");
        pruned
            .iter()
            .filter(|(_, p)| p.exploration)
            .map(|(i, _)| *i)
            .collect()
    };
    assert_eq!(explored(1).len(), 8 / EXPLORATION_SHARE);
    assert_ne!(explored(1), explored(2), "another seed explores elsewhere");
}

proptest! {
    #[test]
    fn the_key_order_walk_visits_every_product_once_in_key_order(
        ids in prop::collection::vec("[a-z0-9]{0,6}", 0..300),
        mask in any::<u64>(),
        stop_after in 0usize..320,
    ) {
        let all: Vec<Product> = ids.iter().map(|id| product(id, "A", "Jeans", "navy", 900)).collect();
        let prepared = Prepared::new(&all);
        let mut expected: Vec<(u64, usize)> = (0..all.len())
            .map(|i| (id_hash(&all[i].id) ^ mask, i))
            .collect();
        expected.sort_unstable();
        let mut seen: Vec<(u64, usize)> = Vec::new();
        prepared.walk_in_key_order(mask, |i, key| {
            seen.push((key, i));
            true
        });
        // Equal keys (repeated ids) may come in any order among themselves.
        let mut sorted_seen = seen.clone();
        sorted_seen.sort_unstable();
        prop_assert_eq!(&sorted_seen, &expected, "every product once");
        prop_assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0), "in key order");
        let mut visits = 0;
        prepared.walk_in_key_order(mask, |_, _| {
            visits += 1;
            visits <= stop_after
        });
        prop_assert_eq!(visits, (stop_after + 1).min(all.len()), "stops when told");
    }
}
