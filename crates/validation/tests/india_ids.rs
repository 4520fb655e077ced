//! Checks every vector of `tests/vectors/india-ids.json`, the file the browser's
//! `frontend/src/lib/india-ids.ts` is tested against too: each valid value passes, each invalid
//! one fails for the reason the file gives.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde::Deserialize;
use validation::india_ids::{self, IdError};

#[derive(Debug, Deserialize)]
struct Vector {
    value: String,
    valid: bool,
    reason: String,
    /// For a PAN: the GSTIN it must sit inside.
    gstin: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Vectors {
    gstin: Vec<Vector>,
    pan: Vec<Vector>,
    ifsc: Vec<Vector>,
    bank_account: Vec<Vector>,
    mobile: Vec<Vector>,
}

fn vectors() -> Vectors {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/india-ids.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the vectors are readable"))
        .expect("the vectors parse")
}

fn check(rule: &str, vectors: &[Vector], judge: impl Fn(&Vector) -> Result<String, IdError>) {
    assert!(!vectors.is_empty(), "{rule} has vectors");
    for v in vectors {
        match (judge(v), v.valid) {
            (Ok(_), true) => {}
            (Err(e), false) => assert_eq!(e.reason(), v.reason, "{rule} {:?}: {e}", v.value),
            (outcome, _) => panic!("{rule} {:?} ({}): {outcome:?}", v.value, v.reason),
        }
    }
}

#[test]
fn every_vector_is_judged_as_the_file_says() {
    let all = vectors();
    check("gstin", &all.gstin, |v| india_ids::gstin(&v.value));
    check("pan", &all.pan, |v| {
        india_ids::pan(&v.value, v.gstin.as_deref())
    });
    check("ifsc", &all.ifsc, |v| india_ids::ifsc(&v.value));
    check("bankAccount", &all.bank_account, |v| {
        india_ids::bank_account(&v.value)
    });
    check("mobile", &all.mobile, |v| {
        india_ids::indian_mobile(&v.value)
    });
}

#[test]
fn every_reason_of_the_rules_is_covered() {
    let all = vectors();
    let reasons: std::collections::BTreeSet<&str> = all
        .gstin
        .iter()
        .filter(|v| !v.valid)
        .map(|v| v.reason.as_str())
        .collect();
    for reason in ["required", "length", "format", "state", "check"] {
        assert!(reasons.contains(reason), "a GSTIN vector fails by {reason}");
    }
    assert!(all.pan.iter().any(|v| v.reason == "mismatch"));
}
