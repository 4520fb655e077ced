//! The forms: onboarding steps, the delivery address wizard and Manage Account
//! (000 §5; 001 §4, §5).
//!
//! Each form has an input type holding the raw values as the browser sends them (field names as
//! in the specification, camelCase on the wire; a missing or `null` value reads as empty) and a
//! `validate_*` function that returns either the parsed form or every failing field with its
//! message ([`FormErrors`]).

use chrono::NaiveDate;
use serde::{Deserialize, Deserializer, Serialize};

use crate::{
    AgeRange, DateOfBirth, Email, Field, FormErrors, Gender, GmailAddress, NonBlank, Phone,
    Pincode, PreferredFits, StyleInterests, ValidationError,
};

/// The country a new delivery address starts with (000 §1: delivery country defaults to India).
pub const DEFAULT_COUNTRY: &str = "India";

fn null_as_empty<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    Ok(Option::<String>::deserialize(deserializer)?.unwrap_or_default())
}

fn null_as_empty_list<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    let list = Option::<Vec<Option<String>>>::deserialize(deserializer)?.unwrap_or_default();
    Ok(list.into_iter().flatten().collect())
}

/// An e-mail that a form requires: blank is [`ValidationError::EmailRequired`] ('Email is
/// required'), otherwise it must be an [`Email`] (000 §5, 001 §5).
fn required_email(raw: &str) -> Result<Email, ValidationError> {
    if raw.trim().is_empty() {
        Err(ValidationError::EmailRequired)
    } else {
        Email::parse(raw)
    }
}

/// The e-mail onboarding completes with: missing or blank is
/// [`ValidationError::OnboardingEmailRequired`] ('Email is required to complete onboarding'),
/// otherwise it must be an [`Email`] (000 §5).
pub fn require_onboarding_email(raw: Option<&str>) -> Result<Email, ValidationError> {
    match raw {
        Some(text) if !text.trim().is_empty() => Email::parse(text),
        _ => Err(ValidationError::OnboardingEmailRequired),
    }
}

/// Onboarding step 1, basics, as sent: `{name, email, gender}` (000 §2.4, §5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct OnboardingBasicsInput {
    /// Name.
    #[serde(deserialize_with = "null_as_empty")]
    pub name: String,
    /// E-mail.
    #[serde(deserialize_with = "null_as_empty")]
    pub email: String,
    /// Gender: male, female or other.
    #[serde(deserialize_with = "null_as_empty")]
    pub gender: String,
}

/// Onboarding step 1, valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OnboardingBasics {
    name: NonBlank,
    email: Email,
    gender: Gender,
}

impl OnboardingBasics {
    /// The name, trimmed.
    pub fn name(&self) -> &NonBlank {
        &self.name
    }
    /// The e-mail.
    pub fn email(&self) -> &Email {
        &self.email
    }
    /// The gender.
    pub fn gender(&self) -> Gender {
        self.gender
    }
}

/// Checks onboarding step 1 (000 §5):
///
/// - `name`: not blank, else 'Name is required';
/// - `email`: not blank, else 'Email is required'; an address, else 'Please enter a valid email
///   address';
/// - `gender`: one of male, female, other (letter case ignored), else 'Please select your
///   gender' (the step has no other gender message).
pub fn validate_onboarding_basics(
    input: &OnboardingBasicsInput,
) -> Result<OnboardingBasics, FormErrors> {
    let mut errors = FormErrors::default();
    let name = errors.check(
        Field::Name,
        NonBlank::require(&input.name, ValidationError::NameRequired),
    );
    let email = errors.check(Field::Email, required_email(&input.email));
    let gender = errors.check(
        Field::Gender,
        Gender::parse(&input.gender).map_err(|_| ValidationError::GenderRequired),
    );
    let value = match (name, email, gender) {
        (Some(name), Some(email), Some(gender)) => Some(OnboardingBasics {
            name,
            email,
            gender,
        }),
        _ => None,
    };
    errors.finish(value)
}

