//! Facts about a shopper: names, location, gender, age, style choices, date of birth
//! (000 §5, §7, §9; 001 §5, §9).

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::{Email, ValidationError};

/// Text that is not blank, kept trimmed: a name, a city, an address line.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct NonBlank(String);

impl NonBlank {
    /// The trimmed text, or `None` when nothing but whitespace is left.
    pub fn parse(raw: &str) -> Option<Self> {
        let trimmed = raw.trim();
        (!trimmed.is_empty()).then(|| NonBlank(trimmed.to_owned()))
    }

    /// Like [`NonBlank::parse`], with the error to report when blank.
    pub fn require(raw: &str, when_blank: ValidationError) -> Result<Self, ValidationError> {
        Self::parse(raw).ok_or(when_blank)
    }

    /// The trimmed text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for NonBlank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<NonBlank> for String {
    fn from(text: NonBlank) -> Self {
        text.0
    }
}

/// The delivery location typed at sign-in, trimmed and not blank (000 §5); blank is
/// [`ValidationError::LocationRequired`] ('Please enter your location or use auto-detect').
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Location(NonBlank);

impl Location {
    /// Parses typed text.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        NonBlank::require(raw, ValidationError::LocationRequired).map(Location)
    }

    /// The trimmed location.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The name shown for a user: their name when set (trimmed, not blank), else the part of their
/// e-mail before the `@` (000 §5, §7).
pub fn display_name(name: Option<&str>, email: &Email) -> String {
    match name.and_then(NonBlank::parse) {
        Some(name) => name.into(),
        None => email.local_part().to_owned(),
    }
}

/// A shopper's gender as the profile stores it: male, female or other (001 §5). New users are
/// registered with `other` (000 §7).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(try_from = "String", into = "String")]
pub enum Gender {
    /// `male`
    Male,
    /// `female`
    Female,
    /// `other`; the default of a new user (000 §7).
    #[default]
    Other,
}

impl Gender {
    /// Every option, in the order of the select.
    pub const ALL: [Gender; 3] = [Gender::Male, Gender::Female, Gender::Other];

    /// Parses `male`, `female` or `other` (trimmed, letter case ignored). Blank is
    /// [`ValidationError::GenderRequired`] ('Please select your gender'); any other value is
    /// [`ValidationError::InvalidGenderOption`] ('Please select a valid gender option.'),
    /// 001 §5.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(ValidationError::GenderRequired);
        }
        Gender::ALL
            .into_iter()
            .find(|g| g.as_str().eq_ignore_ascii_case(trimmed))
            .ok_or(ValidationError::InvalidGenderOption)
    }

    /// The stored value: `male`, `female` or `other`.
    pub fn as_str(self) -> &'static str {
        match self {
            Gender::Male => "male",
            Gender::Female => "female",
            Gender::Other => "other",
        }
    }
}

