//! The JSON shapes of swipes and the feed, and the swipe body's conversion into a typed swipe.

use serde::{Deserialize, Serialize};
use store::ids::{ProductId, UserId};
use trending::SwipeAction;
use utoipa::ToSchema;

use super::SwipesError;

/// Longest `sessionId` kept, in characters.
pub const MAX_SESSION_ID_CHARS: usize = 100;
/// Longest `deviceInfo` kept once written out as JSON, in characters.
pub const MAX_DEVICE_INFO_CHARS: usize = 2000;

/// `{productId, action, sessionId, deviceInfo}` (000 §3 swipe record).
#[derive(Debug, Deserialize, ToSchema)]
pub struct SwipeRequest {
    #[serde(rename = "productId")]
    #[schema(value_type = String, pattern = "\\S")]
    pub product_id: Option<String>,
    /// `like` or `dislike`.
    #[schema(value_type = String, pattern = "^(like|dislike)$")]
    pub action: Option<String>,
    #[serde(rename = "sessionId")]
    pub session_id: Option<String>,
    /// Any JSON value (the browser's user agent, say).
    #[serde(rename = "deviceInfo")]
    #[schema(value_type = Option<serde_json::Value>)]
    pub device_info: Option<serde_json::Value>,
    /// Allowed only when it is the caller's id.
    #[serde(rename = "userId")]
    pub user_id: Option<String>,
}

/// A like or dislike, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwipeInput {
    pub product_id: ProductId,
    pub liked: bool,
    pub session_id: Option<String>,
    /// The device info written out as JSON.
    pub device_info: Option<String>,
}

/// The body of the shopper `caller`: the session decides who swiped, so a body naming anyone
/// else (admins included) is refused rather than silently recorded as the caller's.
impl TryFrom<(SwipeRequest, &UserId)> for SwipeInput {
    type Error = SwipesError;

    fn try_from((body, caller): (SwipeRequest, &UserId)) -> Result<Self, SwipesError> {
        if body
            .user_id
            .as_deref()
            .is_some_and(|id| id != caller.as_str())
        {
            return Err(SwipesError::NotYours);
        }
        let liked = SwipeAction::parse(body.action.as_deref().unwrap_or_default())
            .map_err(|_| SwipesError::InvalidAction)?
            == SwipeAction::Like;
        let product_id = body
            .product_id
            .as_deref()
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .ok_or(SwipesError::MissingProductId)?
            .into();
        let session_id = body.session_id.filter(|s| !s.is_empty());
        if session_id
            .as_ref()
            .is_some_and(|s| s.chars().count() > MAX_SESSION_ID_CHARS)
        {
            return Err(SwipesError::SessionIdTooLong);
        }
        let device_info = body
            .device_info
            .filter(|v| !v.is_null())
            .map(|v| v.to_string());
        if device_info
            .as_ref()
            .is_some_and(|d| d.chars().count() > MAX_DEVICE_INFO_CHARS)
        {
            return Err(SwipesError::DeviceInfoTooLong);
        }
        Ok(Self {
            product_id,
            liked,
            session_id,
            device_info,
        })
    }
}

/// A stored swipe.
#[derive(Debug, Serialize, ToSchema)]
pub struct Swipe {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(rename = "productId")]
    pub product_id: String,
    pub action: String,
    #[serde(rename = "sessionId")]
    pub session_id: Option<String>,
    #[serde(rename = "createdAt")]
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// The action of the earlier swipe of this product that this one replaced.
    #[serde(rename = "replacedAction")]
    pub replaced_action: Option<String>,
    #[serde(rename = "addedToCuratedList")]
    pub added_to_curated_list: bool,
}

/// What an undo reversed.
#[derive(Debug, Serialize, ToSchema)]
pub struct Undone {
    #[serde(rename = "productId")]
    pub product_id: String,
    pub action: String,
    /// The earlier swipe that came back, if the undone one had replaced it.
    #[serde(rename = "restoredAction")]
    pub restored_action: Option<String>,
    #[serde(rename = "removedFromCuratedList")]
    pub removed_from_curated_list: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SwipeAnswer {
    pub success: bool,
    pub data: Swipe,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UndoAnswer {
    pub success: bool,
    pub data: Undone,
}

/// Why a card is in the feed.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedReason {
    pub reason: String,
    pub points: i64,
}

/// The `feed` member each card of the feed carries besides the product's fields.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedFacts {
    pub score: i64,
    /// Picked to explore, not by rank.
    pub exploration: bool,
    pub reasons: Vec<FeedReason>,
}

/// `{colors, sizes}`: the filter sheet's choices.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedFilters {
    pub colors: Vec<String>,
    pub sizes: Vec<String>,
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    fn swipe(body: Value) -> Result<SwipeInput, SwipesError> {
        let caller = UserId::new("u1");
        SwipeInput::try_from((
            serde_json::from_value::<SwipeRequest>(body).expect("a swipe body"),
            &caller,
        ))
    }

    #[test]
    fn someone_elses_swipe_is_refused_before_its_fields_are_read() {
        assert!(matches!(
            swipe(json!({"userId": "u2", "action": "shrug"})),
            Err(SwipesError::NotYours)
        ));
        assert!(swipe(json!({"userId": "u1", "action": "like", "productId": "p1"})).is_ok());
    }

    #[test]
    fn a_swipe_is_checked_field_by_field() {
        assert!(matches!(
            swipe(json!({"action": "love", "productId": "p1"})),
            Err(SwipesError::InvalidAction)
        ));
        assert!(matches!(
            swipe(json!({"action": "like", "productId": "  "})),
            Err(SwipesError::MissingProductId)
        ));
        let long = "s".repeat(MAX_SESSION_ID_CHARS + 1);
        assert!(matches!(
            swipe(json!({"action": "like", "productId": "p1", "sessionId": long})),
            Err(SwipesError::SessionIdTooLong)
        ));
        let input = swipe(json!({
            "action": "dislike", "productId": " p1 ", "sessionId": "", "deviceInfo": {"ua": "x"}
        }))
        .expect("a good swipe");
        assert_eq!(
            input,
            SwipeInput {
                product_id: "p1".into(),
                liked: false,
                session_id: None,
                device_info: Some(r#"{"ua":"x"}"#.into()),
            }
        );
    }
}
