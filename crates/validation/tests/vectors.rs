//! Checks every vector of `testdata/vectors/validation.json`, the file the browser's
//! `frontend/src/lib/validation.ts` is tested against too (000 §5, 001 §5), through this
//! crate's public API.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;
use serde_json::Value;
use validation::{
    AddressContactInput, AddressDetailsInput, AddressSearchInput, Email, Field, FormErrors,
    Location, ManageAccountInput, OnboardingBasicsInput, OnboardingFitsInput, OnboardingStyleInput,
    OtpCode, ValidationError, parse_iso_date, validate_address_contact, validate_address_details,
    validate_address_search, validate_manage_account, validate_onboarding_basics,
    validate_onboarding_fits, validate_onboarding_style,
};

const VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/vectors/validation.json"
);

/// The rules of the README's table.
const RULES: [&str; 10] = [
    "login_email",
    "otp_code",
    "location",
    "onboarding_basics",
    "onboarding_style",
    "onboarding_fits",
    "address_search",
    "address_details",
    "address_contact",
    "manage_account",
];

#[derive(Debug, Deserialize)]
struct Vector {
    spec: String,
    name: String,
    rule: String,
    input: Value,
    expected: BTreeMap<String, String>,
}

fn vectors() -> Vec<Vector> {
    let text =
        std::fs::read_to_string(VECTORS).expect("testdata/vectors/validation.json is readable");
    serde_json::from_str(&text).expect("validation.json follows testdata/vectors/README.md")
}

type Messages = BTreeMap<String, String>;

fn field<T>(field: Field, result: Result<T, ValidationError>) -> Messages {
    match result {
        Ok(_) => Messages::new(),
        Err(error) => Messages::from([(field.as_str().to_owned(), error.to_string())]),
    }
}

fn form<T>(result: Result<T, FormErrors>) -> Messages {
    match result {
        Ok(_) => Messages::new(),
        Err(errors) => serde_json::from_value(serde_json::to_value(&errors).unwrap()).unwrap(),
    }
}

fn input<T: serde::de::DeserializeOwned>(value: &Value) -> T {
    serde_json::from_value(value.clone()).expect("vector input has the README's shape")
}

fn text(value: &Value) -> &str {
    value.as_str().expect("single-field rules take a string")
}

/// Runs one vector through the public API and returns the failing fields and messages.
fn run(vector: &Vector) -> Messages {
    let value = &vector.input;
    match vector.rule.as_str() {
        "login_email" => field(Field::Email, Email::parse(text(value))),
        "otp_code" => field(Field::Code, OtpCode::parse(text(value))),
        "location" => field(Field::Location, Location::parse(text(value))),
        "onboarding_basics" => form(validate_onboarding_basics(&input::<OnboardingBasicsInput>(
            value,
        ))),
        "onboarding_style" => form(validate_onboarding_style(&input::<OnboardingStyleInput>(
            value,
        ))),
        "onboarding_fits" => form(validate_onboarding_fits(&input::<OnboardingFitsInput>(
            value,
        ))),
        "address_search" => form(validate_address_search(&input::<AddressSearchInput>(value))),
        "address_details" => form(validate_address_details(&input::<AddressDetailsInput>(
            value,
        ))),
        "address_contact" => form(validate_address_contact(&input::<AddressContactInput>(
            value,
        ))),
        "manage_account" => {
            let today = value
                .get("today")
                .and_then(Value::as_str)
                .and_then(parse_iso_date)
                .expect("manage_account vectors carry today as YYYY-MM-DD");
            form(validate_manage_account(
                &input::<ManageAccountInput>(value),
                today,
            ))
        }
        other => panic!("{}: unknown rule {other:?}", vector.name),
    }
}

#[test]
fn every_validation_vector_holds() {
    let mut failures = Vec::new();
    for vector in vectors() {
        let got = run(&vector);
        if got != vector.expected {
            failures.push(format!(
                "{} / {} ({}): expected {:?}, got {:?}",
                vector.rule, vector.name, vector.spec, vector.expected, got
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "failing vectors:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_rule_has_valid_and_failing_vectors() {
    let vectors = vectors();
    for rule in RULES {
        let of_rule: Vec<_> = vectors.iter().filter(|v| v.rule == rule).collect();
        assert!(
            of_rule.iter().any(|v| v.expected.is_empty()),
            "{rule}: no valid vector"
        );
        assert!(
            of_rule.iter().any(|v| !v.expected.is_empty()),
            "{rule}: no failing vector"
        );
    }
    for v in &vectors {
        assert!(RULES.contains(&v.rule.as_str()), "{}: unknown rule", v.name);
        assert!(
            v.spec == "000 §5" || v.spec == "001 §5" || v.spec == "001 §9",
            "{}: spec {:?} is not a validation section",
            v.name,
            v.spec
        );
    }
}

#[test]
fn every_form_message_appears_in_some_vector() {
    let seen: BTreeSet<String> = vectors()
        .into_iter()
        .flat_map(|v| v.expected.into_values())
        .collect();
    let form_messages = [
        ValidationError::InvalidEmail,
        ValidationError::InvalidOtp,
        ValidationError::LocationRequired,
        ValidationError::NameRequired,
        ValidationError::EmailRequired,
        ValidationError::GenderRequired,
        ValidationError::AgeRangeRequired,
        ValidationError::TooFewStyleInterests,
        ValidationError::TooManyStyleInterests,
        ValidationError::FitRequired,
        ValidationError::AddressSearchRequired,
        ValidationError::FlatNumberRequired,
        ValidationError::WingBuildingRequired,
        ValidationError::CityRequired,
        ValidationError::StateRequired,
        ValidationError::InvalidPincode,
        ValidationError::CountryRequired,
        ValidationError::RecipientNameRequired,
        ValidationError::InvalidPhone,
        ValidationError::InvalidGmail,
        ValidationError::FullNameRequired,
        ValidationError::InvalidGenderOption,
        ValidationError::InvalidDateOfBirth,
        ValidationError::DateOfBirthInFuture,
        ValidationError::DateOfBirthTooEarly,
    ];
    for message in form_messages {
        assert!(
            seen.contains(&message.to_string()),
            "no vector shows {message:?}: '{message}'"
        );
    }
}
