//! Saved delivery addresses, the requirements' shipments (001 §3, §5): the `billing_*` payload
//! the address wizard's answers are sent as, how many addresses a shopper keeps, and which one
//! is the default.
//!
//! The payload is checked by the wizard's rules with the wizard's messages, field by field
//! (`billing_address` is the flat and wing joined, so blank is 'Flat/House number required';
//! `billing_address_2` is the street or searched address, so blank is 'Pick an address or type
//! manually'), keyed by the payload's own field names.

use chrono::NaiveDateTime;
use serde::{Deserialize, Deserializer};

use crate::{
    DEFAULT_COUNTRY, Field, FormErrors, GmailAddress, NonBlank, Phone, Pincode, ValidationError,
};

/// The most addresses one shopper keeps (ours).
pub const MAX_SAVED_ADDRESSES: usize = 20;

/// The most characters a payload field may hold after trimming (ours): far above any real
/// address line, low enough that nobody stores a novel as a city.
pub const MAX_SHIPMENT_FIELD_CHARS: usize = 200;

fn null_as_empty<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    Ok(Option::<String>::deserialize(deserializer)?.unwrap_or_default())
}

/// An address as sent: the `billing_*` fields (001 §3 "Shipment payload"). A missing or `null`
/// value reads as empty, except the country, which is [`DEFAULT_COUNTRY`] when missing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct ShipmentInput {
    /// Recipient's full name.
    #[serde(deserialize_with = "null_as_empty")]
    pub billing_customer_name: String,
    /// Recipient's phone, ten digits.
    #[serde(deserialize_with = "null_as_empty")]
    pub billing_phone: String,
    /// Recipient's e-mail, an @gmail.com address.
    #[serde(deserialize_with = "null_as_empty")]
    pub billing_email: String,
    /// Flat number and wing or building, joined.
    #[serde(deserialize_with = "null_as_empty")]
    pub billing_address: String,
    /// The street, or the searched address.
    #[serde(deserialize_with = "null_as_empty")]
    pub billing_address_2: String,
    /// City.
    #[serde(deserialize_with = "null_as_empty")]
    pub billing_city: String,
    /// Pincode, six digits.
    #[serde(deserialize_with = "null_as_empty")]
    pub billing_pincode: String,
    /// State.
    #[serde(deserialize_with = "null_as_empty")]
    pub billing_state: String,
    /// Country; `None` (missing or `null`) is [`DEFAULT_COUNTRY`].
    pub billing_country: Option<String>,
}

/// An address whose every field is valid, trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shipment {
    customer_name: NonBlank,
    phone: Phone,
    email: GmailAddress,
    address: NonBlank,
    address_2: NonBlank,
    city: NonBlank,
    pincode: Pincode,
    state: NonBlank,
    country: NonBlank,
}

impl Shipment {
    /// Recipient's full name.
    pub fn customer_name(&self) -> &NonBlank {
        &self.customer_name
    }
    /// Recipient's phone.
    pub fn phone(&self) -> &Phone {
        &self.phone
    }
    /// Recipient's e-mail, as typed.
    pub fn email(&self) -> &GmailAddress {
        &self.email
    }
    /// Flat number and wing or building.
    pub fn address(&self) -> &NonBlank {
        &self.address
    }
    /// The street, or the searched address.
    pub fn address_2(&self) -> &NonBlank {
        &self.address_2
    }
    /// City.
    pub fn city(&self) -> &NonBlank {
        &self.city
    }
    /// Pincode.
    pub fn pincode(&self) -> Pincode {
        self.pincode
    }
    /// State.
    pub fn state(&self) -> &NonBlank {
        &self.state
    }
    /// Country.
    pub fn country(&self) -> &NonBlank {
        &self.country
    }
}

/// The field trimmed, or [`ValidationError::TooLong`] past [`MAX_SHIPMENT_FIELD_CHARS`]; the
/// field's own rule then judges what is left.
fn within_limit(raw: &str) -> Result<&str, ValidationError> {
    let trimmed = raw.trim();
    if trimmed.chars().count() > MAX_SHIPMENT_FIELD_CHARS {
        Err(ValidationError::TooLong(MAX_SHIPMENT_FIELD_CHARS))
    } else {
        Ok(trimmed)
    }
}

