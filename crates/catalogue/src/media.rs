//! Image URLs of the catalogue and the one function that turns such a URL back into SVG.

use crate::art;

/// Where the API serves generated images; every image URL of the catalogue starts with it.
pub const MEDIA_PREFIX: &str = "/api/media/";

/// `/api/media/art/{kind}/{colour}/{view}.svg`: a product or category image.
pub fn art_url(kind: &str, colour: &str, view: &str) -> String {
    format!("{MEDIA_PREFIX}art/{kind}/{colour}/{view}.svg")
}

/// `/api/media/logo/{INITIALS}/{colour}.svg`: a brand logo.
pub fn logo_url(initials: &str, colour: &str) -> String {
    format!("{MEDIA_PREFIX}logo/{initials}/{colour}.svg")
}

/// `/api/media/banner/{name}.svg`: a hero, trend or promo banner.
pub fn banner_url(name: &str) -> String {
    format!("{MEDIA_PREFIX}banner/{name}.svg")
}

/// The SVG behind an image path, `None` when the path names no image.
///
/// `path` is what follows `/api/media/` (`art/hoodie/navy/front.svg`, `logo/KT/orange.svg`,
/// `banner/flash-sale.svg`); a full catalogue URL (starting with [`MEDIA_PREFIX`]) is accepted
/// too. Serve the answer as `image/svg+xml`; it depends on the path alone, so it may be cached
/// forever.
pub fn resolve_media(path: &str) -> Option<String> {
    let path = path.strip_prefix(MEDIA_PREFIX).unwrap_or(path);
    let parts: Vec<&str> = path.split('/').collect();
    match parts.as_slice() {
        ["art", kind, colour, file] => art::garment(kind, colour, file.strip_suffix(".svg")?),
        ["logo", initials, file] => art::logo(initials, file.strip_suffix(".svg")?),
        ["banner", file] => art::banner(file.strip_suffix(".svg")?),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_url_form_resolves() {
        assert!(resolve_media("art/hoodie/navy/front.svg").is_some());
        assert!(resolve_media(&art_url("kurta", "yellow", "detail")).is_some());
        assert!(resolve_media("logo/KT/orange.svg").is_some());
        assert!(resolve_media(&logo_url("UD", "black")).is_some());
        assert!(resolve_media("banner/flash-sale.svg").is_some());
        assert!(resolve_media(&banner_url("hot-picks")).is_some());
    }

    #[test]
    fn anything_else_is_not_found() {
        for path in [
            "",
            "/",
            "art",
            "art/hoodie/navy/front",
            "art/hoodie/navy/front.png",
            "art/hoodie/navy/front.svg/extra",
            "art/hoodie/navy.svg",
            "art/../navy/front.svg",
            "logo/kt/orange.svg",
            "logo/KT.svg",
            "banner/flash-sale",
            "banner/flash-sale.svg.svg",
            "banner/../../etc/passwd",
            "/api/media/",
            "api/media/banner/flash-sale.svg",
            "video/flash-sale.svg",
        ] {
            assert!(resolve_media(path).is_none(), "{path:?}");
        }
    }
}
