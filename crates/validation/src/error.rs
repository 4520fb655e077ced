//! Every message of this crate, and the per-field error list of a form.

use std::fmt;

use serde::ser::{Serialize, SerializeMap, Serializer};
use thiserror::Error;

/// A broken rule. `Display` is the exact text the shopper sees: the specification's where it
/// gives one (the section is named on each variant), ours where it does not (marked "ours";
/// they are listed in the crate docs).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub enum ValidationError {
    // sign-in (000 §5)
    /// Not an e-mail address (000 §5, 001 §5).
    #[error("Please enter a valid email address")]
    InvalidEmail,
    /// Fewer than 6 digits in the sign-in code (000 §5).
    #[error("Invalid OTP. Please try again.")]
    InvalidOtp,
    /// Blank delivery location at sign-in (000 §5).
    #[error("Please enter your location or use auto-detect")]
    LocationRequired,

    // onboarding (000 §5)
    /// Onboarding completed without an e-mail (000 §5).
    #[error("Email is required to complete onboarding")]
    OnboardingEmailRequired,
    /// Blank name, onboarding step 1 (000 §5).
    #[error("Name is required")]
    NameRequired,
    /// Blank e-mail, onboarding step 1 and Manage Account (000 §5, 001 §5).
    #[error("Email is required")]
    EmailRequired,
    /// No gender chosen, onboarding step 1 and Manage Account (000 §5, 001 §5).
    #[error("Please select your gender")]
    GenderRequired,
    /// No age range chosen, onboarding step 2 (ours).
    #[error("Please select your age range")]
    AgeRangeRequired,
    /// Fewer than 3 style interests, onboarding step 2 (ours).
    #[error("Please select at least 3 style interests")]
    TooFewStyleInterests,
    /// More than 5 style interests, onboarding step 2 (ours).
    #[error("You can select up to 5 style interests")]
    TooManyStyleInterests,
    /// No fit chosen, onboarding step 3 (ours).
    #[error("Please select at least one fit")]
    FitRequired,

    // delivery address wizard (001 §5)
    /// Blank address search, step 1 (001 §5).
    #[error("Pick an address or type manually")]
    AddressSearchRequired,
    /// Blank flat or house number, step 2 (001 §5).
    #[error("Flat/House number required")]
    FlatNumberRequired,
    /// Blank wing or building, step 2 (001 §5).
    #[error("Wing/Building required")]
    WingBuildingRequired,
    /// Blank city, step 2 (001 §5).
    #[error("City required")]
    CityRequired,
    /// Blank state, step 2 (001 §5).
    #[error("State required")]
    StateRequired,
    /// Pincode not exactly 6 digits, step 2 (001 §5).
    #[error("6-digit pincode required")]
    InvalidPincode,
    /// Blank country, step 2 (001 §5).
    #[error("Country required")]
    CountryRequired,
    /// Blank recipient name, step 3 (001 §5).
    #[error("Full name required")]
    RecipientNameRequired,
    /// Phone not exactly 10 digits, step 3 (001 §5).
    #[error("Must be a 10-digit phone number")]
    InvalidPhone,
    /// Not an @gmail.com address, step 3 (001 §5).
    #[error("Must be a valid @gmail.com address")]
    InvalidGmail,

    // saved delivery addresses (001 §3, §5)
    /// A field of a saved address longer than the most it may hold (ours).
    #[error("Must be at most {0} characters")]
    TooLong(usize),
    /// One address more than a shopper keeps (ours).
    #[error("You can save up to {} addresses.", crate::MAX_SAVED_ADDRESSES)]
    AddressLimit,

    // Manage Account (001 §5)
    /// Blank full name (001 §5).
    #[error("Full name is required")]
    FullNameRequired,
    /// Gender other than male, female or other (001 §5).
    #[error("Please select a valid gender option.")]
    InvalidGenderOption,
    /// Date of birth that is not a `YYYY-MM-DD` calendar date (001 §5).
    #[error("Please select a valid date of birth.")]
    InvalidDateOfBirth,
    /// Date of birth after today (001 §5).
    #[error("Date of birth cannot be in the future.")]
    DateOfBirthInFuture,
    /// Date of birth before 1900-01-01 (001 §5, §9).
    #[error("Date of birth seems too far in the past.")]
    DateOfBirthTooEarly,

    // catalogue (000 §5, §9)
    /// No size chosen on the product page (000 §5).
    #[error("Please select a size")]
    SizeRequired,
    /// A size that is not in the size list (ours).
    #[error("Unknown size '{0}'. Sizes are XS, S, M, L, XL, XXL, 28, 30, 32, 34, 36, 38, 40, 42.")]
    UnknownSize(String),
    /// A product gender other than male, female or unisex (ours).
    #[error("Unknown gender '{0}'. Use male, female or unisex.")]
    UnknownProductGender(String),
}