fn required(raw: &str, when_blank: ValidationError) -> Result<NonBlank, ValidationError> {
    within_limit(raw).and_then(|text| NonBlank::require(text, when_blank))
}

/// Checks an address payload by the wizard's rules (001 §5), every value trimmed first:
///
/// - `billing_customer_name`: not blank, else 'Full name required';
/// - `billing_phone`: exactly 10 digits, else 'Must be a 10-digit phone number';
/// - `billing_email`: an @gmail.com address, else 'Must be a valid @gmail.com address';
/// - `billing_address` (flat and wing): not blank, else 'Flat/House number required';
/// - `billing_address_2` (street or searched address): not blank, else 'Pick an address or
///   type manually';
/// - `billing_city`, `billing_state`: not blank, else 'City required', 'State required';
/// - `billing_pincode`: six digits, the first 1 to 9, else '6-digit pincode required';
/// - `billing_country`: [`DEFAULT_COUNTRY`] when missing; not blank, else 'Country required'.
///
/// Any field longer than [`MAX_SHIPMENT_FIELD_CHARS`] characters is 'Must be at most 200
/// characters' (ours). Every failing field is reported, keyed by its payload name.
pub fn validate_shipment(input: &ShipmentInput) -> Result<Shipment, FormErrors> {
    let mut errors = FormErrors::default();
    let customer_name = errors.check(
        Field::BillingCustomerName,
        required(
            &input.billing_customer_name,
            ValidationError::RecipientNameRequired,
        ),
    );
    let phone = errors.check(
        Field::BillingPhone,
        within_limit(&input.billing_phone).and_then(Phone::parse),
    );
    let email = errors.check(
        Field::BillingEmail,
        within_limit(&input.billing_email).and_then(GmailAddress::parse),
    );
    let address = errors.check(
        Field::BillingAddress,
        required(&input.billing_address, ValidationError::FlatNumberRequired),
    );
    let address_2 = errors.check(
        Field::BillingAddress2,
        required(
            &input.billing_address_2,
            ValidationError::AddressSearchRequired,
        ),
    );
    let city = errors.check(
        Field::BillingCity,
        required(&input.billing_city, ValidationError::CityRequired),
    );
    let pincode = errors.check(
        Field::BillingPincode,
        within_limit(&input.billing_pincode).and_then(crate::pincode),
    );
    let state = errors.check(
        Field::BillingState,
        required(&input.billing_state, ValidationError::StateRequired),
    );
    let country = errors.check(
        Field::BillingCountry,
        required(
            input.billing_country.as_deref().unwrap_or(DEFAULT_COUNTRY),
            ValidationError::CountryRequired,
        ),
    );
    let value = match (
        customer_name,
        phone,
        email,
        address,
        address_2,
        city,
        pincode,
        state,
        country,
    ) {
        (
            Some(customer_name),
            Some(phone),
            Some(email),
            Some(address),
            Some(address_2),
            Some(city),
            Some(pincode),
            Some(state),
            Some(country),
        ) => Some(Shipment {
            customer_name,
            phone,
            email,
            address,
            address_2,
            city,
            pincode,
            state,
            country,
        }),
        _ => None,
    };
    errors.finish(value)
}

/// Whether one more address may be saved beside the shopper's `saved` ones, and if so whether
/// it becomes the default: when `asked`, or when it is the first (exactly one address is the
/// default while any is saved). A shopper at [`MAX_SAVED_ADDRESSES`] is
/// [`ValidationError::AddressLimit`].
pub fn admit_address(saved: usize, asked: bool) -> Result<bool, ValidationError> {
    if saved >= MAX_SAVED_ADDRESSES {
        Err(ValidationError::AddressLimit)
    } else {
        Ok(asked || saved == 0)
    }
}

