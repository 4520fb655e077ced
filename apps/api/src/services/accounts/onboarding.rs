//! The onboarding rule (000 §2.4, §5, §7): the sign-in sheet's location and onboarding's
//! answers, each checked by its own rule, applied to the user's record; onboarding is complete
//! once the age range, the style interests and the preferred fits are all given.

use std::collections::BTreeMap;

use validation::{
    AgeRange, Gender, Location, NonBlank, PreferredFits, StyleInterests, ValidationError,
};

/// What a registration may fill in; a field not sent is left as it is.
#[derive(Clone, Debug, Default)]
pub struct Answers {
    pub location: Option<String>,
    pub display_name: Option<String>,
    pub gender: Option<String>,
    pub age_range: Option<String>,
    pub interests: Option<Vec<String>>,
    pub ml_preferences: Option<Vec<String>>,
}

/// Applies `answers` to `user`, or answers each broken field's message by its request name
/// (and then `user` must not be saved).
pub fn apply(
    user: &mut store::UserRecord,
    answers: &Answers,
) -> Result<(), BTreeMap<String, String>> {
    let mut fields = BTreeMap::new();
    let mut check = |field: &str, outcome: Result<(), ValidationError>| {
        if let Err(e) = outcome {
            fields.insert(field.to_owned(), e.to_string());
        }
    };
    if let Some(location) = answers.location.as_deref() {
        check("location", apply_location(user, location));
    }
    if let Some(name) = answers.display_name.as_deref() {
        check(
            "display_name",
            NonBlank::require(name, ValidationError::NameRequired).and_then(|name| {
                validation::at_most(name.as_str(), validation::MAX_NAME_CHARS)?;
                user.display_name = name.as_str().to_owned();
                Ok(())
            }),
        );
    }
    if let Some(gender) = answers.gender.as_deref() {
        check(
            "gender",
            // Onboarding has one gender message for every wrong value (000 §5).
            Gender::parse(gender)
                .map(|g| user.gender = g.as_str().to_owned())
                .map_err(|_| ValidationError::GenderRequired),
        );
    }
    let mut onboarding_parts = 0;
    if let Some(range) = answers.age_range.as_deref() {
        check(
            "ageRange",
            AgeRange::parse(range).and_then(|range| {
                validation::at_most(range.as_str(), validation::MAX_CHOICE_CHARS)?;
                user.age = i32::try_from(range.age()).unwrap_or(i32::MAX);
                user.age_range = range.as_str().to_owned();
                onboarding_parts += 1;
                Ok(())
            }),
        );
    }
    if let Some(interests) = answers.interests.as_deref() {
        check(
            "interests",
            choices(interests, |raw| {
                StyleInterests::parse(raw).map(|l| texts(l.as_slice()))
            })
            .map(|list| {
                user.interests = list;
                onboarding_parts += 1;
            }),
        );
    }
    if let Some(fits) = answers.ml_preferences.as_deref() {
        check(
            "ml_preferences",
            choices(fits, |raw| {
                PreferredFits::parse(raw).map(|l| texts(l.as_slice()))
            })
            .map(|list| {
                user.ml_preferences = list;
                onboarding_parts += 1;
            }),
        );
    }
    if !fields.is_empty() {
        return Err(fields);
    }
    if onboarding_parts == 3 {
        user.onboarded = true;
    }
    Ok(())
}

/// A list of choices, each no longer than a choice may be, read by `parse`.
fn choices(
    raw: &[String],
    parse: impl FnOnce(&[String]) -> Result<Vec<String>, ValidationError>,
) -> Result<Vec<String>, ValidationError> {
    validation::choices_at_most(raw)?;
    parse(raw)
}

fn texts(items: &[NonBlank]) -> Vec<String> {
    items.iter().map(|i| i.as_str().to_owned()).collect()
}

/// The sign-in sheet's location: the user's location, and remembered among their places.
fn apply_location(user: &mut store::UserRecord, location: &str) -> Result<(), ValidationError> {
    let location = Location::parse(location)?;
    let location = location.as_str();
    validation::at_most(location, validation::MAX_LOCATION_CHARS)?;
    user.delivery_addresses = validation::remember_location(&user.delivery_addresses, location);
    user.location = location.to_owned();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh_user() -> store::UserRecord {
        let email = validation::Email::parse("asha@gmail.com").expect("an address");
        crate::services::accounts::new_user(&email, 7, chrono::Utc::now())
    }

    fn texts(items: &[&str]) -> Option<Vec<String>> {
        Some(items.iter().map(|s| (*s).to_owned()).collect())
    }

    fn all_three() -> Answers {
        Answers {
            age_range: Some("Gen Z (18-24)".into()),
            interests: texts(&["Streetwear", "Minimal", "Boho"]),
            ml_preferences: texts(&["Relaxed"]),
            ..Answers::default()
        }
    }

    #[test]
    fn onboarding_is_complete_once_age_range_interests_and_fits_are_all_given() {
        let mut user = fresh_user();
        apply(&mut user, &all_three()).expect("valid answers");
        assert!(user.onboarded);
        assert_eq!(user.age, 22);
        assert_eq!(user.interests, ["Streetwear", "Minimal", "Boho"]);
        assert_eq!(user.ml_preferences, ["Relaxed"]);
    }

    #[test]
    fn two_of_the_three_parts_leave_onboarding_open() {
        let mut user = fresh_user();
        let answers = Answers {
            ml_preferences: None,
            ..all_three()
        };
        apply(&mut user, &answers).expect("valid answers");
        assert!(!user.onboarded);
    }

    #[test]
    fn the_location_alone_is_remembered_without_onboarding() {
        let mut user = fresh_user();
        let answers = Answers {
            location: Some("  Mumbai ".into()),
            ..Answers::default()
        };
        apply(&mut user, &answers).expect("a location");
        assert_eq!(user.location, "Mumbai");
        assert!(user.delivery_addresses.iter().any(|a| a == "Mumbai"));
        assert!(!user.onboarded);
    }

    #[test]
    fn every_broken_field_is_named_with_its_message() {
        let mut user = fresh_user();
        let answers = Answers {
            display_name: Some("   ".into()),
            gender: Some("robot".into()),
            interests: texts(&["Streetwear"]),
            ..all_three()
        };
        let fields = apply(&mut user, &answers).expect_err("broken fields");
        assert_eq!(
            fields.keys().map(String::as_str).collect::<Vec<_>>(),
            ["display_name", "gender", "interests"]
        );
        assert_eq!(
            fields["gender"],
            ValidationError::GenderRequired.to_string()
        );
        assert_eq!(
            fields["interests"],
            ValidationError::TooFewStyleInterests.to_string()
        );
    }
}
