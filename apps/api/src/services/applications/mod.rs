//! Brand applications: a signed-in shopper applies to open a brand on the shop (its contact,
//! tax and bank details, pickup address and policies); an admin approves it, which creates the
//! brand and makes the applicant its team in one transaction, or rejects it with a reason. The
//! applicant is mailed either way. The bank account is sealed under the data key
//! ([`sealing::DataKey`]) and answers show it masked.

pub mod admin;
mod mail;
pub mod sealing;
pub mod wire;

use std::collections::BTreeMap;

use access::Role;
use access::limit::{self, Decision, Limit};
use chrono::TimeDelta;
use validation::india_ids;

use crate::auth::Caller;
use crate::services::console::ConsoleError;
use crate::state::AppState;
use wire::{Application, Applications, NewApplicationBody, OneApplication};

/// Applications one account may send: at most 5 a day.
pub const APPLICATIONS_PER_ACCOUNT: Limit = Limit {
    min_interval: None,
    max_per_window: 5,
    window: TimeDelta::days(1),
};

/// The longest pickup address.
pub const MAX_ADDRESS: usize = 300;
/// The longest policy text.
pub const MAX_POLICY: usize = 5_000;
/// The longest rejection reason.
pub const MAX_REASON: usize = 500;

/// Why an application call is refused.
#[derive(Debug, thiserror::Error)]
pub enum ApplicationsError {
    #[error(transparent)]
    Console(#[from] ConsoleError),
    /// Brand teams and admins do not apply (403).
    #[error("Only shoppers apply to open a brand; your account already works for the shop.")]
    NotShopper,
    /// The shopper has an application waiting (409).
    #[error("You already have an application waiting for review.")]
    Pending,
    /// A brand has this name, ignoring letter case (409).
    #[error("A brand named '{0}' already exists.")]
    BrandNameTaken(String),
    /// The application was approved or rejected already (409).
    #[error("This application was already {0}.")]
    AlreadyDecided(String),
    /// The applicant's account is gone or already works for the shop (409).
    #[error(
        "The applicant's account was deleted or already works for the shop; reject the application instead."
    )]
    ApplicantUnavailable,
    /// Over [`APPLICATIONS_PER_ACCOUNT`] (429).
    #[error("You have sent too many applications today. Please try again later.")]
    TooMany { seconds: i64 },
    /// The places directory cannot answer now (503).
    #[error("The pincode cannot be checked right now. Please try again in a moment.")]
    PlacesUnavailable(#[source] providers::PlacesError),
    /// The bank details could not be sealed (500).
    #[error(transparent)]
    Seal(#[from] sealing::SealError),
}

impl From<store::StoreError> for ApplicationsError {
    fn from(e: store::StoreError) -> Self {
        Self::Console(ConsoleError::Store(e))
    }
}

impl From<diesel::result::Error> for ApplicationsError {
    fn from(e: diesel::result::Error) -> Self {
        Self::Console(ConsoleError::Store(e.into()))
    }
}

/// A form's broken fields, by wire name.
#[derive(Debug, Default)]
pub(crate) struct Fields(BTreeMap<String, String>);

impl Fields {
    pub(crate) fn add(&mut self, field: &str, message: impl ToString) {
        self.0
            .entry(field.to_owned())
            .or_insert_with(|| message.to_string());
    }

    pub(crate) fn keep<T, E: ToString>(&mut self, field: &str, value: Result<T, E>) -> Option<T> {
        value.map_err(|e| self.add(field, e)).ok()
    }

    pub(crate) fn check(self) -> Result<(), ApplicationsError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ConsoleError::Invalid(self.0).into())
        }
    }
}

/// Required text, trimmed, at most `max` characters.
pub(crate) fn required(raw: Option<&str>, max: usize) -> Result<String, String> {
    let text = raw.map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err("Required".to_owned());
    }
    validation::at_most(text, max).map_err(|e| e.to_string())?;
    Ok(text.to_owned())
}

