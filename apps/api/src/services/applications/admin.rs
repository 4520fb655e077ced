//! Admins deciding brand applications: the list by status, approval (the brand, the
//! applicant's brand role, the change-feed row and the audit rows in one transaction) and
//! rejection with a reason. The applicant is mailed after the decision commits; a mail that
//! fails is logged and does not undo the decision.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use store::ids::{BrandId, UserId};

use super::wire::{
    Application, ApplicationSearch, Applications, Approved, OneApplication, RejectBody,
};
use super::{ApplicationsError, MAX_REASON, mail, required};
use crate::auth::Caller;
use crate::services::console::{Change, ConsoleError, Manager};
use crate::state::AppState;

/// The statuses an application has.
pub const STATUSES: [&str; 3] = ["pending", "approved", "rejected"];

/// Applications with the status asked for (every one when none), newest first.
pub async fn list(
    state: &AppState,
    caller: &Caller,
    query: ApplicationSearch,
) -> Result<Applications, ApplicationsError> {
    Manager::admin(caller)?;
    let status = query.status.filter(|s| !s.trim().is_empty());
    if let Some(status) = &status
        && !STATUSES.contains(&status.as_str())
    {
        return Err(ConsoleError::Invalid(BTreeMap::from([(
            "status".to_owned(),
            "Use pending, approved or rejected.".to_owned(),
        )]))
        .into());
    }
    let records = state
        .db(move |store| store.applications(status.as_deref()))
        .await?;
    Ok(Applications {
        success: true,
        applications: records.iter().map(Application::of).collect(),
    })
}

/// The application, still pending, or why not.
fn pending(
    conn: &mut store::DbConnection,
    id: &str,
) -> Result<store::ApplicationRecord, ApplicationsError> {
    let record =
        store::application_by_id(conn, id)?.ok_or(ConsoleError::NotFound("Application"))?;
    if record.status != "pending" {
        return Err(ApplicationsError::AlreadyDecided(record.status));
    }
    Ok(record)
}

/// Sends the decision's mail; a failure is logged (the decision stands).
async fn send(state: &AppState, mail: providers::OutgoingMail) {
    if mail.to.is_empty() {
        return;
    }
    if let Err(e) = state.mailer.send(&mail).await {
        tracing::warn!(error = %e, "the mail about a brand application's decision failed");
    }
}

/// Approves a pending application: creates the brand (named as applied, unique like admin
/// brands) and makes the applicant its team.
pub async fn approve(
    state: &AppState,
    caller: &Caller,
    id: String,
) -> Result<Approved, ApplicationsError> {
    let manager = Manager::admin(caller)?;
    let now = state.clock.now();
    let brand_id = uuid::Uuid::now_v7().to_string();
    let (record, to) = state
        .db(move |store| {
            store.in_transaction(|conn| {
                store::write_first(conn)?;
                let before = pending(conn, &id)?;
                // The conditional decision first: a second admin approving at once waits on
                // this row and then finds it decided (ALREADY_DECIDED); any refusal below rolls
                // the whole approval back.
                let decision = store::ApplicationDecision {
                    status: "approved",
                    reason: None,
                    brand_id: Some(brand_id.clone()),
                    decided_by: manager.actor_id.clone(),
                    decided_at: now.naive_utc(),
                };
                let after = decide(conn, &manager, now, &before, &decision)?;
                if store::brand_name_taken(conn, &before.name, None)? {
                    return Err(ApplicationsError::BrandNameTaken(before.name.clone()));
                }
                let applicant = UserId::new(before.applicant_id.clone());
                let staff = store::staff_by_id(conn, &applicant)?
                    .filter(|s| !s.is_admin && !s.is_brand_user)
                    .ok_or(ApplicationsError::ApplicantUnavailable)?;
                let brand = store::NewBrand {
                    id: BrandId::new(brand_id.clone()),
                    name: before.name.clone(),
                    description: String::new(),
                    gender: before.gender.clone(),
                    is_active: true,
                    created_at: now.naive_utc(),
                };
                store::insert_brand(conn, &brand).map_err(|e| {
                    if crate::services::admin::is_unique_violation(&e) {
                        ApplicationsError::BrandNameTaken(brand.name.clone())
                    } else {
                        e.into()
                    }
                })?;
                if !store::write_role(conn, &applicant, false, true, Some(&brand.id))? {
                    return Err(ApplicationsError::ApplicantUnavailable);
                }
                let created = Change {
                    action: "create",
                    entity: "brand",
                    entity_id: &brand_id,
                    brand_id: Some(&brand_id),
                };
                store::write_audit(
                    conn,
                    &manager.audit(now, created, None::<&()>, Some(&after.name)),
                )?;
                store::note_catalogue_change(conn, None, now.naive_utc())?;
                let to = staff.email.unwrap_or(after.applicant_email.clone());
                Ok((after, to))
            })
        })
        .await?;
    state.session_cache.forget(&record.applicant_id);
    send(state, mail::approved(&to, &record.name)).await;
    Ok(Approved {
        success: true,
        brand_id: record.brand_id.clone().unwrap_or_default(),
        application: Application::of(&record),
    })
}

/// Writes the decision and its audit row; the application as decided.
fn decide(
    conn: &mut store::DbConnection,
    manager: &Manager,
    now: DateTime<Utc>,
    before: &store::ApplicationRecord,
    decision: &store::ApplicationDecision,
) -> Result<store::ApplicationRecord, ApplicationsError> {
    if !store::decide_application(conn, &before.id, decision)? {
        return Err(ApplicationsError::AlreadyDecided("decided".to_owned()));
    }
    let after =
        store::application_by_id(conn, &before.id)?.ok_or(ConsoleError::NotFound("Application"))?;
    let change = Change {
        action: if decision.status == "approved" {
            "approve"
        } else {
            "reject"
        },
        entity: "brand_application",
        entity_id: &before.id,
        brand_id: decision.brand_id.as_deref(),
    };
    store::write_audit(
        conn,
        &manager.audit(
            now,
            change,
            Some(&Application::of(before)),
            Some(&Application::of(&after)),
        ),
    )?;
    Ok(after)
}

/// Rejects a pending application with a reason the applicant is mailed.
pub async fn reject(
    state: &AppState,
    caller: &Caller,
    id: String,
    body: RejectBody,
) -> Result<OneApplication, ApplicationsError> {
    let manager = Manager::admin(caller)?;
    let reason = required(body.reason.as_deref(), MAX_REASON).map_err(|message| {
        ConsoleError::Invalid(BTreeMap::from([("reason".to_owned(), message)]))
    })?;
    let now = state.clock.now();
    let (record, to) = state
        .db(move |store| {
            store.in_transaction(|conn| {
                let before = pending(conn, &id)?;
                let decision = store::ApplicationDecision {
                    status: "rejected",
                    reason: Some(reason),
                    brand_id: None,
                    decided_by: manager.actor_id.clone(),
                    decided_at: now.naive_utc(),
                };
                let after = decide(conn, &manager, now, &before, &decision)?;
                let to = store::staff_by_id(conn, &UserId::new(after.applicant_id.clone()))?
                    .and_then(|s| s.email)
                    .unwrap_or(after.applicant_email.clone());
                Ok::<_, ApplicationsError>((after, to))
            })
        })
        .await?;
    let reason = record.reason.clone().unwrap_or_default();
    send(state, mail::rejected(&to, &record.name, &reason)).await;
    Ok(OneApplication {
        success: true,
        application: Application::of(&record),
    })
}
