//! The image library's banners: the admin console's writes (create, edit, delete, each in one
//! transaction with its change-feed row and its audit row), the library's existing reads
//! (`/api/admin/static-images...`) and the shop's public image reads (`/api/images/...`).
//! Every read is answered from the catalogue in memory, as of `state.clock`'s now.
//!
//! "Showing now" means active and inside the display period (either end open; both ends
//! included). The public reads list only images showing now, highest priority first (ties
//! in creation order). A "seasonal" image is one with a campaign or a display period (either
//! end set): the ones put up for an occasion rather than for good.

pub mod wire;

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use store::StaticImageRecord;
use validation::banner::{self as rules, BannerCategory, BannerDevice, BannerRuleError, PeriodEnd};

use crate::auth::Caller;
use crate::services::console::{Change, ConsoleError, Manager, required_version};
use crate::state::AppState;
pub use wire::{BannerDeleted, BannerForm, OneStaticImage, StaticImage, StaticImages, Upload};

/// The most images a list answers.
pub const MAX_LISTED: usize = 100;

/// Why a banner call failed; `Display` is the message people read.
#[derive(Debug, thiserror::Error)]
pub enum BannersError {
    #[error(transparent)]
    Console(#[from] ConsoleError),
    /// The library has no image of this id.
    #[error("Image not found")]
    ImageNotFound,
    /// No image showing now carries this tag for this device.
    #[error("No image is showing for the tag '{tag}' on {device}.")]
    NothingCurrent { tag: String, device: &'static str },
    /// A create without its image.
    #[error("Choose an image to upload (the form field `file`).")]
    FileRequired,
    /// The body is not a readable multipart form.
    #[error("Send the banner as multipart/form-data: {0}")]
    Form(String),
    /// A form field over its size (the file: 10 MB).
    #[error("The field {field} is too large (a file may be at most 10 MB).")]
    TooLarge { field: String },
    /// The file could not be stored (its checks or the storage refused it).
    #[error(transparent)]
    Media(#[from] crate::services::media::MediaError),
    /// A `category` query that names no category.
    #[error("category must be one of hero, trends, products, brands or ui")]
    CategoryQuery,
    #[error(transparent)]
    Store(#[from] store::StoreError),
}

/// What a conditional write found.
#[derive(Debug)]
enum Written {
    Done,
    /// The banner was changed since it was read: as it is now.
    Moved(Box<StaticImageRecord>),
    Missing,
}

impl Written {
    fn into_result(self, media: &str) -> Result<(), BannersError> {
        match self {
            Self::Done => Ok(()),
            Self::Moved(now) => Err(stale(&now, media)),
            Self::Missing => Err(ConsoleError::NotFound("Banner").into()),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reads

/// Which images of the library `/api/admin/static-images` lists.
#[derive(Debug, Clone, Default)]
pub struct LibraryFilter {
    /// `Some(true)`: showing now (active and in period); `Some(false)`: the others.
    pub showing: Option<bool>,
    pub category: Option<String>,
    /// Suits this device (an image for all devices suits every one).
    pub device: Option<BannerDevice>,
    /// Kept when the title contains this, lower case.
    pub search: String,
    pub limit: usize,
}

/// Whether `image` is showing at `now`: active and inside its display period.
fn showing(image: &StaticImageRecord, now: DateTime<Utc>) -> bool {
    image.is_active && rules::in_period(image.start_date, image.end_date, now.naive_utc())
}

fn suits(image: &StaticImageRecord, asked: Option<BannerDevice>) -> bool {
    match (BannerDevice::parse(&image.device), asked) {
        (_, None) => true,
        (Ok(device), Some(asked)) => device.suits(asked),
        (Err(_), Some(_)) => false,
    }
}

fn has_tag(image: &StaticImageRecord, tag: &str) -> bool {
    image.tags.split(',').any(|t| t == tag)
}

/// The library's images matching every filter, in creation order (as `/api/admin/static-
/// images` always listed them).
pub fn library(state: &AppState, filter: &LibraryFilter) -> StaticImages {
    let snapshot = state.catalogue.snapshot();
    let now = state.clock.now();
    let media = snapshot.base.media_origin.as_str();
    let images = snapshot
        .base
        .static_images
        .iter()
        .filter(|s| filter.showing.is_none_or(|want| showing(s, now) == want))
        .filter(|s| (filter.category.as_deref()).is_none_or(|c| s.category.eq_ignore_ascii_case(c)))
        .filter(|s| suits(s, filter.device))
        .filter(|s| s.title.to_lowercase().contains(&filter.search))
        .take(filter.limit)
        .map(|s| StaticImage::from_record(s, media))
        .collect();
    StaticImages {
        success: true,
        images,
    }
}

/// One image of the library, whether showing or not.
pub fn library_image(state: &AppState, id: &str) -> Result<OneStaticImage, BannersError> {
    let snapshot = state.catalogue.snapshot();
    let image = snapshot
        .base
        .static_images
        .iter()
        .find(|s| s.id == id)
        .ok_or(BannersError::ImageNotFound)?;
    Ok(OneStaticImage {
        success: true,
        image: StaticImage::from_record(image, &snapshot.base.media_origin),
    })
}

/// Which images showing now a public read wants.
#[derive(Debug, Clone, Default)]
pub struct Showing {
    pub category: Option<BannerCategory>,
    pub device: Option<BannerDevice>,
    /// Carrying this tag (lower case).
    pub tag: Option<String>,
    /// Of this campaign (compared ignoring case).
    pub campaign: Option<String>,
    /// Only images with a campaign or a display period.
    pub seasonal: bool,
}

impl Showing {
    fn keeps(&self, image: &StaticImageRecord) -> bool {
        self.category
            .is_none_or(|c| image.category.eq_ignore_ascii_case(c.as_str()))
            && suits(image, self.device)
            && self.tag.as_deref().is_none_or(|t| has_tag(image, t))
            && (self.campaign.as_deref()).is_none_or(|c| {
                image
                    .campaign
                    .as_deref()
                    .is_some_and(|k| k.eq_ignore_ascii_case(c))
            })
            && (!self.seasonal
                || image.campaign.is_some()
                || image.start_date.is_some()
                || image.end_date.is_some())
    }
}

/// A `category` query: absent or blank is every category.
pub fn category_query(raw: Option<&str>) -> Result<Option<BannerCategory>, BannersError> {
    match raw.map(str::trim).filter(|c| !c.is_empty()) {
        None => Ok(None),
        Some(raw) => BannerCategory::parse(raw)
            .map(Some)
            .map_err(|_| BannersError::CategoryQuery),
    }
}

/// The images showing now that `want` keeps, highest priority first (ties in creation order).
fn showing_now<'a>(
    images: &'a [StaticImageRecord],
    want: &Showing,
    now: DateTime<Utc>,
) -> Vec<&'a StaticImageRecord> {
    let mut kept: Vec<&StaticImageRecord> = images
        .iter()
        .filter(|s| showing(s, now) && want.keeps(s))
        .collect();
    kept.sort_by_key(|s| std::cmp::Reverse(s.priority));
    kept
}

/// The images showing now that `want` keeps (at most [`MAX_LISTED`]).
pub fn shown(state: &AppState, want: &Showing) -> StaticImages {
    let snapshot = state.catalogue.snapshot();
    let media = snapshot.base.media_origin.as_str();
    let images = showing_now(&snapshot.base.static_images, want, state.clock.now())
        .into_iter()
        .take(MAX_LISTED)
        .map(|s| StaticImage::from_record(s, media))
        .collect();
    StaticImages {
        success: true,
        images,
    }
}

/// The one image showing now for `tag` on `device`: the highest priority.
pub fn current(
    state: &AppState,
    tag: &str,
    device: BannerDevice,
) -> Result<OneStaticImage, BannersError> {
    let snapshot = state.catalogue.snapshot();
    let tag = tag.trim().to_lowercase();
    let want = Showing {
        device: Some(device),
        tag: Some(tag.clone()),
        ..Showing::default()
    };
    let image = showing_now(&snapshot.base.static_images, &want, state.clock.now())
        .into_iter()
        .next()
        .ok_or(BannersError::NothingCurrent {
            tag: tag.chars().take(40).collect(),
            device: match device {
                BannerDevice::All => "any device",
                other => other.as_str(),
            },
        })?;
    Ok(OneStaticImage {
        success: true,
        image: StaticImage::from_record(image, &snapshot.base.media_origin),
    })
}

// ---------------------------------------------------------------------------------------
// Writes

/// The form's fields that break a rule, by wire name.
type Fields = BTreeMap<String, String>;

fn note<T>(fields: &mut Fields, field: &str, checked: Result<T, BannerRuleError>) -> Option<T> {
    checked
        .map_err(|e| {
            fields.insert(field.to_owned(), e.to_string());
        })
        .ok()
}

/// `record` with the form's fields applied, or every field that breaks a rule. On a create
/// `record` holds the defaults and `title`/`category` are required.
fn apply(
    mut record: StaticImageRecord,
    form: &BannerForm,
    creating: bool,
) -> Result<StaticImageRecord, ConsoleError> {
    let mut fields = Fields::new();
    match form.title.as_deref() {
        Some(raw) => {
            if let Some(title) = note(&mut fields, "title", rules::title(raw)) {
                record.title = title;
            }
        }
        None if creating => {
            fields.insert("title".into(), BannerRuleError::TitleRequired.to_string());
        }
        None => {}
    }
    match form.category.as_deref() {
        Some(raw) => {
            if let Some(c) = note(&mut fields, "category", BannerCategory::parse(raw)) {
                record.category = c.as_str().to_owned();
            }
        }
        None if creating => {
            fields.insert(
                "category".into(),
                "Category is required: hero, trends, products, brands or ui.".into(),
            );
        }
        None => {}
    }
    if let Some(raw) = form.device.as_deref()
        && let Some(d) = note(&mut fields, "device", BannerDevice::parse(raw))
    {
        record.device = d.as_str().to_owned();
    }
    if let Some(raw) = form.tags.as_deref()
        && let Some(tags) = note(&mut fields, "tags", rules::tags(raw))
    {
        record.tags = tags.join(",");
    }
    if let Some(raw) = form.campaign.as_deref()
        && let Some(campaign) = note(&mut fields, "campaign", rules::campaign(raw))
    {
        record.campaign = campaign;
    }
    if let Some(raw) = form.start_date.as_deref()
        && let Some(at) = note(
            &mut fields,
            "startDate",
            rules::period_date(raw, PeriodEnd::Start),
        )
    {
        record.start_date = at;
    }
    if let Some(raw) = form.end_date.as_deref()
        && let Some(at) = note(
            &mut fields,
            "endDate",
            rules::period_date(raw, PeriodEnd::End),
        )
    {
        record.end_date = at;
    }
    if let Some(raw) = form.priority.as_deref()
        && let Some(p) = note(&mut fields, "priority", rules::priority(raw))
    {
        record.priority = p;
    }
    if let Some(raw) = form.is_active.as_deref()
        && let Some(a) = note(&mut fields, "isActive", rules::boolean(raw))
    {
        record.is_active = a;
    }
    if !fields.contains_key("startDate") && !fields.contains_key("endDate") {
        note(
            &mut fields,
            "endDate",
            rules::period(record.start_date, record.end_date),
        );
    }
    if fields.is_empty() {
        Ok(record)
    } else {
        Err(ConsoleError::Invalid(fields))
    }
}

/// The version the form's `version` field names, if any.
fn form_version(form: &BannerForm) -> Result<Option<i64>, ConsoleError> {
    form.version
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|v| {
            v.parse::<i64>()
                .ok()
                .filter(|v| *v > 0)
                .ok_or(ConsoleError::BadVersion(access::console::BadVersion))
        })
        .transpose()
}

/// Stores an uploaded image (checked by its bytes, re-encoded in the banner widths); its URL
/// and `srcset`.
async fn put_file(
    state: &AppState,
    file: Upload,
) -> Result<(String, Option<String>), BannersError> {
    let stored = state
        .media
        .put_image(file.bytes.to_vec(), crate::services::media::Purpose::Banner)
        .await?;
    Ok((stored.url, Some(stored.srcset)))
}

fn audited(
    manager: &Manager,
    now: DateTime<Utc>,
    action: &str,
    id: &str,
    before: Option<&StaticImage>,
    after: Option<&StaticImage>,
) -> store::NewAudit {
    let change = Change {
        action,
        entity: "banner",
        entity_id: id,
        brand_id: None,
    };
    manager.audit(now, change, before, after)
}

/// Adds a banner (admins only): the form's fields checked, then the file stored, then the
/// banner written with its change-feed row and its audit row.
pub async fn create(
    state: &AppState,
    caller: &Caller,
    form: BannerForm,
    file: Option<Upload>,
) -> Result<OneStaticImage, BannersError> {
    let manager = Manager::admin(caller)?;
    let defaults = StaticImageRecord {
        id: uuid::Uuid::now_v7().to_string(),
        category: String::new(),
        device: BannerDevice::All.as_str().to_owned(),
        title: String::new(),
        url: String::new(),
        is_active: true,
        tags: String::new(),
        campaign: None,
        start_date: None,
        end_date: None,
        priority: 0,
        srcset: None,
        version: 1,
    };
    let mut record = apply(defaults, &form, true)?;
    let file = file.ok_or(BannersError::FileRequired)?;
    (record.url, record.srcset) = put_file(state, file).await?;
    let now = state.clock.now();
    let media = state.catalogue.media_origin().to_owned();
    let banner = StaticImage::from_record(&record, &media);
    let audit = audited(&manager, now, "create", &record.id, None, Some(&banner));
    state
        .write_catalogue(move |store| {
            store.in_transaction(|conn| -> Result<(), store::StoreError> {
                store::insert_banner(conn, &record)?;
                store::note_catalogue_change(conn, None, now.naive_utc())?;
                store::write_audit(conn, &audit)?;
                Ok(())
            })
        })
        .await?;
    Ok(OneStaticImage {
        success: true,
        image: banner,
    })
}

/// The stored banner, or "Banner not found.".
async fn stored(state: &AppState, id: &str) -> Result<StaticImageRecord, BannersError> {
    let id = id.to_owned();
    state
        .db(move |store| store.banner(&id))
        .await?
        .ok_or(ConsoleError::NotFound("Banner").into())
}

fn stale(record: &StaticImageRecord, media: &str) -> BannersError {
    ConsoleError::Stale {
        entity: "banner",
        current: serde_json::to_value(StaticImage::from_record(record, media)).unwrap_or_default(),
    }
    .into()
}

/// Edits a banner (admins only): the fields sent, a new file if one is sent, against the
/// version the admin read (`version` or If-Match); 409 with the current banner when it moved.
pub async fn update(
    state: &AppState,
    caller: &Caller,
    id: &str,
    edit: (BannerForm, Option<Upload>),
    if_match: Option<&str>,
) -> Result<OneStaticImage, BannersError> {
    let (form, file) = edit;
    let manager = Manager::admin(caller)?;
    let read = required_version(form_version(&form)?, if_match)?;
    let media = state.catalogue.media_origin().to_owned();
    let before = stored(state, id).await?;
    if before.version != read {
        return Err(stale(&before, &media));
    }
    let mut record = apply(before.clone(), &form, false)?;
    if let Some(file) = file {
        (record.url, record.srcset) = put_file(state, file).await?;
    }
    record.version = read + 1;
    let now = state.clock.now();
    let after = StaticImage::from_record(&record, &media);
    let earlier = StaticImage::from_record(&before, &media);
    let audit = audited(&manager, now, "update", id, Some(&earlier), Some(&after));
    let id = id.to_owned();
    state
        .write_catalogue(move |store| {
            store.in_transaction(|conn| -> Result<Written, store::StoreError> {
                if !store::update_banner(conn, &record, read)? {
                    return Ok(match store::find_banner(conn, &id)? {
                        Some(now) => Written::Moved(Box::new(now)),
                        None => Written::Missing,
                    });
                }
                store::note_catalogue_change(conn, None, now.naive_utc())?;
                store::write_audit(conn, &audit)?;
                Ok(Written::Done)
            })
        })
        .await?
        .into_result(&media)?;
    Ok(OneStaticImage {
        success: true,
        image: after,
    })
}

/// Deletes a banner (admins only); with If-Match, only the version named.
pub async fn delete(
    state: &AppState,
    caller: &Caller,
    id: &str,
    if_match: Option<&str>,
) -> Result<BannerDeleted, BannersError> {
    let manager = Manager::admin(caller)?;
    let named = access::console::expected_version(None, if_match).map_err(ConsoleError::from)?;
    let media = state.catalogue.media_origin().to_owned();
    let now = state.clock.now();
    let id = id.to_owned();
    let origin = media.clone();
    state
        .write_catalogue(move |store| {
            store.in_transaction(|conn| -> Result<Written, store::StoreError> {
                let Some(before) = store::find_banner(conn, &id)? else {
                    return Ok(Written::Missing);
                };
                if named.is_some_and(|v| v != before.version)
                    || !store::delete_banner(conn, &id, before.version)?
                {
                    return Ok(Written::Moved(Box::new(before)));
                }
                let earlier = StaticImage::from_record(&before, &origin);
                let audit = audited(&manager, now, "delete", &id, Some(&earlier), None);
                store::note_catalogue_change(conn, None, now.naive_utc())?;
                store::write_audit(conn, &audit)?;
                Ok(Written::Done)
            })
        })
        .await?
        .into_result(&media)?;
    Ok(BannerDeleted { success: true })
}