/// The fields of an application, read and checked.
struct Form {
    name: String,
    gender: String,
    contact_name: String,
    contact_email: String,
    contact_phone: String,
    gstin: String,
    pan: String,
    bank_account: String,
    ifsc: String,
    pickup_address: String,
    pickup_pincode: String,
    return_policy: String,
    shipping_policy: String,
}

fn read_form(body: &NewApplicationBody) -> Result<Form, ApplicationsError> {
    let mut f = Fields::default();
    let name = f.keep(
        "name",
        required(body.name.as_deref(), validation::MAX_NAME_CHARS),
    );
    let gender = f.keep(
        "gender",
        validation::ProductGender::parse(body.gender.as_deref().unwrap_or("unisex"))
            .map(|g| g.as_str().to_owned()),
    );
    let contact_name = f.keep(
        "contactName",
        required(body.contact_name.as_deref(), validation::MAX_NAME_CHARS),
    );
    let contact_email = f.keep(
        "contactEmail",
        required(body.contact_email.as_deref(), validation::MAX_EMAIL_CHARS).and_then(|e| {
            validation::Email::parse(&e)
                .map(|e| e.as_str().to_owned())
                .map_err(|e| e.to_string())
        }),
    );
    let contact_phone = f.keep(
        "contactPhone",
        india_ids::indian_mobile(body.contact_phone.as_deref().unwrap_or_default()),
    );
    let gstin = f.keep(
        "gstin",
        india_ids::gstin(body.gstin.as_deref().unwrap_or_default()),
    );
    let pan = f.keep(
        "pan",
        india_ids::pan(
            body.pan.as_deref().unwrap_or_default(),
            body.gstin.as_deref(),
        ),
    );
    let bank_account = f.keep(
        "bankAccount",
        india_ids::bank_account(body.bank_account.as_deref().unwrap_or_default()),
    );
    let ifsc = f.keep(
        "ifsc",
        india_ids::ifsc(body.ifsc.as_deref().unwrap_or_default()),
    );
    let pickup_address = f.keep(
        "pickupAddress",
        required(body.pickup_address.as_deref(), MAX_ADDRESS),
    );
    let pickup_pincode = f.keep(
        "pickupPincode",
        validation::pincode(body.pickup_pincode.as_deref().unwrap_or_default().trim())
            .map(|p| p.to_string()),
    );
    let return_policy = f.keep(
        "returnPolicy",
        required(body.return_policy.as_deref(), MAX_POLICY),
    );
    let shipping_policy = f.keep(
        "shippingPolicy",
        required(body.shipping_policy.as_deref(), MAX_POLICY),
    );
    let form = (|| {
        Some(Form {
            name: name?,
            gender: gender?,
            contact_name: contact_name?,
            contact_email: contact_email?,
            contact_phone: contact_phone?,
            gstin: gstin?,
            pan: pan?,
            bank_account: bank_account?,
            ifsc: ifsc?,
            pickup_address: pickup_address?,
            pickup_pincode: pickup_pincode?,
            return_policy: return_policy?,
            shipping_policy: shipping_policy?,
        })
    })();
    f.check()?;
    form.ok_or_else(|| ConsoleError::Invalid(BTreeMap::new()).into())
}

/// The pincode's city (district) and state from the places directory; a field error when it
/// knows no such pincode.
async fn resolve_pincode(
    state: &AppState,
    pincode: &str,
) -> Result<(String, String), ApplicationsError> {
    let unknown = || -> ApplicationsError {
        ConsoleError::Invalid(BTreeMap::from([(
            "pickupPincode".to_owned(),
            "We could not find this pincode. Check it and try again.".to_owned(),
        )]))
        .into()
    };
    let found = match state.places.autocomplete(pincode, None, 5).await {
        Ok(found) => found,
        Err(providers::PlacesError::NotFound) => return Err(unknown()),
        Err(e) => return Err(ApplicationsError::PlacesUnavailable(e)),
    };
    for prediction in found {
        match state.places.details(&prediction.place_id, None).await {
            Ok(place) if place.pincode == pincode => return Ok((place.city, place.state)),
            Ok(_) | Err(providers::PlacesError::NotFound) => {}
            Err(e) => return Err(ApplicationsError::PlacesUnavailable(e)),
        }
    }
    Err(unknown())
}

