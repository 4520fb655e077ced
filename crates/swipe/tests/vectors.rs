//! Checks every vector of `testdata/vectors/swipe.json`, the file the browser's
//! `frontend/src/lib/swipe.ts` is tested against too (001 §4, §9).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde::Deserialize;
use swipe::{bag_drag_offset, bag_release, card_decision, feed::should_prefetch};

const VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/vectors/swipe.json"
);

#[derive(Debug, Deserialize)]
struct Vector {
    spec: String,
    name: String,
    #[serde(flatten)]
    case: Case,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Case {
    Card {
        offset: f64,
        velocity: f64,
        expected: String,
    },
    BagRemove {
        offset: f64,
        expected: String,
    },
    BagDrag {
        offset: f64,
        expected: f64,
    },
    FeedPrefetch {
        remaining: usize,
        expected: bool,
    },
}

fn vectors() -> Vec<Vector> {
    let text = std::fs::read_to_string(VECTORS).expect("testdata/vectors/swipe.json is readable");
    serde_json::from_str(&text).expect("swipe.json follows testdata/vectors/README.md")
}

#[test]
fn every_swipe_vector_holds() {
    let vectors = vectors();
    assert!(
        vectors.len() >= 30,
        "expected about 30 vectors, found {}",
        vectors.len()
    );
    let mut failures = Vec::new();
    for v in &vectors {
        assert!(
            v.spec.starts_with("00"),
            "{}: spec {:?} names no spec line",
            v.name,
            v.spec
        );
        let holds = match &v.case {
            Case::Card {
                offset,
                velocity,
                expected,
            } => card_decision(*offset, *velocity).as_str() == expected,
            Case::BagRemove { offset, expected } => bag_release(*offset).as_str() == expected,
            Case::BagDrag { offset, expected } => {
                (bag_drag_offset(*offset) - expected).abs() < 1e-9
            }
            Case::FeedPrefetch {
                remaining,
                expected,
            } => should_prefetch(*remaining) == *expected,
        };
        if !holds {
            failures.push(format!("{} ({}): {:?}", v.name, v.spec, v.case));
        }
    }
    assert!(
        failures.is_empty(),
        "failing vectors:\n{}",
        failures.join("\n")
    );
}

#[test]
fn vectors_cover_every_kind_and_boundary() {
    let vectors = vectors();
    let has = |pred: &dyn Fn(&Case) -> bool| vectors.iter().any(|v| pred(&v.case));
    for (offset, velocity) in [
        (120.0, 0.0),
        (121.0, 0.0),
        (0.0, 800.0),
        (0.0, 801.0),
        (80.0, 401.0),
        (81.0, 400.0),
        (81.0, 401.0),
        (-121.0, 0.0),
        (0.0, -801.0),
    ] {
        assert!(
            has(
                &|c| matches!(c, Case::Card { offset: o, velocity: v, .. } if (*o - offset).abs() < 1e-9 && (*v - velocity).abs() < 1e-9)
            ),
            "no card vector at offset {offset}, velocity {velocity}"
        );
    }
    for offset in [-60.0, -61.0] {
        assert!(
            has(&|c| matches!(c, Case::BagRemove { offset: o, .. } if (*o - offset).abs() < 1e-9)),
            "no bag_remove vector at {offset}"
        );
    }
    assert!(has(
        &|c| matches!(c, Case::BagDrag { offset, .. } if *offset < -80.0)
    ));
    assert!(has(
        &|c| matches!(c, Case::BagDrag { offset, .. } if *offset > 0.0)
    ));
    assert!(has(&|c| matches!(
        c,
        Case::FeedPrefetch { remaining: 3, .. }
    )));
    assert!(has(&|c| matches!(
        c,
        Case::FeedPrefetch { remaining: 4, .. }
    )));
}
