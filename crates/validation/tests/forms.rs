//! What the form checks return when they pass, and how they report failures
//! (000 §5, 001 §5).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::NaiveDate;
use validation::{
    AddressContactInput, AddressDetailsInput, AddressInput, AddressSearchInput, Field, FormErrors,
    ManageAccountInput, OnboardingBasicsInput, OnboardingStyleInput, ValidationError,
    require_onboarding_email, validate_address, validate_address_details, validate_manage_account,
    validate_onboarding_basics, validate_onboarding_style,
};

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2025, 6, 1).unwrap()
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn onboarding_basics_are_trimmed_and_typed() {
    // 000 §5: onboarding step 1
    let basics = validate_onboarding_basics(&OnboardingBasicsInput {
        name: "  Asha Rao ".into(),
        email: "Asha@Example.com".into(),
        gender: " Female".into(),
    })
    .unwrap();
    assert_eq!(basics.name().as_str(), "Asha Rao");
    assert_eq!(basics.email().as_str(), "Asha@Example.com");
    assert_eq!(basics.email().normalized(), "asha@example.com");
    assert_eq!(basics.gender().as_str(), "female");
}

#[test]
fn onboarding_style_derives_the_age() {
    // 000 §5: age derived from the age range
    let style = validate_onboarding_style(&OnboardingStyleInput {
        age_range: "Millennial (26-35)".into(),
        style_interests: strings(&["Streetwear", "Casual", "Formal", "Casual"]),
    })
    .unwrap();
    assert_eq!(style.age(), 30);
    assert_eq!(style.age_range().as_str(), "Millennial (26-35)");
    assert_eq!(style.style_interests().as_slice().len(), 3);
}

#[test]
fn completing_onboarding_needs_an_email() {
    // 000 §5: 'Email is required to complete onboarding'
    let table = [
        (None, Err(ValidationError::OnboardingEmailRequired)),
        (Some(""), Err(ValidationError::OnboardingEmailRequired)),
        (Some("  "), Err(ValidationError::OnboardingEmailRequired)),
        (Some("asha@"), Err(ValidationError::InvalidEmail)),
        (Some("asha@example.com"), Ok("asha@example.com".to_owned())),
    ];
    for (raw, expected) in table {
        assert_eq!(
            require_onboarding_email(raw).map(|e| e.to_string()),
            expected,
            "000 §5: {raw:?}"
        );
    }
    assert_eq!(
        ValidationError::OnboardingEmailRequired.to_string(),
        "Email is required to complete onboarding"
    );
}

#[test]
fn form_errors_keep_form_order_and_show_the_first() {
    // 001 §5: every failing field of step 2 at once
    let errors = validate_address_details(&AddressDetailsInput::default()).unwrap_err();
    let fields: Vec<_> = errors.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(
        fields,
        [
            "flatNumber",
            "wingBuilding",
            "city",
            "state",
            "pincode",
            "country"
        ]
    );
    assert_eq!(errors.len(), 6);
    assert!(!errors.is_empty());
    assert_eq!(errors.to_string(), "Flat/House number required");
    assert_eq!(
        errors.get(Field::Pincode),
        Some(&ValidationError::InvalidPincode)
    );
    assert_eq!(errors.get(Field::Phone), None);
    assert_eq!(
        serde_json::to_value(&errors).unwrap()["pincode"],
        "6-digit pincode required"
    );
    assert!(FormErrors::default().to_string().is_empty());
}

fn full_address() -> AddressInput {
    AddressInput {
        search: AddressSearchInput {
            address_search: "Sunrise Towers, Fort, Mumbai".into(),
        },
        details: AddressDetailsInput {
            flat_number: "12B".into(),
            wing_building: "Sunrise Towers".into(),
            city: "Mumbai".into(),
            state: "Maharashtra".into(),
            pincode: "400001".into(),
            country: "India".into(),
        },
        contact: AddressContactInput {
            full_name: "Asha Rao".into(),
            phone: "9876543210".into(),
            email: "asha.rao@gmail.com".into(),
        },
    }
}