/// Onboarding step 2, age range and style interests, as sent: `{ageRange, styleInterests}`
/// (000 §2.4, §5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct OnboardingStyleInput {
    /// The chosen age range.
    #[serde(deserialize_with = "null_as_empty")]
    pub age_range: String,
    /// The chosen style interests.
    #[serde(deserialize_with = "null_as_empty_list")]
    pub style_interests: Vec<String>,
}

/// Onboarding step 2, valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OnboardingStyle {
    age_range: AgeRange,
    style_interests: StyleInterests,
}

impl OnboardingStyle {
    /// The age range.
    pub fn age_range(&self) -> &AgeRange {
        &self.age_range
    }
    /// The 3 to 5 style interests.
    pub fn style_interests(&self) -> &StyleInterests {
        &self.style_interests
    }
    /// The age derived from the age range (000 §5).
    pub fn age(&self) -> u32 {
        self.age_range.age()
    }
}

/// Checks onboarding step 2 (000 §5): an age range ('Please select your age range', ours) and
/// 3 to 5 style interests ('Please select at least 3 style interests', 'You can select up to 5
/// style interests', ours). See [`StyleInterests`] for how choices are counted.
pub fn validate_onboarding_style(
    input: &OnboardingStyleInput,
) -> Result<OnboardingStyle, FormErrors> {
    let mut errors = FormErrors::default();
    let age_range = errors.check(Field::AgeRange, AgeRange::parse(&input.age_range));
    let style_interests = errors.check(
        Field::StyleInterests,
        StyleInterests::parse(&input.style_interests),
    );
    let value = match (age_range, style_interests) {
        (Some(age_range), Some(style_interests)) => Some(OnboardingStyle {
            age_range,
            style_interests,
        }),
        _ => None,
    };
    errors.finish(value)
}

/// Onboarding step 3, fits, as sent: `{preferredFits}` (000 §2.4, §5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct OnboardingFitsInput {
    /// The chosen fits.
    #[serde(deserialize_with = "null_as_empty_list")]
    pub preferred_fits: Vec<String>,
}

/// Checks onboarding step 3 (000 §5): at least one fit ('Please select at least one fit', ours).
pub fn validate_onboarding_fits(input: &OnboardingFitsInput) -> Result<PreferredFits, FormErrors> {
    let mut errors = FormErrors::default();
    let fits = errors.check(
        Field::PreferredFits,
        PreferredFits::parse(&input.preferred_fits),
    );
    errors.finish(fits)
}

/// Address wizard step 1, as sent: `{addressSearch}` (001 §5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AddressSearchInput {
    /// The search text or the picked address.
    #[serde(deserialize_with = "null_as_empty")]
    pub address_search: String,
}

/// Checks address step 1 (001 §5): the search text is not blank, else 'Pick an address or type
/// manually'.
pub fn validate_address_search(input: &AddressSearchInput) -> Result<NonBlank, FormErrors> {
    let mut errors = FormErrors::default();
    let search = errors.check(
        Field::AddressSearch,
        NonBlank::require(
            &input.address_search,
            ValidationError::AddressSearchRequired,
        ),
    );
    errors.finish(search)
}

/// Address wizard step 2, as sent: `{flatNumber, wingBuilding, city, state, pincode, country}`
/// (001 §5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AddressDetailsInput {
    /// Flat or house number.
    #[serde(deserialize_with = "null_as_empty")]
    pub flat_number: String,
    /// Wing or building.
    #[serde(deserialize_with = "null_as_empty")]
    pub wing_building: String,
    /// City.
    #[serde(deserialize_with = "null_as_empty")]
    pub city: String,
    /// State.
    #[serde(deserialize_with = "null_as_empty")]
    pub state: String,
    /// Pincode, six digits.
    #[serde(deserialize_with = "null_as_empty")]
    pub pincode: String,
    /// Country.
    #[serde(deserialize_with = "null_as_empty")]
    pub country: String,
}

/// Address wizard step 2, valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AddressDetails {
    flat_number: NonBlank,
    wing_building: NonBlank,
    city: NonBlank,
    state: NonBlank,
    pincode: Pincode,
    country: NonBlank,
}