impl fmt::Display for Gender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Gender {
    type Err = ValidationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl TryFrom<String> for Gender {
    type Error = ValidationError;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<Gender> for String {
    fn from(gender: Gender) -> Self {
        gender.as_str().to_owned()
    }
}

/// The age a new user is registered with, and the one derived from an age range that names no
/// generation (000 §7, §9).
pub const DEFAULT_AGE: u32 = 25;
/// The age derived from an age range containing 'Gen Z' (000 §5).
pub const GEN_Z_AGE: u32 = 22;
/// The age derived from an age range containing 'Millennial' (000 §5).
pub const MILLENNIAL_AGE: u32 = 30;

/// The age derived from an onboarding age range: containing 'Gen Z' gives 22, containing
/// 'Millennial' gives 30, anything else 25 (000 §5). The match is case-sensitive, as written.
pub fn age_for_range(range: &str) -> u32 {
    if range.contains("Gen Z") {
        GEN_Z_AGE
    } else if range.contains("Millennial") {
        MILLENNIAL_AGE
    } else {
        DEFAULT_AGE
    }
}

/// The age range chosen at onboarding step 2: not blank (000 §5); blank is
/// [`ValidationError::AgeRangeRequired`] ('Please select your age range', ours).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct AgeRange(NonBlank);

impl AgeRange {
    /// Parses the chosen range.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        NonBlank::require(raw, ValidationError::AgeRangeRequired).map(AgeRange)
    }

    /// The range as chosen (trimmed).
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The age derived from it: see [`age_for_range`].
    pub fn age(&self) -> u32 {
        age_for_range(self.as_str())
    }
}

impl fmt::Display for AgeRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The band an age falls in (000 §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AgeBand {
    /// Up to 25: 'Gen Z (18-25)'.
    GenZ,
    /// 26 to 35: 'Millennial (26-35)'.
    Millennial,
    /// Over 35: 'Other'.
    Other,
}

impl AgeBand {
    /// The band of an age: up to 25 Gen Z, up to 35 Millennial, otherwise Other (000 §5).
    pub fn for_age(age: u32) -> Self {
        if age <= 25 {
            AgeBand::GenZ
        } else if age <= 35 {
            AgeBand::Millennial
        } else {
            AgeBand::Other
        }
    }

    /// The text: 'Gen Z (18-25)', 'Millennial (26-35)' or 'Other'.
    pub fn label(self) -> &'static str {
        match self {
            AgeBand::GenZ => "Gen Z (18-25)",
            AgeBand::Millennial => "Millennial (26-35)",
            AgeBand::Other => "Other",
        }
    }
}

impl fmt::Display for AgeBand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Fewest style interests onboarding accepts (000 §5).
pub const MIN_STYLE_INTERESTS: usize = 3;
/// Most style interests onboarding accepts (000 §5).
pub const MAX_STYLE_INTERESTS: usize = 5;

/// Distinct, trimmed, non-blank choices in their first-seen order.
fn distinct_choices(raw: &[String]) -> Vec<NonBlank> {
    let mut seen = BTreeSet::new();
    raw.iter()
        .filter_map(|choice| NonBlank::parse(choice))
        .filter(|choice| seen.insert(choice.clone()))
        .collect()
}

/// The 3 to 5 style interests of onboarding step 2 (000 §5).
///
/// Choices are trimmed; blank ones are dropped and repeats counted once before counting.
/// Fewer than 3 is [`ValidationError::TooFewStyleInterests`], more than 5
/// [`ValidationError::TooManyStyleInterests`] (messages ours).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct StyleInterests(Vec<NonBlank>);

impl StyleInterests {
    /// Parses the chosen interests.
    pub fn parse(raw: &[String]) -> Result<Self, ValidationError> {
        let choices = distinct_choices(raw);
        if choices.len() < MIN_STYLE_INTERESTS {
            Err(ValidationError::TooFewStyleInterests)
        } else if choices.len() > MAX_STYLE_INTERESTS {
            Err(ValidationError::TooManyStyleInterests)
        } else {
            Ok(StyleInterests(choices))
        }
    }

    /// The interests, in the order chosen.
    pub fn as_slice(&self) -> &[NonBlank] {
        &self.0
    }
}

/// The fits of onboarding step 3: at least one (000 §5).
///
/// Choices are trimmed; blank ones are dropped and repeats counted once. None left is
/// [`ValidationError::FitRequired`] ('Please select at least one fit', ours).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct PreferredFits(Vec<NonBlank>);

impl PreferredFits {
    /// Parses the chosen fits.
    pub fn parse(raw: &[String]) -> Result<Self, ValidationError> {
        let choices = distinct_choices(raw);
        if choices.is_empty() {
            Err(ValidationError::FitRequired)
        } else {
            Ok(PreferredFits(choices))
        }
    }

    /// The fits, in the order chosen.
    pub fn as_slice(&self) -> &[NonBlank] {
        &self.0
    }
}

/// The earliest date of birth accepted: 1900-01-01 (001 §5, §9).
pub const EARLIEST_DATE_OF_BIRTH: NaiveDate = match NaiveDate::from_ymd_opt(1900, 1, 1) {
    Some(date) => date,
    None => NaiveDate::MIN,
};

/// A date of birth: a real calendar date from 1900-01-01 to `today`, both included (001 §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct DateOfBirth(NaiveDate);

impl DateOfBirth {
    /// Parses `YYYY-MM-DD` (the date input's format; surrounding spaces ignored) and checks it
    /// against `today`, which the caller passes in:
    ///
    /// - not that format, or no such day (2023-02-30): 'Please select a valid date of birth.'
    /// - after `today`: 'Date of birth cannot be in the future.'
    /// - before 1900-01-01: 'Date of birth seems too far in the past.'
    pub fn parse(raw: &str, today: NaiveDate) -> Result<Self, ValidationError> {
        let date = parse_iso_date(raw.trim()).ok_or(ValidationError::InvalidDateOfBirth)?;
        Self::from_date(date, today)
    }

    /// Checks a date already parsed.
    pub fn from_date(date: NaiveDate, today: NaiveDate) -> Result<Self, ValidationError> {
        if date > today {
            Err(ValidationError::DateOfBirthInFuture)
        } else if date < EARLIEST_DATE_OF_BIRTH {
            Err(ValidationError::DateOfBirthTooEarly)
        } else {
            Ok(DateOfBirth(date))
        }
    }

    /// The optional date of birth of Manage Account: blank or absent is `Ok(None)`, anything
    /// else must pass [`DateOfBirth::parse`] (001 §5).
    pub fn parse_optional(
        raw: Option<&str>,
        today: NaiveDate,
    ) -> Result<Option<Self>, ValidationError> {
        match raw.map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => Self::parse(text, today).map(Some),
        }
    }