#[test]
fn saving_needs_every_step_valid() {
    // 001 §5: save is enabled only when all fields are valid, including addressSearch
    let address = validate_address(&full_address()).unwrap();
    assert_eq!(address.details().pincode().to_string(), "400001");
    assert_eq!(address.contact().phone().as_str(), "9876543210");
    assert_eq!(address.contact().email().as_str(), "asha.rao@gmail.com");
    assert_eq!(
        address.address_search().as_str(),
        "Sunrise Towers, Fort, Mumbai"
    );

    let mut broken = full_address();
    broken.search.address_search = " ".into();
    broken.details.pincode = "4000".into();
    broken.contact.email = "asha@yahoo.com".into();
    let errors = validate_address(&broken).unwrap_err();
    let messages: Vec<_> = errors
        .iter()
        .map(|(f, e)| (f.as_str(), e.to_string()))
        .collect();
    assert_eq!(
        messages,
        [
            (
                "addressSearch",
                "Pick an address or type manually".to_owned()
            ),
            ("pincode", "6-digit pincode required".to_owned()),
            ("email", "Must be a valid @gmail.com address".to_owned()),
        ]
    );
}

#[test]
fn address_reads_the_wire_shape() {
    // 001 §5: the wizard's field names
    let json = serde_json::json!({
        "addressSearch": "Fort, Mumbai", "flatNumber": "1", "wingBuilding": "A",
        "city": "Mumbai", "state": "Maharashtra", "pincode": "400001", "country": "India",
        "fullName": "Asha", "phone": "9876543210", "email": "asha@gmail.com"
    });
    let input: AddressInput = serde_json::from_value(json).unwrap();
    assert_eq!(input, {
        let mut expected = full_address();
        expected.search.address_search = "Fort, Mumbai".into();
        expected.details.flat_number = "1".into();
        expected.details.wing_building = "A".into();
        expected.contact.full_name = "Asha".into();
        expected.contact.email = "asha@gmail.com".into();
        expected
    });
    let saved = serde_json::to_value(validate_address(&input).unwrap()).unwrap();
    assert_eq!(saved["pincode"], "400001");
    assert_eq!(saved["fullName"], "Asha");
    assert_eq!(saved["addressSearch"], "Fort, Mumbai");
}

#[test]
fn manage_account_returns_the_profile() {
    // 001 §5: Manage Account
    let profile = validate_manage_account(
        &ManageAccountInput {
            full_name: " Asha Rao ".into(),
            email: "asha@example.com".into(),
            gender: "OTHER".into(),
            date_of_birth: Some("1990-05-17".into()),
        },
        today(),
    )
    .unwrap();
    assert_eq!(profile.full_name().as_str(), "Asha Rao");
    assert_eq!(profile.gender().as_str(), "other");
    assert_eq!(
        profile.date_of_birth().map(|d| d.to_string()),
        Some("1990-05-17".to_owned())
    );
    let json = serde_json::to_value(&profile).unwrap();
    assert_eq!(json["dateOfBirth"], "1990-05-17");
    assert_eq!(json["gender"], "other");
}

#[test]
fn manage_account_date_is_judged_against_the_given_today() {
    // 001 §5: not in the future, with today passed in
    let input = ManageAccountInput {
        full_name: "Asha".into(),
        email: "asha@example.com".into(),
        gender: "female".into(),
        date_of_birth: Some("2025-06-02".into()),
    };
    let tomorrow = NaiveDate::from_ymd_opt(2025, 6, 2).unwrap();
    assert_eq!(
        validate_manage_account(&input, today())
            .unwrap_err()
            .get(Field::DateOfBirth),
        Some(&ValidationError::DateOfBirthInFuture)
    );
    assert!(validate_manage_account(&input, tomorrow).is_ok());
}
