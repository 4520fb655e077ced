//! The multipart forms of uploads (`multipart/form-data`): the image in the field `file`, read
//! up to [`MAX_UPLOAD_BYTES`] and never more, and small text fields beside it (a banner's
//! title, say). A handler settles who may upload first, then [`read`]s the form; its refusals are
//! [`MediaError`]s (413 `PAYLOAD_TOO_LARGE`, 400 `INVALID_FORM`).

use std::collections::BTreeMap;

use actix_multipart::Multipart;
use futures_util::StreamExt;

use crate::services::media::MediaError;
pub use crate::services::media::checks::MAX_UPLOAD_BYTES;

/// The longest text field, in bytes.
pub const MAX_TEXT_BYTES: usize = 16 * 1024;

/// The most fields a form may have.
pub const MAX_FIELDS: usize = 32;

/// After a refusal, how much more of the body is read (and dropped) so the client, still
/// sending, reads the answer instead of a reset connection.
const DRAIN_BYTES: usize = 32 * 1024 * 1024;

/// A read upload form.
#[derive(Debug, Default)]
pub struct UploadForm {
    /// The bytes of the field `file`, when there was one.
    pub file: Option<Vec<u8>>,
    /// Every other field, as text.
    pub fields: BTreeMap<String, String>,
}

impl UploadForm {
    /// The file's bytes, taken out of the form; empty without one (which the media checks
    /// answer 400 `FILE_REQUIRED`).
    pub fn take_file(&mut self) -> Vec<u8> {
        self.file.take().unwrap_or_default()
    }

    /// A text field.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(String::as_str)
    }
}

fn bad_form(e: &actix_multipart::MultipartError) -> MediaError {
    tracing::debug!(%e, "an unreadable multipart form");
    MediaError::BadForm(
        "Send a multipart form (multipart/form-data) with the image in the field `file`.".into(),
    )
}

/// Reads the whole form within its bounds.
pub async fn read(mut multipart: Multipart) -> Result<UploadForm, MediaError> {
    let mut form = UploadForm::default();
    let mut refusal: Option<MediaError> = None;
    let mut drained = 0usize;
    let mut count = 0usize;
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(|e| bad_form(&e))?;
        if refusal.is_some() {
            drain(&mut field, &mut drained).await?;
            continue;
        }
        count += 1;
        let name = field.name().unwrap_or_default().to_owned();
        let cap = if name == "file" {
            MAX_UPLOAD_BYTES
        } else {
            MAX_TEXT_BYTES
        };
        // A field read whole is never polled again (the multipart reader panics on that).
        refusal = match read_capped(&mut field, cap).await? {
            Some(bytes) => form.accept(name, bytes, count).err(),
            None => {
                drain(&mut field, &mut drained).await?;
                Some(too_long(&name))
            }
        };
    }
    refusal.map_or(Ok(form), Err)
}

fn too_long(name: &str) -> MediaError {
    if name == "file" {
        MediaError::PayloadTooLarge
    } else {
        MediaError::BadForm(format!(
            "The field `{name}` is longer than {MAX_TEXT_BYTES} bytes."
        ))
    }
}

impl UploadForm {
    /// Keeps the `count`th field, `name` with `bytes`, or says why the form is refused.
    fn accept(&mut self, name: String, bytes: Vec<u8>, count: usize) -> Result<(), MediaError> {
        if count > MAX_FIELDS {
            return Err(MediaError::BadForm(format!(
                "A form has at most {MAX_FIELDS} fields."
            )));
        }
        if name == "file" {
            if self.file.is_some() {
                return Err(MediaError::BadForm("Send one file per request.".into()));
            }
            self.file = Some(bytes);
            return Ok(());
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| MediaError::BadForm(format!("The field `{name}` is not UTF-8 text.")))?;
        self.fields.insert(name, text);
        Ok(())
    }
}

/// The field's bytes, or `None` as soon as they pass `cap` (what was read so far is dropped).
async fn read_capped(
    field: &mut actix_multipart::Field,
    cap: usize,
) -> Result<Option<Vec<u8>>, MediaError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(|e| bad_form(&e))?;
        if bytes.len() + chunk.len() > cap {
            return Ok(None);
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(Some(bytes))
}