/// The address that becomes the default when the default is deleted: the newest remaining one,
/// by creation time and then by id (ids are time-ordered, so they settle addresses saved within
/// the same instant). `None` when nothing remains.
pub fn next_default<'a>(
    remaining: impl IntoIterator<Item = (&'a str, NaiveDateTime)>,
) -> Option<&'a str> {
    remaining
        .into_iter()
        .max_by(|(a_id, a_at), (b_id, b_at)| a_at.cmp(b_at).then_with(|| a_id.cmp(b_id)))
        .map(|(id, _)| id)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use chrono::NaiveDate;

    use super::*;

    fn valid() -> ShipmentInput {
        ShipmentInput {
            billing_customer_name: "Asha Rao".into(),
            billing_phone: "9876543210".into(),
            billing_email: "asha@gmail.com".into(),
            billing_address: "Flat 12, Wing B Sea View".into(),
            billing_address_2: "Mumbai GPO, Fort, Mumbai".into(),
            billing_city: "Mumbai".into(),
            billing_pincode: "400001".into(),
            billing_state: "Maharashtra".into(),
            billing_country: Some("India".into()),
        }
    }

    /// A valid payload with one field set to `value`.
    fn with(field: &str, value: &str) -> ShipmentInput {
        let mut input = valid();
        let value = value.to_owned();
        match field {
            "billing_customer_name" => input.billing_customer_name = value,
            "billing_phone" => input.billing_phone = value,
            "billing_email" => input.billing_email = value,
            "billing_address" => input.billing_address = value,
            "billing_address_2" => input.billing_address_2 = value,
            "billing_city" => input.billing_city = value,
            "billing_pincode" => input.billing_pincode = value,
            "billing_state" => input.billing_state = value,
            "billing_country" => input.billing_country = Some(value),
            other => panic!("no field {other}"),
        }
        input
    }

    #[test]
    fn every_field_has_the_wizards_message() {
        // (spec, field, value, message)
        let table = [
            ("001 §5", "billing_customer_name", " ", "Full name required"),
            ("001 §5", "billing_customer_name", "", "Full name required"),
            (
                "001 §5",
                "billing_phone",
                "98765",
                "Must be a 10-digit phone number",
            ),
            (
                "001 §5",
                "billing_phone",
                "+919876543210",
                "Must be a 10-digit phone number",
            ),
            (
                "001 §5",
                "billing_phone",
                "98765 43210",
                "Must be a 10-digit phone number",
            ),
            (
                "001 §5",
                "billing_phone",
                "",
                "Must be a 10-digit phone number",
            ),
            (
                "001 §5",
                "billing_email",
                "asha@yahoo.com",
                "Must be a valid @gmail.com address",
            ),
            (
                "001 §5",
                "billing_email",
                "",
                "Must be a valid @gmail.com address",
            ),
            (
                "001 §5",
                "billing_address",
                "  ",
                "Flat/House number required",
            ),
            (
                "001 §5",
                "billing_address_2",
                "",
                "Pick an address or type manually",
            ),
            ("001 §5", "billing_city", "\t", "City required"),
            ("001 §5", "billing_state", "", "State required"),
            (
                "001 §5",
                "billing_pincode",
                "40001",
                "6-digit pincode required",
            ),
            (
                "001 §5",
                "billing_pincode",
                "012345",
                "6-digit pincode required",
            ),
            (
                "001 §5",
                "billing_pincode",
                "40000a",
                "6-digit pincode required",
            ),
            ("001 §5", "billing_pincode", "", "6-digit pincode required"),
            ("001 §5", "billing_country", " ", "Country required"),
        ];
        for (spec, field, value, message) in table {
            let errors = validate_shipment(&with(field, value)).unwrap_err();
            let found: Vec<_> = errors
                .iter()
                .map(|(f, e)| (f.as_str(), e.to_string()))
                .collect();
            assert_eq!(
                found,
                [(field, message.to_owned())],
                "{spec}: {field} = {value:?}"
            );
        }
    }

    #[test]
    fn no_field_holds_more_than_200_characters() {
        let long = "x".repeat(MAX_SHIPMENT_FIELD_CHARS + 1);
        for field in [
            "billing_customer_name",
            "billing_phone",
            "billing_email",
            "billing_address",
            "billing_address_2",
            "billing_city",
            "billing_pincode",
            "billing_state",
            "billing_country",
        ] {
            let errors = validate_shipment(&with(field, &long)).unwrap_err();
            let found: Vec<_> = errors
                .iter()
                .map(|(f, e)| (f.as_str(), e.to_string()))
                .collect();
            assert_eq!(
                found,
                [(field, "Must be at most 200 characters".to_owned())],
                "ours: {field}"
            );
        }
    }

    #[test]
    fn values_are_trimmed_and_the_country_defaults_to_india() {
        let mut input = valid();
        input.billing_customer_name = "  Asha Rao ".into();
        input.billing_phone = " 9876543210 ".into();
        input.billing_email = " asha@gmail.com\n".into();
        input.billing_pincode = " 110001 ".into();
        input.billing_country = None;
        let shipment = validate_shipment(&input).unwrap();
        assert_eq!(shipment.customer_name().as_str(), "Asha Rao");
        assert_eq!(shipment.phone().as_str(), "9876543210");
        assert_eq!(shipment.email().as_str(), "asha@gmail.com");
        assert_eq!(shipment.pincode().to_string(), "110001");
        assert_eq!(shipment.country().as_str(), "India");
        assert_eq!(shipment.address().as_str(), "Flat 12, Wing B Sea View");
        assert_eq!(shipment.address_2().as_str(), "Mumbai GPO, Fort, Mumbai");
        assert_eq!(shipment.city().as_str(), "Mumbai");
        assert_eq!(shipment.state().as_str(), "Maharashtra");

        let exactly_the_limit = "é".repeat(MAX_SHIPMENT_FIELD_CHARS);
        input.billing_city = format!(" {exactly_the_limit} ");
        let shipment = validate_shipment(&input).unwrap();
        assert_eq!(
            shipment.city().as_str(),
            exactly_the_limit,
            "characters are counted, not bytes"
        );
    }

    #[test]
    fn every_failing_field_is_reported_in_payload_order() {
        let errors = validate_shipment(&ShipmentInput::default()).unwrap_err();
        let fields: Vec<_> = errors.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(
            fields,
            [
                "billing_customer_name",
                "billing_phone",
                "billing_email",
                "billing_address",
                "billing_address_2",
                "billing_city",
                "billing_pincode",
                "billing_state",
            ],
            "the missing country is India"
        );
        assert_eq!(errors.to_string(), "Full name required");
    }

    #[test]
    fn reads_the_payload() {
        let input: ShipmentInput = serde_json::from_value(serde_json::json!({
            "billing_customer_name": "Asha Rao", "billing_phone": "9876543210",
            "billing_email": null, "billing_pincode": "400001", "billing_country": null,
            "isDefault": true,
        }))
        .unwrap();
        assert_eq!(input.billing_customer_name, "Asha Rao");
        assert_eq!(input.billing_email, "");
        assert_eq!(input.billing_city, "");
        assert_eq!(input.billing_country, None);
    }

    #[test]
    fn the_first_address_is_the_default_and_twenty_is_the_most() {
        // (saved, asked, answer)
        let table = [
            (0, false, Ok(true)),
            (0, true, Ok(true)),
            (1, false, Ok(false)),
            (1, true, Ok(true)),
            (19, false, Ok(false)),
            (19, true, Ok(true)),
            (20, false, Err(ValidationError::AddressLimit)),
            (20, true, Err(ValidationError::AddressLimit)),
            (21, false, Err(ValidationError::AddressLimit)),
        ];
        for (saved, asked, answer) in table {
            assert_eq!(
                admit_address(saved, asked),
                answer,
                "{saved} saved, {asked}"
            );
        }
        assert_eq!(
            ValidationError::AddressLimit.to_string(),
            "You can save up to 20 addresses."
        );
    }

    #[test]
    fn the_newest_remaining_address_becomes_the_default() {
        let at = |minute| {
            NaiveDate::from_ymd_opt(2026, 11, 23)
                .unwrap()
                .and_hms_opt(10, minute, 0)
                .unwrap()
        };
        assert_eq!(next_default([]), None);
        assert_eq!(next_default([("a", at(0))]), Some("a"));
        assert_eq!(
            next_default([("c", at(0)), ("a", at(5)), ("b", at(1))]),
            Some("a"),
            "the latest creation time"
        );
        assert_eq!(
            next_default([("019b-1", at(0)), ("019b-3", at(0)), ("019b-2", at(0))]),
            Some("019b-3"),
            "the same instant: the later id"
        );
    }
}