impl AddressDetails {
    /// Flat or house number.
    pub fn flat_number(&self) -> &NonBlank {
        &self.flat_number
    }
    /// Wing or building.
    pub fn wing_building(&self) -> &NonBlank {
        &self.wing_building
    }
    /// City.
    pub fn city(&self) -> &NonBlank {
        &self.city
    }
    /// State.
    pub fn state(&self) -> &NonBlank {
        &self.state
    }
    /// Pincode.
    pub fn pincode(&self) -> &Pincode {
        &self.pincode
    }
    /// Country.
    pub fn country(&self) -> &NonBlank {
        &self.country
    }
}

/// Checks address step 2 (001 §5): every text field not blank ('Flat/House number required',
/// 'Wing/Building required', 'City required', 'State required', 'Country required') and the
/// pincode exactly 6 digits ('6-digit pincode required').
pub fn validate_address_details(input: &AddressDetailsInput) -> Result<AddressDetails, FormErrors> {
    let mut errors = FormErrors::default();
    let flat_number = errors.check(
        Field::FlatNumber,
        NonBlank::require(&input.flat_number, ValidationError::FlatNumberRequired),
    );
    let wing_building = errors.check(
        Field::WingBuilding,
        NonBlank::require(&input.wing_building, ValidationError::WingBuildingRequired),
    );
    let city = errors.check(
        Field::City,
        NonBlank::require(&input.city, ValidationError::CityRequired),
    );
    let state = errors.check(
        Field::State,
        NonBlank::require(&input.state, ValidationError::StateRequired),
    );
    let pincode = errors.check(Field::Pincode, crate::pincode(&input.pincode));
    let country = errors.check(
        Field::Country,
        NonBlank::require(&input.country, ValidationError::CountryRequired),
    );
    let value = match (flat_number, wing_building, city, state, pincode, country) {
        (
            Some(flat_number),
            Some(wing_building),
            Some(city),
            Some(state),
            Some(pincode),
            Some(country),
        ) => Some(AddressDetails {
            flat_number,
            wing_building,
            city,
            state,
            pincode,
            country,
        }),
        _ => None,
    };
    errors.finish(value)
}

/// Address wizard step 3, as sent: `{fullName, phone, email}` (001 §5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AddressContactInput {
    /// Recipient's full name.
    #[serde(deserialize_with = "null_as_empty")]
    pub full_name: String,
    /// Recipient's phone, ten digits.
    #[serde(deserialize_with = "null_as_empty")]
    pub phone: String,
    /// Recipient's e-mail, an @gmail.com address.
    #[serde(deserialize_with = "null_as_empty")]
    pub email: String,
}

/// Address wizard step 3, valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AddressContact {
    full_name: NonBlank,
    phone: Phone,
    email: GmailAddress,
}

impl AddressContact {
    /// Recipient's full name.
    pub fn full_name(&self) -> &NonBlank {
        &self.full_name
    }
    /// Recipient's phone.
    pub fn phone(&self) -> &Phone {
        &self.phone
    }
    /// Recipient's e-mail.
    pub fn email(&self) -> &GmailAddress {
        &self.email
    }
}

/// Checks address step 3 (001 §5): full name not blank ('Full name required'), phone exactly 10
/// digits ('Must be a 10-digit phone number'), e-mail an @gmail.com address ('Must be a valid
/// @gmail.com address', also when blank).
pub fn validate_address_contact(input: &AddressContactInput) -> Result<AddressContact, FormErrors> {
    let mut errors = FormErrors::default();
    let full_name = errors.check(
        Field::FullName,
        NonBlank::require(&input.full_name, ValidationError::RecipientNameRequired),
    );
    let phone = errors.check(Field::Phone, Phone::parse(&input.phone));
    let email = errors.check(Field::Email, GmailAddress::parse(&input.email));
    let value = match (full_name, phone, email) {
        (Some(full_name), Some(phone), Some(email)) => Some(AddressContact {
            full_name,
            phone,
            email,
        }),
        _ => None,
    };
    errors.finish(value)
}

/// A whole delivery address as saved: the three wizard steps together (001 §5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AddressInput {
    /// Step 1.
    #[serde(flatten)]
    pub search: AddressSearchInput,
    /// Step 2.
    #[serde(flatten)]
    pub details: AddressDetailsInput,
    /// Step 3.
    #[serde(flatten)]
    pub contact: AddressContactInput,
}

