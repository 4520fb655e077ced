//! The rules of a banner of the image library (the admin console's static images): where it
//! shows (category, device), its tags, priority, title, campaign and display period. Pure:
//! the API turns each broken rule into a field error named by the field's wire name.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use thiserror::Error;

/// The most characters of a title.
pub const MAX_TITLE_CHARS: usize = 100;
/// The most characters of a campaign name.
pub const MAX_CAMPAIGN_CHARS: usize = 60;
/// The most characters of one tag.
pub const MAX_TAG_CHARS: usize = 40;
/// The most tags of one banner.
pub const MAX_TAGS: usize = 20;
/// Priorities run from 0 (shown last) to this (shown first).
pub const MAX_PRIORITY: i32 = 1000;

/// A broken banner rule; `Display` is the message the admin reads at the field.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BannerRuleError {
    #[error("Title is required")]
    TitleRequired,
    #[error("Must be at most {0} characters")]
    TooLong(usize),
    #[error("Unknown category '{0}'. Use hero, trends, products, brands or ui.")]
    UnknownCategory(String),
    #[error("Unknown device '{0}'. Use mobile, desktop or all.")]
    UnknownDevice(String),
    #[error("A tag may hold letters, digits, '-' and '_' only: '{0}'")]
    BadTag(String),
    #[error("A tag must be at most {MAX_TAG_CHARS} characters")]
    TagTooLong,
    #[error("At most {MAX_TAGS} tags")]
    TooManyTags,
    #[error("Priority must be a whole number from 0 to {MAX_PRIORITY}")]
    BadPriority,
    #[error("Must be true or false")]
    NotBoolean,
    #[error("Must be a date (YYYY-MM-DD) or a time (YYYY-MM-DDTHH:MM, UTC, or with its zone)")]
    BadDate,
    #[error("The end date must not be before the start date")]
    EndBeforeStart,
}

/// Where a banner is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BannerCategory {
    Hero,
    Trends,
    Products,
    Brands,
    Ui,
}

impl BannerCategory {
    pub const ALL: [Self; 5] = [
        Self::Hero,
        Self::Trends,
        Self::Products,
        Self::Brands,
        Self::Ui,
    ];

    /// Any case; surrounding blanks ignored.
    pub fn parse(raw: &str) -> Result<Self, BannerRuleError> {
        let raw = raw.trim();
        Self::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(raw))
            .ok_or_else(|| BannerRuleError::UnknownCategory(clip(raw)))
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Hero => "hero",
            Self::Trends => "trends",
            Self::Products => "products",
            Self::Brands => "brands",
            Self::Ui => "ui",
        }
    }
}

/// Which screens a banner suits; `All` suits every device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BannerDevice {
    Mobile,
    Desktop,
    All,
}

impl BannerDevice {
    pub const ALL: [Self; 3] = [Self::Mobile, Self::Desktop, Self::All];

    /// Any case; surrounding blanks ignored.
    pub fn parse(raw: &str) -> Result<Self, BannerRuleError> {
        let raw = raw.trim();
        Self::ALL
            .into_iter()
            .find(|d| d.as_str().eq_ignore_ascii_case(raw))
            .ok_or_else(|| BannerRuleError::UnknownDevice(clip(raw)))
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Mobile => "mobile",
            Self::Desktop => "desktop",
            Self::All => "all",
        }
    }

    /// Whether a banner for `self` is shown on a screen asking for `asked` (`All` on either
    /// side matches everything).
    pub fn suits(self, asked: Self) -> bool {
        self == Self::All || asked == Self::All || self == asked
    }
}

/// An offending value as a message quotes it: at most 40 characters.
fn clip(raw: &str) -> String {
    raw.chars().take(40).collect()
}

/// A required title: trimmed, not blank, at most [`MAX_TITLE_CHARS`].
pub fn title(raw: &str) -> Result<String, BannerRuleError> {
    let title = raw.trim();
    if title.is_empty() {
        return Err(BannerRuleError::TitleRequired);
    }
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(BannerRuleError::TooLong(MAX_TITLE_CHARS));
    }
    Ok(title.to_owned())
}