/// A form field, named as on the wire (the specification's field names, 000 §5, 001 §5; a
/// saved address's are the shipment payload's, 001 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// `email`
    Email,
    /// `code` (the sign-in code)
    Code,
    /// `location`
    Location,
    /// `name`
    Name,
    /// `gender`
    Gender,
    /// `ageRange`
    AgeRange,
    /// `styleInterests`
    StyleInterests,
    /// `preferredFits`
    PreferredFits,
    /// `addressSearch`
    AddressSearch,
    /// `flatNumber`
    FlatNumber,
    /// `wingBuilding`
    WingBuilding,
    /// `city`
    City,
    /// `state`
    State,
    /// `pincode`
    Pincode,
    /// `country`
    Country,
    /// `fullName`
    FullName,
    /// `phone`
    Phone,
    /// `dateOfBirth`
    DateOfBirth,
    /// `billing_customer_name`
    BillingCustomerName,
    /// `billing_phone`
    BillingPhone,
    /// `billing_email`
    BillingEmail,
    /// `billing_address`
    BillingAddress,
    /// `billing_address_2`
    BillingAddress2,
    /// `billing_city`
    BillingCity,
    /// `billing_pincode`
    BillingPincode,
    /// `billing_state`
    BillingState,
    /// `billing_country`
    BillingCountry,
}

impl Field {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Field::Email => "email",
            Field::Code => "code",
            Field::Location => "location",
            Field::Name => "name",
            Field::Gender => "gender",
            Field::AgeRange => "ageRange",
            Field::StyleInterests => "styleInterests",
            Field::PreferredFits => "preferredFits",
            Field::AddressSearch => "addressSearch",
            Field::FlatNumber => "flatNumber",
            Field::WingBuilding => "wingBuilding",
            Field::City => "city",
            Field::State => "state",
            Field::Pincode => "pincode",
            Field::Country => "country",
            Field::FullName => "fullName",
            Field::Phone => "phone",
            Field::DateOfBirth => "dateOfBirth",
            Field::BillingCustomerName => "billing_customer_name",
            Field::BillingPhone => "billing_phone",
            Field::BillingEmail => "billing_email",
            Field::BillingAddress => "billing_address",
            Field::BillingAddress2 => "billing_address_2",
            Field::BillingCity => "billing_city",
            Field::BillingPincode => "billing_pincode",
            Field::BillingState => "billing_state",
            Field::BillingCountry => "billing_country",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The failing fields of a form, each with its message, in the form's field order.
///
/// `Display` is the first message (what a form shows in its alert); every message is available
/// through [`FormErrors::iter`] and [`FormErrors::get`]. Serializes as a JSON object mapping the
/// wire field name to the message, the `expected` shape of `testdata/vectors/validation.json`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FormErrors {
    errors: Vec<(Field, ValidationError)>,
}

impl FormErrors {
    /// Whether no field failed.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// How many fields failed.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// The error of one field, if it failed.
    pub fn get(&self, field: Field) -> Option<&ValidationError> {
        self.errors
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, e)| e)
    }

    /// Every failing field with its error, in form order.
    pub fn iter(&self) -> impl Iterator<Item = (Field, &ValidationError)> {
        self.errors.iter().map(|(f, e)| (*f, e))
    }

    /// The first failing field, if any.
    pub fn first(&self) -> Option<(Field, &ValidationError)> {
        self.iter().next()
    }

    /// Records the outcome of one field: the value if it passed, `None` (and the error kept)
    /// if it failed.
    pub(crate) fn check<T>(
        &mut self,
        field: Field,
        result: Result<T, ValidationError>,
    ) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(error) => {
                self.push(field, error);
                None
            }
        }
    }

    pub(crate) fn push(&mut self, field: Field, error: ValidationError) {
        if self.get(field).is_none() {
            self.errors.push((field, error));
        }
    }

    pub(crate) fn merge(&mut self, other: FormErrors) {
        for (field, error) in other.errors {
            self.push(field, error);
        }
    }

    /// `Ok(value)` when no field failed and the value could be built, else these errors.
    pub(crate) fn finish<T>(self, value: Option<T>) -> Result<T, FormErrors> {
        match value {
            Some(value) if self.is_empty() => Ok(value),
            _ => Err(self),
        }
    }
}

impl fmt::Display for FormErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.first() {
            Some((_, error)) => write!(f, "{error}"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for FormErrors {}

impl Serialize for FormErrors {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.errors.len()))?;
        for (field, error) in &self.errors {
            map.serialize_entry(field.as_str(), &error.to_string())?;
        }
        map.end()
    }
}