/// Reads the rest of a field and drops it, up to [`DRAIN_BYTES`] in all.
async fn drain(field: &mut actix_multipart::Field, drained: &mut usize) -> Result<(), MediaError> {
    while let Some(chunk) = field.next().await {
        *drained += chunk.map_err(|e| bad_form(&e))?.len();
        if *drained > DRAIN_BYTES {
            return Err(MediaError::PayloadTooLarge);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::{self, HeaderMap, HeaderValue};
    use actix_web::web::Bytes;

    use super::*;

    const BOUNDARY: &str = "b0undary";

    fn form(parts: &[(&str, Option<&str>, &[u8])]) -> Multipart {
        let mut body = Vec::new();
        for (name, file, bytes) in parts {
            body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
            let file = file.map_or_else(String::new, |f| format!("; filename=\"{f}\""));
            body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"{file}\r\n\r\n").as_bytes(),
            );
            body.extend_from_slice(bytes);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(&format!("multipart/form-data; boundary={BOUNDARY}"))
                .expect("a header"),
        );
        // In small chunks, as a network delivers it.
        let chunks: Vec<Result<Bytes, actix_web::error::PayloadError>> = body
            .chunks(1000)
            .map(|c| Ok(Bytes::copy_from_slice(c)))
            .collect();
        Multipart::new(&headers, futures_util::stream::iter(chunks))
    }

    #[actix_web::test]
    async fn the_file_and_the_text_fields_are_read() {
        let image = vec![7u8; 5000];
        let mut read = read(form(&[
            ("title", None, b"Summer sale"),
            ("file", Some("a.jpg"), &image),
            ("priority", None, b"3"),
        ]))
        .await
        .expect("a form");
        assert_eq!(read.text("title"), Some("Summer sale"));
        assert_eq!(read.text("priority"), Some("3"));
        assert_eq!(read.take_file(), image);
        assert!(read.take_file().is_empty(), "taken");
    }

    #[actix_web::test]
    async fn bounds_are_kept() {
        let long = vec![b'a'; MAX_TEXT_BYTES + 1];
        let after = vec![1u8; 10];
        let outcome = read(form(&[("title", None, &long), ("file", Some("a"), &after)])).await;
        assert!(matches!(outcome, Err(MediaError::BadForm(m)) if m.contains("title")));
        let two = read(form(&[
            ("file", Some("a"), b"1"),
            ("file", Some("b"), b"2"),
        ]))
        .await;
        assert!(matches!(two, Err(MediaError::BadForm(_))));
        let many: Vec<(String, Vec<u8>)> = (0..=MAX_FIELDS)
            .map(|i| (format!("f{i}"), b"x".to_vec()))
            .collect();
        let parts: Vec<(&str, Option<&str>, &[u8])> = many
            .iter()
            .map(|(n, v)| (n.as_str(), None, v.as_slice()))
            .collect();
        assert!(matches!(
            read(form(&parts)).await,
            Err(MediaError::BadForm(_))
        ));
        let not_text = read(form(&[("title", None, &[0xFF, 0xFE])])).await;
        assert!(matches!(not_text, Err(MediaError::BadForm(_))));
    }

    #[actix_web::test]
    async fn a_file_over_the_cap_is_too_large() {
        let big = vec![0u8; MAX_UPLOAD_BYTES + 1];
        let outcome = read(form(&[
            ("file", Some("big.jpg"), &big),
            ("title", None, b"t"),
        ]))
        .await;
        assert!(matches!(outcome, Err(MediaError::PayloadTooLarge)));
        let exact = vec![0u8; MAX_UPLOAD_BYTES];
        let mut fits = read(form(&[("file", Some("ok.jpg"), &exact)]))
            .await
            .expect("10 MB exactly fits");
        assert_eq!(fits.take_file().len(), MAX_UPLOAD_BYTES);
    }

    #[actix_web::test]
    async fn no_file_reads_as_an_empty_one() {
        let mut read = read(form(&[("title", None, b"x")])).await.expect("a form");
        assert!(read.take_file().is_empty());
    }
}
