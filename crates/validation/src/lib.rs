//! # validation: what a shopper may type, and what it means
//!
//! This crate owns every input rule of the shop and the exact message each broken rule shows
//! (000 §3, §5, §6, §7, §9; 001 §4, §5, §9). It turns raw text into types that cannot be wrong
//! ("parse, don't validate"): [`Email`], [`GmailAddress`], [`OtpCode`], [`Phone`], [`Pincode`],
//! [`Location`], [`Gender`], [`AgeRange`], [`StyleInterests`], [`PreferredFits`],
//! [`DateOfBirth`], [`Size`], [`ProductGender`], [`NonBlank`]. Each has private fields and a
//! `parse` constructor; with serde, the ones that are plain strings on the wire parse on
//! deserialization too.
//!
//! - **Sign-in** (000 §5): [`Email::parse`], [`OtpCode::parse`], [`Location::parse`].
//! - **Onboarding** (000 §5): [`validate_onboarding_basics`], [`validate_onboarding_style`],
//!   [`validate_onboarding_fits`], [`require_onboarding_email`]; [`display_name`],
//!   [`age_for_range`], [`AgeBand`].
//! - **Delivery address wizard** (001 §5): [`validate_address_search`],
//!   [`validate_address_details`], [`validate_address_contact`], [`validate_address`];
//!   [`cap_digits`] for the capped pincode and phone inputs.
//! - **Saved delivery addresses** (001 §3, §5): [`validate_shipment`] checks the `billing_*`
//!   payload by the wizard's rules; [`admit_address`] (at most [`MAX_SAVED_ADDRESSES`], the
//!   first is the default) and [`next_default`] keep exactly one default.
//! - **Manage Account** (001 §5): [`validate_manage_account`], with `today` passed in.
//! - **Catalogue values** (000 §2.6, §5, §9): [`Size`], [`ProductGender`].
//! - **A brand's product** (ours, the consoles): [`product_name`], [`price`] (whole paise, via
//!   `pricing`'s exact parsing), [`sizes`], [`stock_units`], [`offer_percentage`], [`tags`],
//!   [`category_ids`], [`category_fits`]; each broken rule is a [`ProductRule`].
//! - **A brand's application** (ours): [`india_ids`] reads GSTINs (state code and check
//!   character), PANs, IFSCs, bank account numbers and Indian mobiles.
//! - **What the server stores** (ours): [`at_most`] bounds names ([`MAX_NAME_CHARS`]),
//!   locations ([`MAX_LOCATION_CHARS`]), onboarding choices ([`MAX_CHOICE_CHARS`]) and e-mails
//!   ([`MAX_EMAIL_CHARS`]); [`remember_location`] keeps the [`MAX_RECENT_LOCATIONS`] most recent
//!   delivery locations.
//!
//! Every broken rule is a [`ValidationError`] whose `Display` is the exact text shown; a form
//! reports all its failing fields at once as [`FormErrors`], keyed by the specification's field
//! names. The browser applies the same rules in `frontend/src/lib/validation.ts`; both read
//! `testdata/vectors/validation.json`, so the two cannot drift.
//!
//! ## Messages that are ours
//!
//! The specification gives no text for these rules; the messages are ours:
//!
//! | rule | message |
//! |---|---|
//! | onboarding step 2: no age range | 'Please select your age range' |
//! | onboarding step 2: fewer than 3 style interests | 'Please select at least 3 style interests' |
//! | onboarding step 2: more than 5 style interests | 'You can select up to 5 style interests' |
//! | onboarding step 3: no fit | 'Please select at least one fit' |
//! | a size not in the size list | "Unknown size '{size}'. Sizes are XS, S, M, L, XL, XXL, 28, 30, 32, 34, 36, 38, 40, 42." |
//! | a product gender other than male, female, unisex | "Unknown gender '{gender}'. Use male, female or unisex." |
//! | a saved address's field over 200 characters | 'Must be at most 200 characters' |
//! | a 21st saved address | 'You can save up to 20 addresses.' |
//! | a name over 100, a location over 200, an onboarding choice over 50, an e-mail over 254 characters | 'Must be at most N characters' |
//!
//! ## Readings of the specification worth knowing
//!
//! - E-mail ([`Email`]): nothing is trimmed, any whitespace fails; exactly one `@`; the domain
//!   has at least two dot-separated labels, none empty, the last at least 2 characters.
//! - Required text is checked after trimming and kept trimmed; an e-mail is required when
//!   blank after trimming, and otherwise parsed as typed.
//! - Sign-in code ([`OtpCode`]): non-digits are stripped and the first six digits kept; fewer
//!   than six fail.
//! - Phone and pincode are exactly 10 and 6 ASCII digits with nothing else; the inputs get
//!   there by [`cap_digits`].
//! - Genders are matched without regard to letter case. Onboarding step 1 asks for the same
//!   male / female / other as Manage Account and, having one message only, reports any other
//!   value as 'Please select your gender'.
//! - Style interests and fits: blank choices are dropped and repeats counted once.
//! - Date of birth: exactly `YYYY-MM-DD`, a real calendar day, from 1900-01-01 to `today`
//!   inclusive.
//!
//! ## What this crate must never import
//!
//! No I/O of any kind: no diesel, no actix, no reqwest, no tokio, no file or network access, and
//! no clock (`today` is an argument). Dependencies: chrono (dates), serde and serde_json (wire
//! shapes), thiserror (messages), pricing (exact money parsing).

