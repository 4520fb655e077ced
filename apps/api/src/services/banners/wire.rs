//! The banners' wire shapes: a banner as every image call answers it (the admin console's and
//! the shop's), and the form an admin's create or edit sends.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::wire::absolute_url;

/// When a banner shows: either end may be open (`null`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DisplayPeriod {
    #[serde(rename = "startDate")]
    #[schema(required = true)]
    pub start_date: Option<DateTime<Utc>>,
    #[serde(rename = "endDate")]
    #[schema(required = true)]
    pub end_date: Option<DateTime<Utc>>,
}

/// Where a banner shows (documentation of `StaticImage.category`).
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BannerCategory {
    Hero,
    Trends,
    Products,
    Brands,
    Ui,
}

/// The screens a banner is for (documentation of `StaticImage.device`).
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BannerDevice {
    Mobile,
    Desktop,
    All,
}

/// An image of the library (the home hero, the Trends cards, banners), as the admin console
/// and the shop read it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StaticImage {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub url: String,
    /// The width variants of an uploaded image (`url 320w, url 640w, ...`); `null` for
    /// generated art.
    #[schema(required = true)]
    pub srcset: Option<String>,
    /// hero, trends, products, brands or ui.
    #[schema(value_type = BannerCategory)]
    pub category: String,
    /// mobile, desktop or all.
    #[schema(value_type = BannerDevice)]
    pub device: String,
    /// Lower case.
    pub tags: Vec<String>,
    #[schema(required = true)]
    pub campaign: Option<String>,
    #[serde(rename = "displayPeriod")]
    pub display_period: DisplayPeriod,
    /// 0 to 1000; the highest is shown where one image is.
    pub priority: i32,
    #[serde(rename = "isActive")]
    pub is_active: bool,
    /// Counts the banner's edits; an edit names the version it read.
    pub version: i64,
}

impl StaticImage {
    pub fn from_record(s: &store::StaticImageRecord, media_origin: &str) -> Self {
        Self {
            id: s.id.clone(),
            title: s.title.clone(),
            url: absolute_url(media_origin, s.url.clone()),
            srcset: s
                .srcset
                .as_deref()
                .map(|set| crate::services::media::absolute_srcset(media_origin, set)),
            category: s.category.clone(),
            device: s.device.clone(),
            tags: tag_list(&s.tags),
            campaign: s.campaign.clone(),
            display_period: DisplayPeriod {
                start_date: s.start_date.map(|d| d.and_utc()),
                end_date: s.end_date.map(|d| d.and_utc()),
            },
            priority: s.priority,
            is_active: s.is_active,
            version: s.version,
        }
    }
}

/// The stored comma-separated tags as a list.
pub(crate) fn tag_list(stored: &str) -> Vec<String> {
    stored
        .split(',')
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect()
}

/// `{success, images}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaticImages {
    pub success: bool,
    pub images: Vec<StaticImage>,
}

/// `{success, image}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OneStaticImage {
    pub success: bool,
    pub image: StaticImage,
}

/// `{success}`: the banner is deleted.
#[derive(Debug, Serialize, ToSchema)]
pub struct BannerDeleted {
    pub success: bool,
}

/// The text fields of a create or edit form, as sent (each `None` when absent). On an edit an
/// absent field keeps its value; an empty `campaign`, `startDate` or `endDate` clears it.
#[derive(Debug, Clone, Default)]
pub struct BannerForm {
    pub title: Option<String>,
    pub category: Option<String>,
    pub device: Option<String>,
    pub tags: Option<String>,
    pub campaign: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub priority: Option<String>,
    pub is_active: Option<String>,
    pub version: Option<String>,
}

/// An uploaded file, as received (checked by the media service).
#[derive(Debug, Clone)]
pub struct Upload {
    pub bytes: actix_web::web::Bytes,
}

/// The multipart form of a create or edit, documented for OpenAPI.
#[derive(Debug, ToSchema)]
pub struct BannerUpload {
    /// The image (JPEG, PNG or WebP, at most 10 MB); required on create.
    #[schema(value_type = Option<String>, format = Binary)]
    pub file: Option<Vec<u8>>,
    /// Required on create; at most 100 characters.
    pub title: Option<String>,
    /// hero, trends, products, brands or ui (required on create).
    pub category: Option<String>,
    /// mobile, desktop or all (default all).
    pub device: Option<String>,
    /// Comma-separated; stored lower case (at most 20, each at most 40 characters of letters,
    /// digits, `-` and `_`).
    pub tags: Option<String>,
    /// At most 60 characters; empty clears it.
    pub campaign: Option<String>,
    /// `YYYY-MM-DD` (from the start of that day, UTC), `YYYY-MM-DDTHH:MM` (UTC) or an RFC 3339
    /// time; empty: open.
    #[schema(rename = "startDate")]
    pub start_date: Option<String>,
    /// `YYYY-MM-DD` (to the end of that day, UTC), `YYYY-MM-DDTHH:MM` (UTC) or an RFC 3339 time;
    /// empty: open.
    #[schema(rename = "endDate")]
    pub end_date: Option<String>,
    /// 0 to 1000 (default 0).
    pub priority: Option<String>,
    /// true or false (default true).
    #[schema(rename = "isActive")]
    pub is_active: Option<String>,
    /// The version the edit read (or an If-Match header); edits only.
    pub version: Option<String>,
}