/// Counts an application against [`APPLICATIONS_PER_ACCOUNT`].
async fn take_application(state: &AppState, account: &str) -> Result<(), ApplicationsError> {
    let bucket = format!("brand-applications:account:{account}");
    let now = state.clock.now();
    let (decision, _) = state
        .db(move |store| {
            store.take_rate_limit(&bucket, |window| {
                limit::check(&APPLICATIONS_PER_ACCOUNT, window, now)
            })
        })
        .await?;
    match decision {
        Decision::Allow(_) => Ok(()),
        Decision::Wait { seconds } => Err(ApplicationsError::TooMany { seconds }),
    }
}

/// A signed-in shopper's application to open a brand.
pub async fn create(
    state: &AppState,
    caller: &Caller,
    body: NewApplicationBody,
) -> Result<OneApplication, ApplicationsError> {
    if caller.role != Role::Shopper {
        return Err(ApplicationsError::NotShopper);
    }
    let form = read_form(&body)?;
    let (city, pickup_state) = resolve_pincode(state, &form.pickup_pincode).await?;
    let applicant_id = caller.id().to_string();
    let pending_of = applicant_id.clone();
    let waiting = state
        .db(move |store| {
            store.in_transaction(|conn| {
                Ok::<_, ApplicationsError>(store::pending_application_of(conn, &pending_of)?)
            })
        })
        .await?;
    if waiting.is_some() {
        return Err(ApplicationsError::Pending);
    }
    take_application(state, &applicant_id).await?;
    let id = uuid::Uuid::now_v7().to_string();
    let record = store::ApplicationRecord {
        bank_account_sealed: state.data_key.seal(&form.bank_account, &id)?,
        bank_account_masked: india_ids::mask_account(&form.bank_account),
        id,
        applicant_id,
        applicant_email: caller.user.email.clone().unwrap_or_default(),
        name: form.name,
        gender: form.gender,
        contact_name: form.contact_name,
        contact_email: form.contact_email,
        contact_phone: form.contact_phone,
        gstin: form.gstin,
        pan: form.pan,
        ifsc: form.ifsc,
        pickup_address: form.pickup_address,
        pickup_pincode: form.pickup_pincode,
        pickup_city: city,
        pickup_state,
        return_policy: form.return_policy,
        shipping_policy: form.shipping_policy,
        status: "pending".to_owned(),
        reason: None,
        brand_id: None,
        decided_by: None,
        created_at: state.clock.now().naive_utc(),
        decided_at: None,
    };
    let record = state
        .db(move |store| {
            store.in_transaction(|conn| {
                if store::pending_application_of(conn, &record.applicant_id)?.is_some() {
                    return Err(ApplicationsError::Pending);
                }
                if store::brand_name_taken(conn, &record.name, None)? {
                    return Err(ApplicationsError::BrandNameTaken(record.name.clone()));
                }
                store::insert_application(conn, &record).map_err(|e| {
                    if crate::services::admin::is_unique_violation(&e) {
                        ApplicationsError::Pending
                    } else {
                        e.into()
                    }
                })?;
                Ok(record)
            })
        })
        .await?;
    Ok(OneApplication {
        success: true,
        application: Application::of(&record),
    })
}

/// The caller's applications, newest first.
pub async fn mine(state: &AppState, caller: &Caller) -> Result<Applications, ApplicationsError> {
    let id = caller.id().to_string();
    let records = state.db(move |store| store.applications_of(&id)).await?;
    Ok(Applications {
        success: true,
        applications: records.iter().map(Application::of).collect(),
    })
}