pub mod banner;
mod bounds;
mod catalogue;
mod digits;
mod email;
mod error;
mod forms;
pub mod india_ids;
mod person;
mod product;
mod shipment;

pub use bounds::{
    MAX_CHOICE_CHARS, MAX_EMAIL_CHARS, MAX_LOCATION_CHARS, MAX_NAME_CHARS, MAX_RECENT_LOCATIONS,
    at_most, choices_at_most, remember_location,
};
pub use catalogue::{ProductGender, Size};
pub use digits::{
    OTP_DIGITS, OtpCode, PHONE_DIGITS, PHONE_PREFIX, PINCODE_DIGITS, Phone, Pincode, cap_digits,
    phone_input, pincode, pincode_input,
};
pub use email::{Email, GMAIL_DOMAIN, GmailAddress};
pub use error::{Field, FormErrors, ValidationError};
pub use forms::{
    AccountProfile, AddressContact, AddressContactInput, AddressDetails, AddressDetailsInput,
    AddressInput, AddressSearchInput, DEFAULT_COUNTRY, DeliveryAddress, ManageAccountInput,
    OnboardingBasics, OnboardingBasicsInput, OnboardingFitsInput, OnboardingStyle,
    OnboardingStyleInput, require_onboarding_email, validate_address, validate_address_contact,
    validate_address_details, validate_address_search, validate_manage_account,
    validate_onboarding_basics, validate_onboarding_fits, validate_onboarding_style,
};
pub use person::{
    AgeBand, AgeRange, DEFAULT_AGE, DateOfBirth, EARLIEST_DATE_OF_BIRTH, GEN_Z_AGE, Gender,
    Location, MAX_STYLE_INTERESTS, MILLENNIAL_AGE, MIN_STYLE_INTERESTS, NonBlank, PreferredFits,
    StyleInterests, age_for_range, display_name, parse_iso_date,
};
pub use product::{
    MAX_CATEGORIES, MAX_DESCRIPTION_CHARS, MAX_DETAIL_CHARS, MAX_OFFER_PERCENT, MAX_PRICE,
    MAX_PRODUCT_NAME_CHARS, MAX_STOCK_UNITS, MAX_TAG_CHARS, MAX_TAGS, ProductRule, bounded,
    category_fits, category_gender_rule, category_ids, gender as product_gender, offer_percentage,
    price, product_name, sizes, stock_units, tags,
};
pub use shipment::{
    MAX_SAVED_ADDRESSES, MAX_SHIPMENT_FIELD_CHARS, Shipment, ShipmentInput, admit_address,
    next_default, validate_shipment,
};
