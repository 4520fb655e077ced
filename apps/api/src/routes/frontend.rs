//! The built React app: files from the frontend folder, and `index.html` for client-side
//! routes (any GET of a path without a file extension that is not under `/api`).

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::http::{Method, header};
use actix_web::{HttpResponse, Responder, web};

use actix_web::ResponseError;

use crate::error::input::RequestError;

pub fn service(dir: &Path) -> Files {
    let index = dir.join("index.html");
    Files::new("/", dir)
        .index_file("index.html")
        .default_handler(web::to(move |req: actix_web::HttpRequest| {
            let index = index.clone();
            async move { fallback(req, &index).await }
        }))
}

async fn fallback(req: actix_web::HttpRequest, index: &PathBuf) -> HttpResponse {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return RequestError::MethodNotAllowed.error_response();
    }
    let last_segment = req.path().rsplit('/').next().unwrap_or_default();
    if last_segment.contains('.') {
        return RequestError::NoFile(req.path().to_owned()).error_response();
    }
    match NamedFile::open_async(index).await {
        Ok(file) => file
            .customize()
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .respond_to(&req)
            .map_into_boxed_body(),
        Err(_) => RequestError::FrontendMissing.error_response(),
    }
}

/// Hashed build assets never change, so browsers may keep them for a year.
pub fn mark_immutable<B>(res: &mut actix_web::dev::ServiceResponse<B>) {
    if res.status().is_success() {
        res.headers_mut().insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("public, max-age=31536000, immutable"),
        );
    }
}

/// The files of the built app whose name stays the same from one deploy to the next: the page,
/// the service worker (a browser must see a new one at its next visit, or the old worker keeps
/// serving the old build), its registration and the web app manifest.
pub fn must_revalidate(path: &str) -> bool {
    matches!(
        path,
        "/" | "/index.html"
            | "/sw.js"
            | "/register-sw.js"
            | "/manifest.webmanifest"
            | "/offline.html"
    )
}

/// Browsers may keep the file but must ask the server before each use.
pub fn mark_no_cache<B>(res: &mut actix_web::dev::ServiceResponse<B>) {
    if res.status().is_success() {
        res.headers_mut().insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-cache"),
        );
    }
}