/// An optional campaign: trimmed; blank is none.
pub fn campaign(raw: &str) -> Result<Option<String>, BannerRuleError> {
    let campaign = raw.trim();
    if campaign.chars().count() > MAX_CAMPAIGN_CHARS {
        return Err(BannerRuleError::TooLong(MAX_CAMPAIGN_CHARS));
    }
    Ok((!campaign.is_empty()).then(|| campaign.to_owned()))
}

/// A comma-separated tag list: each trimmed and lower-cased, blanks dropped, duplicates kept
/// once (first place wins). A tag holds letters, digits, `-` and `_`.
pub fn tags(raw: &str) -> Result<Vec<String>, BannerRuleError> {
    let mut tags: Vec<String> = Vec::new();
    for tag in raw.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let tag = tag.to_lowercase();
        if tag.chars().count() > MAX_TAG_CHARS {
            return Err(BannerRuleError::TagTooLong);
        }
        if !tag
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        {
            return Err(BannerRuleError::BadTag(clip(&tag)));
        }
        if !tags.contains(&tag) {
            tags.push(tag);
        }
    }
    if tags.len() > MAX_TAGS {
        return Err(BannerRuleError::TooManyTags);
    }
    Ok(tags)
}

/// A priority: a whole number from 0 to [`MAX_PRIORITY`].
pub fn priority(raw: &str) -> Result<i32, BannerRuleError> {
    raw.trim()
        .parse::<i32>()
        .ok()
        .filter(|p| (0..=MAX_PRIORITY).contains(p))
        .ok_or(BannerRuleError::BadPriority)
}

/// `true` or `false`, any case.
pub fn boolean(raw: &str) -> Result<bool, BannerRuleError> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(BannerRuleError::NotBoolean),
    }
}

/// Which end of the display period a date names: a bare date starts the period at the start
/// of that day (UTC) and ends it at the end of that day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodEnd {
    Start,
    End,
}

/// A display period's end: blank is open; a date `YYYY-MM-DD` (see [`PeriodEnd`]), a time
/// without a zone `YYYY-MM-DDTHH:MM[:SS]` (UTC) or an RFC 3339 time (converted to UTC), kept to
/// the second.
pub fn period_date(raw: &str, end: PeriodEnd) -> Result<Option<NaiveDateTime>, BannerRuleError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    if let Ok(day) = NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        let time = match end {
            PeriodEnd::Start => NaiveTime::MIN,
            PeriodEnd::End => NaiveTime::from_hms_opt(23, 59, 59).unwrap_or(NaiveTime::MIN),
        };
        return Ok(Some(day.and_time(time)));
    }
    // A browser's `datetime-local` field: no zone, read as UTC.
    for form in ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"] {
        if let Ok(at) = NaiveDateTime::parse_from_str(raw, form) {
            return Ok(at.with_nanosecond(0));
        }
    }
    let at = chrono::DateTime::parse_from_rfc3339(raw).map_err(|_| BannerRuleError::BadDate)?;
    Ok(at.naive_utc().with_nanosecond(0))
}

/// A period whose end is not before its start (either end may be open).
pub fn period(
    start: Option<NaiveDateTime>,
    end: Option<NaiveDateTime>,
) -> Result<(), BannerRuleError> {
    match (start, end) {
        (Some(s), Some(e)) if e < s => Err(BannerRuleError::EndBeforeStart),
        _ => Ok(()),
    }
}