/// A delivery address whose every field is valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryAddress {
    address_search: NonBlank,
    #[serde(flatten)]
    details: AddressDetails,
    #[serde(flatten)]
    contact: AddressContact,
}

impl DeliveryAddress {
    /// The search text or picked address.
    pub fn address_search(&self) -> &NonBlank {
        &self.address_search
    }
    /// Flat, building, city, state, pincode, country.
    pub fn details(&self) -> &AddressDetails {
        &self.details
    }
    /// Recipient's name, phone and e-mail.
    pub fn contact(&self) -> &AddressContact {
        &self.contact
    }
}

/// Checks a whole address: save is allowed only when every field of the three steps is valid,
/// the address search included (001 §5). Reports the failing fields of all steps at once.
pub fn validate_address(input: &AddressInput) -> Result<DeliveryAddress, FormErrors> {
    let mut errors = FormErrors::default();
    let search = validate_address_search(&input.search);
    let details = validate_address_details(&input.details);
    let contact = validate_address_contact(&input.contact);
    let search = search.map_err(|e| errors.merge(e)).ok();
    let details = details.map_err(|e| errors.merge(e)).ok();
    let contact = contact.map_err(|e| errors.merge(e)).ok();
    let value = match (search, details, contact) {
        (Some(address_search), Some(details), Some(contact)) => Some(DeliveryAddress {
            address_search,
            details,
            contact,
        }),
        _ => None,
    };
    errors.finish(value)
}

/// Manage Account, as sent: `{fullName, email, gender, dateOfBirth}` (001 §5). The date of
/// birth is optional (`YYYY-MM-DD`); `today` is passed to [`validate_manage_account`] rather
/// than read from a clock.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ManageAccountInput {
    /// Full name.
    #[serde(deserialize_with = "null_as_empty")]
    pub full_name: String,
    /// E-mail.
    #[serde(deserialize_with = "null_as_empty")]
    pub email: String,
    /// Gender: male, female or other.
    #[serde(deserialize_with = "null_as_empty")]
    pub gender: String,
    /// Date of birth, `YYYY-MM-DD`, optional.
    pub date_of_birth: Option<String>,
}

/// Manage Account, valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountProfile {
    full_name: NonBlank,
    email: Email,
    gender: Gender,
    date_of_birth: Option<DateOfBirth>,
}

impl AccountProfile {
    /// Full name, trimmed.
    pub fn full_name(&self) -> &NonBlank {
        &self.full_name
    }
    /// E-mail.
    pub fn email(&self) -> &Email {
        &self.email
    }
    /// Gender.
    pub fn gender(&self) -> Gender {
        self.gender
    }
    /// Date of birth, when given.
    pub fn date_of_birth(&self) -> Option<DateOfBirth> {
        self.date_of_birth
    }
}

/// Checks Manage Account (001 §5):
///
/// - `fullName`: not blank, else 'Full name is required';
/// - `email`: not blank, else 'Email is required'; an address, else 'Please enter a valid email
///   address';
/// - `gender`: not blank, else 'Please select your gender'; male, female or other, else 'Please
///   select a valid gender option.';
/// - `dateOfBirth`: optional; when given, see [`DateOfBirth::parse`].
pub fn validate_manage_account(
    input: &ManageAccountInput,
    today: NaiveDate,
) -> Result<AccountProfile, FormErrors> {
    let mut errors = FormErrors::default();
    let full_name = errors.check(
        Field::FullName,
        NonBlank::require(&input.full_name, ValidationError::FullNameRequired),
    );
    let email = errors.check(Field::Email, required_email(&input.email));
    let gender = errors.check(Field::Gender, Gender::parse(&input.gender));
    let date_of_birth = errors.check(
        Field::DateOfBirth,
        DateOfBirth::parse_optional(input.date_of_birth.as_deref(), today),
    );
    let value = match (full_name, email, gender, date_of_birth) {
        (Some(full_name), Some(email), Some(gender), Some(date_of_birth)) => Some(AccountProfile {
            full_name,
            email,
            gender,
            date_of_birth,
        }),
        _ => None,
    };
    errors.finish(value)
}
