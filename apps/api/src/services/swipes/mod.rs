//! Swipes and the swipe feed (000 §3, §4; 001 swipe screen, §9): a shopper's likes and
//! dislikes, the undo of the last one, and the next cards to swipe.

pub mod feed;
pub mod feed_view;
pub mod ledger;
pub mod shoppers;
pub mod wire;

use store::ids::UserId;
use store::{NewSwipe, StoreError, SwipeCommand, SwipeOutcome};
use trending::SwipeAction;

use crate::error::input::InputError;
use crate::state::AppState;
use wire::{MAX_DEVICE_INFO_CHARS, MAX_SESSION_ID_CHARS, Swipe, SwipeInput, Undone};

/// Why a swipe, an undo or a feed is refused.
#[derive(Debug, thiserror::Error)]
pub enum SwipesError {
    #[error(transparent)]
    Input(#[from] InputError),
    /// The body names another user than the caller.
    #[error("You can only see and change your own account.")]
    NotYours,
    #[error("action must be like or dislike")]
    InvalidAction,
    #[error("productId is required")]
    MissingProductId,
    #[error("sessionId must be at most {MAX_SESSION_ID_CHARS} characters")]
    SessionIdTooLong,
    #[error("deviceInfo must be at most {MAX_DEVICE_INFO_CHARS} characters written out")]
    DeviceInfoTooLong,
    #[error("Product not found.")]
    ProductNotFound,
    #[error("There is no swipe to undo.")]
    NothingToUndo,
    /// The swipe writer cannot take the command (it stopped, or never started): a bug.
    #[error("{0}")]
    WriterGone(&'static str),
    /// The writer could not commit the command; worth retrying whatever stopped it.
    #[error("{0}")]
    NotWritten(StoreError),
    /// The writer answered with an outcome of another command (a bug).
    #[error("{0}")]
    Unexpected(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn action_name(liked: bool) -> String {
    if liked {
        SwipeAction::Like
    } else {
        SwipeAction::Dislike
    }
    .as_str()
    .to_owned()
}

/// Records a like or dislike of the shopper; a like adds the product to the curated list, and
/// a second swipe of the same product replaces the first.
pub async fn swipe(
    state: &AppState,
    user: &UserId,
    input: SwipeInput,
) -> Result<Swipe, SwipesError> {
    let snapshot = state.catalogue.snapshot();
    let entry = snapshot
        .product(input.product_id.as_str())
        .map(|i| &snapshot.entries()[i])
        .ok_or(SwipesError::ProductNotFound)?;
    let command = SwipeCommand::Swipe(NewSwipe {
        user_id: user.clone(),
        product_id: store::ids::ProductId::new(entry.id()),
        gender: entry.product.gender.to_string(),
        liked: input.liked,
        session_id: input.session_id,
        device_info: input.device_info,
    });
    let outcome = state.swipes.apply(command).await;
    // Forgotten whatever the outcome: a writer that failed may still have committed.
    state.feed.shoppers.forget(user);
    match outcome? {
        SwipeOutcome::Swiped {
            product_id,
            liked,
            swiped_at,
            session_id,
            replaced,
            added_to_list,
        } => Ok(Swipe {
            id: format!("{user}:{product_id}"),
            product_id: product_id.into_inner(),
            action: action_name(liked),
            session_id,
            created_at: swiped_at.and_utc(),
            replaced_action: replaced.map(action_name),
            added_to_curated_list: added_to_list,
        }),
        other => Err(SwipesError::Unexpected(format!(
            "a swipe came back as {other:?}"
        ))),
    }
}

/// Reverses the shopper's latest swipe: its counts, the curated-list entry it added, and the
/// earlier swipe of the product it had replaced.
pub async fn undo_last(state: &AppState, user: &UserId) -> Result<Undone, SwipesError> {
    let command = SwipeCommand::Undo {
        user_id: user.clone(),
    };
    let outcome = state.swipes.apply(command).await;
    state.feed.shoppers.forget(user);
    match outcome? {
        SwipeOutcome::Undone {
            product_id,
            liked,
            restored,
            removed_from_list,
        } => Ok(Undone {
            product_id: product_id.into_inner(),
            action: action_name(liked),
            restored_action: restored.map(action_name),
            removed_from_curated_list: removed_from_list,
        }),
        SwipeOutcome::NothingToUndo => Err(SwipesError::NothingToUndo),
        other => Err(SwipesError::Unexpected(format!(
            "an undo came back as {other:?}"
        ))),
    }
}