/// Whether `now` lies in the period (ends included; an open end never excludes).
pub fn in_period(
    start: Option<NaiveDateTime>,
    end: Option<NaiveDateTime>,
    now: NaiveDateTime,
) -> bool {
    start.is_none_or(|s| s <= now) && end.is_none_or(|e| now <= e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M:%S").expect("a time")
    }

    #[test]
    fn categories_and_devices_parse_in_any_case() {
        for (raw, want) in [
            ("hero", Ok(BannerCategory::Hero)),
            (" TRENDS ", Ok(BannerCategory::Trends)),
            ("Ui", Ok(BannerCategory::Ui)),
            (
                "banner",
                Err(BannerRuleError::UnknownCategory("banner".into())),
            ),
            ("", Err(BannerRuleError::UnknownCategory(String::new()))),
        ] {
            assert_eq!(BannerCategory::parse(raw), want, "{raw}");
        }
        for (raw, want) in [
            ("mobile", Ok(BannerDevice::Mobile)),
            ("DESKTOP", Ok(BannerDevice::Desktop)),
            ("all", Ok(BannerDevice::All)),
            ("tv", Err(BannerRuleError::UnknownDevice("tv".into()))),
        ] {
            assert_eq!(BannerDevice::parse(raw), want, "{raw}");
        }
    }

    #[test]
    fn devices_suit_their_own_and_all() {
        use BannerDevice::*;
        for (image, asked, want) in [
            (Mobile, Mobile, true),
            (Mobile, Desktop, false),
            (Desktop, Mobile, false),
            (All, Mobile, true),
            (All, Desktop, true),
            (Mobile, All, true),
        ] {
            assert_eq!(image.suits(asked), want, "{image:?} for {asked:?}");
        }
    }

    #[test]
    fn tags_are_lower_case_distinct_and_bounded() {
        assert_eq!(
            tags(" Diwali, sale ,,DIWALI, new-in").expect("tags"),
            ["diwali", "sale", "new-in"]
        );
        assert_eq!(tags("").expect("none"), Vec::<String>::new());
        assert_eq!(tags("a b"), Err(BannerRuleError::BadTag("a b".into())));
        assert_eq!(tags(&"x".repeat(41)), Err(BannerRuleError::TagTooLong));
        let many = (0..21)
            .map(|i| format!("t{i}"))
            .collect::<Vec<_>>()
            .join(",");
        assert_eq!(tags(&many), Err(BannerRuleError::TooManyTags));
    }

    #[test]
    fn priorities_titles_campaigns_and_booleans() {
        for (raw, want) in [
            ("0", Ok(0)),
            (" 1000 ", Ok(1000)),
            ("-1", Err(BannerRuleError::BadPriority)),
            ("1001", Err(BannerRuleError::BadPriority)),
            ("2.5", Err(BannerRuleError::BadPriority)),
            ("high", Err(BannerRuleError::BadPriority)),
        ] {
            assert_eq!(priority(raw), want, "{raw}");
        }
        assert_eq!(title("  Sale "), Ok("Sale".into()));
        assert_eq!(title("   "), Err(BannerRuleError::TitleRequired));
        assert_eq!(title(&"x".repeat(101)), Err(BannerRuleError::TooLong(100)));
        assert_eq!(campaign(" "), Ok(None));
        assert_eq!(campaign("Diwali 2026"), Ok(Some("Diwali 2026".into())));
        assert_eq!(campaign(&"x".repeat(61)), Err(BannerRuleError::TooLong(60)));
        assert_eq!(boolean("TRUE"), Ok(true));
        assert_eq!(boolean("false"), Ok(false));
        assert_eq!(boolean("yes"), Err(BannerRuleError::NotBoolean));
    }

    #[test]
    fn period_dates_and_their_order() {
        assert_eq!(period_date("", PeriodEnd::Start), Ok(None));
        assert_eq!(
            period_date("2026-12-01", PeriodEnd::Start),
            Ok(Some(at("2026-12-01 00:00:00")))
        );
        assert_eq!(
            period_date("2026-12-01", PeriodEnd::End),
            Ok(Some(at("2026-12-01 23:59:59")))
        );
        assert_eq!(
            period_date("2026-12-01T10:30:00.250+05:30", PeriodEnd::Start),
            Ok(Some(at("2026-12-01 05:00:00")))
        );
        assert_eq!(
            period_date("2026-12-01T10:30", PeriodEnd::End),
            Ok(Some(at("2026-12-01 10:30:00")))
        );
        assert_eq!(
            period_date("tomorrow", PeriodEnd::Start),
            Err(BannerRuleError::BadDate)
        );
        let (a, b) = (at("2026-12-01 00:00:00"), at("2026-12-02 00:00:00"));
        assert_eq!(period(Some(a), Some(b)), Ok(()));
        assert_eq!(period(Some(a), Some(a)), Ok(()));
        assert_eq!(
            period(Some(b), Some(a)),
            Err(BannerRuleError::EndBeforeStart)
        );
        assert_eq!(period(None, Some(a)), Ok(()));
        assert!(in_period(Some(a), Some(b), a));
        assert!(in_period(Some(a), Some(b), b));
        assert!(!in_period(Some(a), Some(b), at("2026-12-02 00:00:01")));
        assert!(!in_period(Some(b), None, a));
        assert!(in_period(None, None, a));
    }
}
