//! The caller's own record: registration (the sign-in sheet's location and onboarding's
//! answers) and Manage Account's profile.

use std::collections::BTreeMap;

use validation::{Email, FormErrors, ManageAccountInput};

use super::AccountsError;
use super::onboarding::{self, Answers};
use super::wire::{ProfileUpdate, RegisterRequest};
use crate::auth::{AuthError, Caller};
use crate::state::AppState;
use crate::wire::User;

/// A registration: the caller's own address (which it must repeat) and the answers.
#[derive(Clone, Debug)]
pub struct Registration {
    pub email: Email,
    pub answers: Answers,
}

impl TryFrom<RegisterRequest> for Registration {
    type Error = AccountsError;

    /// Roles are granted by an operator: a registration that names one is refused first.
    fn try_from(body: RegisterRequest) -> Result<Self, AccountsError> {
        if body.is_admin == Some(true)
            || body.is_brand_user == Some(true)
            || body.role.is_some()
            || body.brand_id.is_some()
        {
            return Err(AccountsError::RoleChangeRefused);
        }
        let email = validation::require_onboarding_email(body.email.as_deref())
            .map_err(AccountsError::InvalidEmail)?;
        Ok(Self {
            email,
            answers: Answers {
                location: body.location,
                display_name: body.display_name,
                gender: body.gender,
                age_range: body.age_range,
                interests: body.interests,
                ml_preferences: body.ml_preferences,
            },
        })
    }
}

impl From<ProfileUpdate> for ManageAccountInput {
    fn from(body: ProfileUpdate) -> Self {
        Self {
            full_name: body.display_name.unwrap_or_default(),
            email: body.email.unwrap_or_default(),
            gender: body.gender.unwrap_or_default(),
            date_of_birth: body.date_of_birth.filter(|d| !d.trim().is_empty()),
        }
    }
}

/// Fills in the caller's own record from a registration (which may complete onboarding).
pub async fn register(
    state: &AppState,
    caller: &Caller,
    registration: Registration,
) -> Result<User, AccountsError> {
    if caller.user.email.as_deref() != Some(registration.email.normalized().as_str()) {
        return Err(AuthError::NotYours.into());
    }
    let mut user = (*caller.user).clone();
    onboarding::apply(&mut user, &registration.answers).map_err(AccountsError::invalid)?;
    save(state, user).await
}

/// The request's field name for each Manage Account rule.
fn wire_field(field: validation::Field) -> &'static str {
    match field {
        validation::Field::FullName => "display_name",
        other => other.as_str(),
    }
}

fn form_errors(errors: &FormErrors) -> AccountsError {
    AccountsError::invalid(
        errors
            .iter()
            .map(|(field, e)| (wire_field(field).to_owned(), e.to_string()))
            .collect(),
    )
}

/// Updates the profile of `user_id` (the caller's own, or anyone's as an admin). The e-mail is
/// checked by the form's rules but never changed here: a new one must first be proven with a
/// mailed code ([`super::email_change`]).
pub async fn update(
    state: &AppState,
    caller: &Caller,
    user_id: &store::ids::UserId,
    input: ManageAccountInput,
) -> Result<User, AccountsError> {
    caller.may_act_for(user_id.as_str())?;
    let today = state.clock.now().date_naive();
    let profile =
        validation::validate_manage_account(&input, today).map_err(|e| form_errors(&e))?;
    validation::at_most(profile.full_name().as_str(), validation::MAX_NAME_CHARS).map_err(|e| {
        AccountsError::invalid(BTreeMap::from([(
            wire_field(validation::Field::FullName).to_owned(),
            e.to_string(),
        )]))
    })?;
    let mut user = if user_id == caller.id() {
        (*caller.user).clone()
    } else {
        let id = user_id.clone();
        state
            .db(move |store| store.user_by_id(&id))
            .await?
            .ok_or(AccountsError::ProfileGone)?
    };
    user.display_name = profile.full_name().as_str().to_owned();
    user.gender = profile.gender().as_str().to_owned();
    user.date_of_birth = profile
        .date_of_birth()
        .map(|d| d.date().format("%Y-%m-%d").to_string());
    save(state, user).await
}

/// Writes a user's profile fields (never the e-mail, phone or roles) and answers the user.
async fn save(state: &AppState, user: store::UserRecord) -> Result<User, AccountsError> {
    let saved = user.clone();
    let saved_row = state.db(move |store| store.save_user(&saved)).await?;
    state.session_cache.forget(&user.id);
    if saved_row {
        Ok(User::from(&user))
    } else {
        Err(AccountsError::UserNotFound)
    }
}