    /// The date.
    pub fn date(self) -> NaiveDate {
        self.0
    }
}

impl fmt::Display for DateOfBirth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.format("%Y-%m-%d"))
    }
}

/// Parses exactly `YYYY-MM-DD` (four, two and two ASCII digits) into a calendar date.
pub fn parse_iso_date(text: &str) -> Option<NaiveDate> {
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes
            .iter()
            .enumerate()
            .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
    if !shape_ok {
        return None;
    }
    let year = text.get(0..4)?.parse().ok()?;
    let month = text.get(5..7)?.parse().ok()?;
    let day = text.get(8..10)?.parse().ok()?;
    NaiveDate::from_ymd_opt(year, month, day)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn non_blank_trims() {
        assert_eq!(NonBlank::parse("  Asha  ").unwrap().as_str(), "Asha");
        assert_eq!(NonBlank::parse(" \t\n"), None);
        assert_eq!(NonBlank::parse(""), None);
    }

    #[test]
    fn location_must_not_be_blank() {
        // (spec, raw, parsed)
        let table = [
            ("000 §5", "Mumbai", Some("Mumbai")),
            (
                "000 §5",
                "  Andheri East, Mumbai  ",
                Some("Andheri East, Mumbai"),
            ),
            ("000 §5", "   ", None),
            ("000 §5", "", None),
        ];
        for (spec, raw, parsed) in table {
            let expected = parsed
                .map(str::to_owned)
                .ok_or(ValidationError::LocationRequired);
            assert_eq!(
                Location::parse(raw).map(|l| l.to_string()),
                expected,
                "{spec}: {raw:?}"
            );
        }
    }

    #[test]
    fn display_name_defaults_to_the_email_local_part() {
        // 000 §5: display name defaults to the part of the e-mail before the @
        let email = Email::parse("asha.rao@example.com").unwrap();
        assert_eq!(display_name(None, &email), "asha.rao");
        assert_eq!(display_name(Some("   "), &email), "asha.rao");
        assert_eq!(display_name(Some(" Asha Rao "), &email), "Asha Rao");
    }

    #[test]
    fn gender_is_male_female_or_other() {
        // (spec, raw, parsed)
        let table = [
            ("001 §5", "male", Ok(Gender::Male)),
            ("001 §5", "female", Ok(Gender::Female)),
            ("001 §5", "other", Ok(Gender::Other)),
            ("001 §5", " Male ", Ok(Gender::Male)),
            ("001 §5", "FEMALE", Ok(Gender::Female)),
            ("001 §5", "", Err(ValidationError::GenderRequired)),
            ("001 §5", "  ", Err(ValidationError::GenderRequired)),
            (
                "001 §5",
                "unisex",
                Err(ValidationError::InvalidGenderOption),
            ),
            ("001 §5", "m", Err(ValidationError::InvalidGenderOption)),
        ];
        for (spec, raw, expected) in table {
            assert_eq!(Gender::parse(raw), expected, "{spec}: {raw:?}");
        }
        assert_eq!(Gender::default(), Gender::Other, "000 §7: gender 'other'");
        for gender in Gender::ALL {
            assert_eq!(gender.to_string().parse::<Gender>(), Ok(gender));
        }
    }

    #[test]
    fn age_from_age_range() {
        // (spec, range, age)
        let table = [
            ("000 §5", "Gen Z (18-25)", 22),
            ("000 §5", "Gen Z", 22),
            ("000 §5", "Millennial (26-35)", 30),
            ("000 §5", "Millennial", 30),
            ("000 §5", "Gen X (36-50)", 25),
            ("000 §5", "gen z", 25),
            ("000 §5", "", 25),
        ];
        for (spec, range, age) in table {
            assert_eq!(age_for_range(range), age, "{spec}: {range:?}");
        }
        assert_eq!(AgeRange::parse(" Gen Z (18-25) ").unwrap().age(), 22);
        assert_eq!(AgeRange::parse(" "), Err(ValidationError::AgeRangeRequired));
        assert_eq!(DEFAULT_AGE, 25, "000 §9: default age 25");
    }

    #[test]
    fn age_bands() {
        // (spec, age, label)
        let table = [
            ("000 §5", 0, "Gen Z (18-25)"),
            ("000 §5", 18, "Gen Z (18-25)"),
            ("000 §5", 25, "Gen Z (18-25)"),
            ("000 §5", 26, "Millennial (26-35)"),
            ("000 §5", 35, "Millennial (26-35)"),
            ("000 §5", 36, "Other"),
            ("000 §5", u32::MAX, "Other"),
        ];
        for (spec, age, label) in table {
            assert_eq!(AgeBand::for_age(age).label(), label, "{spec}: {age}");
        }
        // a band's label derives an age inside that band again
        for band in [AgeBand::GenZ, AgeBand::Millennial] {
            assert_eq!(AgeBand::for_age(age_for_range(band.label())), band);
        }
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn three_to_five_style_interests() {
        // (spec, interests, expected)
        let table = [
            (
                "000 §5",
                &[][..],
                Err(ValidationError::TooFewStyleInterests),
            ),
            (
                "000 §5",
                &["a", "b"][..],
                Err(ValidationError::TooFewStyleInterests),
            ),
            ("000 §5", &["a", "b", "c"][..], Ok(3)),
            ("000 §5", &["a", "b", "c", "d", "e"][..], Ok(5)),
            (
                "000 §5",
                &["a", "b", "c", "d", "e", "f"][..],
                Err(ValidationError::TooManyStyleInterests),
            ),
            (
                "000 §5",
                &["a", "a", "b"][..],
                Err(ValidationError::TooFewStyleInterests),
            ),
            (
                "000 §5",
                &["a", " ", "b"][..],
                Err(ValidationError::TooFewStyleInterests),
            ),
            ("000 §5", &["a", "b", "c", "d", "e", "e", " a "][..], Ok(5)),
        ];
        for (spec, interests, expected) in table {
            let got = StyleInterests::parse(&strings(interests)).map(|s| s.as_slice().len());
            assert_eq!(got, expected, "{spec}: {interests:?}");
        }
    }

    #[test]
    fn at_least_one_fit() {
        // 000 §5: step 3: at least one fit
        assert_eq!(PreferredFits::parse(&[]), Err(ValidationError::FitRequired));
        assert_eq!(
            PreferredFits::parse(&strings(&["  "])),
            Err(ValidationError::FitRequired)
        );
        let fits = PreferredFits::parse(&strings(&["Slim", " Regular", "Slim"])).unwrap();
        let names: Vec<_> = fits.as_slice().iter().map(NonBlank::as_str).collect();
        assert_eq!(names, ["Slim", "Regular"]);
    }

    #[test]
    fn date_of_birth_rules() {
        let today = date(2025, 6, 1);
        // (spec, raw, expected)
        let table = [
            ("001 §5", "1990-05-17", Ok(date(1990, 5, 17))),
            ("001 §5", "2025-06-01", Ok(today)),
            ("001 §5", " 1990-05-17 ", Ok(date(1990, 5, 17))),
            ("001 §9", "1900-01-01", Ok(date(1900, 1, 1))),
            (
                "001 §9",
                "1899-12-31",
                Err(ValidationError::DateOfBirthTooEarly),
            ),
            (
                "001 §5",
                "2025-06-02",
                Err(ValidationError::DateOfBirthInFuture),
            ),
            (
                "001 §5",
                "2999-01-01",
                Err(ValidationError::DateOfBirthInFuture),
            ),
            (
                "001 §5",
                "2023-02-30",
                Err(ValidationError::InvalidDateOfBirth),
            ),
            (
                "001 §5",
                "1990-13-01",
                Err(ValidationError::InvalidDateOfBirth),
            ),
            (
                "001 §5",
                "1990-5-17",
                Err(ValidationError::InvalidDateOfBirth),
            ),
            (
                "001 §5",
                "17/05/1990",
                Err(ValidationError::InvalidDateOfBirth),
            ),
            (
                "001 §5",
                "+1990-05-17",
                Err(ValidationError::InvalidDateOfBirth),
            ),
            (
                "001 §5",
                "1990-05-17T00:00:00Z",
                Err(ValidationError::InvalidDateOfBirth),
            ),
            (
                "001 §5",
                "not a date",
                Err(ValidationError::InvalidDateOfBirth),
            ),
            (
                "001 §5",
                "١٩٩٠-٠٥-١٧",
                Err(ValidationError::InvalidDateOfBirth),
            ),
        ];
        for (spec, raw, expected) in table {
            assert_eq!(
                DateOfBirth::parse(raw, today).map(DateOfBirth::date),
                expected,
                "{spec}: {raw:?}"
            );
        }
        assert_eq!(EARLIEST_DATE_OF_BIRTH, date(1900, 1, 1), "001 §9");
        assert_eq!(DateOfBirth::parse_optional(None, today), Ok(None));
        assert_eq!(DateOfBirth::parse_optional(Some("  "), today), Ok(None));
        assert_eq!(
            DateOfBirth::parse_optional(Some("1990-05-17"), today)
                .unwrap()
                .map(|d| d.to_string()),
            Some("1990-05-17".to_owned())
        );
        assert_eq!(
            DateOfBirth::parse_optional(Some("x"), today),
            Err(ValidationError::InvalidDateOfBirth)
        );
    }
}
