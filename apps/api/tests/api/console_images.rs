//! Product images and brand logos in the consoles: uploads checked by their bytes (type, size,
//! pixels, completeness), stored without metadata in widths, content-addressed and served
//! immutable, from the data directory or an S3-compatible bucket (moto's server, started here).

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Options, Session, TestApp, error_code, spawn_app, spawn_app_with};
use crate::on_both_backends;

const BOUNDARY: &str = "shop-test-boundary-5f1c2a";

/// A multipart body of `parts`: (field name, file name, content type, bytes).
fn multipart(parts: &[(&str, Option<&str>, &str, &[u8])]) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, file_name, content_type, bytes) in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        let disposition = match file_name {
            Some(file) => format!("form-data; name=\"{name}\"; filename=\"{file}\""),
            None => format!("form-data; name=\"{name}\""),
        };
        body.extend_from_slice(
            format!("Content-Disposition: {disposition}\r\nContent-Type: {content_type}\r\n\r\n")
                .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

/// Posts `bytes` as the form's `file` (named `file_name`, claimed to be `content_type`).
async fn upload_as(
    app: &TestApp,
    path: &str,
    session: Option<&Session>,
    file_name: &str,
    content_type: &str,
    bytes: &[u8],
) -> (u16, Value) {
    let body = multipart(&[("file", Some(file_name), content_type, bytes)]);
    post_form(app, path, session, body).await
}

async fn post_form(
    app: &TestApp,
    path: &str,
    session: Option<&Session>,
    body: Vec<u8>,
) -> (u16, Value) {
    let mut request = app
        .client
        .post(app.url(path))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(body);
    if let Some(session) = session {
        request = request.bearer_auth(&session.token);
    }
    let res = request.send().await.expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.expect("a JSON body"))
}

async fn upload(app: &TestApp, path: &str, session: &Session, bytes: &[u8]) -> (u16, Value) {
    upload_as(app, path, Some(session), "photo.jpg", "image/jpeg", bytes).await
}

/// A JPEG photo-like gradient, different for each `seed`.
fn jpeg(width: u32, height: u32, seed: u8) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([
            (x % 256) as u8,
            (y % 256) as u8,
            seed.wrapping_mul(37).wrapping_add(((x + y) % 64) as u8),
        ])
    });
    let mut out = Vec::new();
    image
        .write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(
            &mut out, 90,
        ))
        .expect("encode");
    out
}

/// `jpeg` with an EXIF block (APP1) holding a GPS position, as a phone writes it.
fn jpeg_with_gps(width: u32, height: u32) -> Vec<u8> {
    let plain = jpeg(width, height, 1);
    let mut tiff: Vec<u8> = b"MM\x00\x2a\x00\x00\x00\x08".to_vec();
    // IFD0: one entry, GPSInfo (0x8825) pointing at offset 26.
    tiff.extend_from_slice(&[0x00, 0x01, 0x88, 0x25, 0x00, 0x04, 0x00, 0x00, 0x00, 0x01]);
    tiff.extend_from_slice(&26u32.to_be_bytes());
    tiff.extend_from_slice(&0u32.to_be_bytes());
    // GPS IFD: GPSLatitudeRef "N", GPSLongitudeRef "E".
    tiff.extend_from_slice(&[0x00, 0x02]);
    tiff.extend_from_slice(&[
        0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, b'N', 0, 0, 0,
    ]);
    tiff.extend_from_slice(&[
        0x00, 0x03, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, b'E', 0, 0, 0,
    ]);
    tiff.extend_from_slice(&0u32.to_be_bytes());
    tiff.extend_from_slice(b"GPS-SECRET-HOME-ADDRESS");
    let mut app1 = b"Exif\x00\x00".to_vec();
    app1.extend_from_slice(&tiff);
    let length = u16::try_from(app1.len() + 2).expect("short");
    let mut out = vec![0xFF, 0xD8, 0xFF, 0xE1];
    out.extend_from_slice(&length.to_be_bytes());
    out.extend_from_slice(&app1);
    out.extend_from_slice(&plain[2..]);
    out
}

/// A PNG whose header claims `width` x `height`, with a tiny body: a decompression bomb's
/// first bytes.
fn png_bomb(width: u32, height: u32) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    fn chunk(out: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
        out.extend_from_slice(&u32::try_from(data.len()).expect("small").to_be_bytes());
        let mut covered = kind.to_vec();
        covered.extend_from_slice(data);
        out.extend_from_slice(&covered);
        out.extend_from_slice(&crc32(&covered).to_be_bytes());
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    // A zlib stream of zeros that would inflate to gigabytes, cut short.
    chunk(
        &mut out,
        b"IDAT",
        &[0x78, 0x9c, 0xed, 0xc1, 0x01, 0x0d, 0x00, 0x00, 0x00],
    );
    chunk(&mut out, b"IEND", &[]);
    out
}

/// A console: a brand's product, its team, another brand's team, an admin and a shopper.
struct Console {
    app: TestApp,
    product: String,
    brand: String,
    team: Session,
    other_team: Session,
    admin: Session,
    shopper: Session,
}

async fn sign_in(app: &TestApp, email: &str) -> Session {
    app.execute_sql("DELETE FROM rate_limits");
    app.sign_in(email).await
}

async fn console_on(app: TestApp) -> Console {
    let listed = crate::helpers::listed();
    let product = listed[0];
    let other = listed
        .iter()
        .find(|p| p.brand_id != product.brand_id)
        .expect("two brands");
    let store = app.store();
    let now = crate::helpers::test_now();
    for (email, role, brand) in [
        (
            "team@brand-a.in",
            access::Role::BrandUser,
            Some(product.brand_id.as_str()),
        ),
        (
            "team@brand-b.in",
            access::Role::BrandUser,
            Some(other.brand_id.as_str()),
        ),
        ("admin@shop.in", access::Role::Admin, None),
    ] {
        api::admin::grant_role(&store, email, role, brand, now).expect("granted");
    }
    Console {
        team: sign_in(&app, "team@brand-a.in").await,
        other_team: sign_in(&app, "team@brand-b.in").await,
        admin: sign_in(&app, "admin@shop.in").await,
        shopper: sign_in(&app, "shopper@example.in").await,
        product: product.id.clone(),
        brand: product.brand_id.clone(),
        app,
    }
}

async fn console(backend: Backend) -> Console {
    console_on(spawn_app(backend).await).await
}

impl Console {
    fn images_path(&self) -> String {
        format!("/api/brand/products/{}/images", self.product)
    }

    /// The product's images and version as stored.
    fn stored(&self) -> (Vec<String>, i64) {
        let record = self
            .app
            .store()
            .products_by_ids(&[store::ids::ProductId::new(&self.product)])
            .expect("read")
            .pop()
            .expect("the product");
        (record.images, record.version)
    }

    /// Waits until the public product answer shows `images`.
    async fn shoppers_see(&self, images: &[String]) {
        let started = Instant::now();
        loop {
            let (_, body) = self
                .app
                .get_json(&format!("/api/products/id/{}", self.product))
                .await;
            let shown: Vec<String> = body["images"]
                .as_array()
                .expect("images")
                .iter()
                .map(|u| u.as_str().expect("url").to_owned())
                .collect();
            if shown == images {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "shoppers still see {shown:?}, not {images:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

fn files_under(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| entries.filter_map(Result::ok).count())
}

async fn uploads_are_checked_by_their_bytes(backend: Backend) {
    let c = console(backend).await;
    let before = c.stored();
    let path = c.images_path();
    let team = Some(&c.team);
    let text_as_jpeg = b"Just some text, named like a photo.".as_slice();
    let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;".as_slice();
    let photo = jpeg(600, 400, 3);
    let truncated = &photo[..photo.len() / 2];
    let oversize = vec![0xFFu8; 10 * 1024 * 1024 + 1];
    for (what, file_name, content_type, bytes, status, code) in [
        (
            "a GIF",
            "anim.gif",
            "image/gif",
            gif,
            415,
            "UNSUPPORTED_IMAGE",
        ),
        (
            "a GIF named .jpg",
            "anim.jpg",
            "image/jpeg",
            gif,
            415,
            "UNSUPPORTED_IMAGE",
        ),
        (
            "text named .jpg",
            "photo.jpg",
            "image/jpeg",
            text_as_jpeg,
            415,
            "UNSUPPORTED_IMAGE",
        ),
        (
            "a truncated JPEG",
            "photo.jpg",
            "image/jpeg",
            truncated,
            422,
            "INVALID_IMAGE",
        ),
        (
            "10 MB + 1",
            "big.jpg",
            "image/jpeg",
            &oversize,
            413,
            "PAYLOAD_TOO_LARGE",
        ),
        (
            "an empty file",
            "photo.jpg",
            "image/jpeg",
            b"".as_slice(),
            400,
            "FILE_REQUIRED",
        ),
    ] {
        let (got, body) = upload_as(&c.app, &path, team, file_name, content_type, bytes).await;
        assert_eq!(got, status, "{what}: {body}");
        assert_eq!(error_code(&body), code, "{what}");
    }

    let started = Instant::now();
    let bomb = png_bomb(50_000, 50_000);
    let (status, body) = upload_as(&c.app, &path, team, "bomb.png", "image/png", &bomb).await;
    assert_eq!(
        (status, error_code(&body).as_str()),
        (422, "IMAGE_TOO_LARGE"),
        "{body}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "the bomb took {:?}",
        started.elapsed()
    );

    let no_file = multipart(&[("title", None, "text/plain", b"no file here")]);
    let (status, body) = post_form(&c.app, &path, team, no_file).await;
    assert_eq!(
        (status, error_code(&body).as_str()),
        (400, "FILE_REQUIRED"),
        "{body}"
    );
    let (status, body) = c
        .app
        .send_json(Method::POST, &path, Some(json!({"file": "x"})), team)
        .await;
    assert_eq!(
        (status, error_code(&body).as_str()),
        (400, "INVALID_FORM"),
        "{body}"
    );

    assert_eq!(c.stored(), before, "no refusal changed the product");
    assert_eq!(
        files_under(&c.app.data_dir().join("media/u")),
        0,
        "nothing stored"
    );
}

async fn an_upload_is_stored_in_widths_without_its_metadata(backend: Backend) {
    let c = console(backend).await;
    let (images_before, version_before) = c.stored();
    let photo = jpeg_with_gps(1500, 1000);
    assert!(photo.windows(4).any(|w| w == b"Exif"));
    let (status, body) = upload(&c.app, &c.images_path(), &c.team, &photo).await;
    assert_eq!(status, 201, "{body}");
    let image = &body["image"];
    let id = image["_id"].as_str().expect("an id").to_owned();
    let url = image["url"].as_str().expect("a url").to_owned();
    assert!(
        url.starts_with("/api/media/u/") && url.ends_with("-1080.jpg"),
        "{url}"
    );
    let srcset = image["srcset"].as_str().expect("a srcset");
    let entries: Vec<(&str, &str)> = srcset
        .split(", ")
        .map(|e| e.split_once(' ').expect("url and width"))
        .collect();
    assert_eq!(
        entries.iter().map(|(_, w)| *w).collect::<Vec<_>>(),
        ["320w", "640w", "1080w"]
    );
    for (variant, width) in &entries {
        let res = c.app.get(variant).await;
        assert_eq!(res.status().as_u16(), 200, "{variant}");
        assert_eq!(res.headers()["content-type"], "image/jpeg");
        assert_eq!(
            res.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );
        let bytes = res.bytes().await.expect("bytes");
        assert!(
            !bytes.windows(4).any(|w| w == b"Exif"),
            "EXIF left in {variant}"
        );
        assert!(
            !bytes.windows(10).any(|w| w == b"GPS-SECRET"),
            "GPS left in {variant}"
        );
        assert!(
            !bytes.windows(2).any(|w| w == [0xFF, 0xE1]),
            "an APP1 segment in {variant}"
        );
        let decoded = image::load_from_memory(&bytes).expect("a JPEG");
        let expected: u32 = width.trim_end_matches('w').parse().expect("a width");
        assert_eq!(decoded.width(), expected, "{variant}");
        assert_eq!(
            decoded.height(),
            (1000 * expected + 750) / 1500,
            "{variant}"
        );
    }

    let (images, version) = c.stored();
    assert_eq!(images.len(), images_before.len() + 1);
    assert_eq!(images.last(), Some(&url));
    assert_eq!(version, version_before + 1);
    c.shoppers_see(&images).await;
    assert_eq!(
        c.app.count(&format!(
            "audit_log WHERE entity = 'product' AND entity_id = '{}' AND action = 'image'",
            c.product
        )),
        1
    );

    // The same file again: the same image, stored once, not added twice.
    let stored_files = files_under(&c.app.data_dir().join("media/u"));
    let (status, again) = upload(&c.app, &c.images_path(), &c.team, &photo).await;
    assert_eq!(status, 201, "{again}");
    assert_eq!(again["image"]["_id"], json!(id));
    assert_eq!(c.stored().0, images);
    assert_eq!(files_under(&c.app.data_dir().join("media/u")), stored_files);

    // Smaller than the widths: never upscaled.
    let small = jpeg(500, 300, 9);
    let (status, body) = upload(&c.app, &c.images_path(), &c.team, &small).await;
    assert_eq!(status, 201, "{body}");
    let srcset = body["image"]["srcset"].as_str().expect("srcset");
    let widths: Vec<&str> = srcset
        .split(", ")
        .filter_map(|e| e.split(' ').nth(1))
        .collect();
    assert_eq!(widths, ["320w", "500w"], "{srcset}");
}

async fn only_the_brand_s_team_and_admins_manage_its_images(backend: Backend) {
    let c = console(backend).await;
    let photo = jpeg(400, 400, 5);
    let path = c.images_path();
    let (status, body) = upload(&c.app, &path, &c.other_team, &photo).await;
    assert_eq!(
        (status, error_code(&body).as_str()),
        (404, "NOT_FOUND"),
        "{body}"
    );
    let (status, body) = upload(&c.app, &path, &c.shopper, &photo).await;
    assert_eq!(
        (status, error_code(&body).as_str()),
        (403, "FORBIDDEN"),
        "{body}"
    );
    let (status, body) = upload_as(&c.app, &path, None, "p.jpg", "image/jpeg", &photo).await;
    assert_eq!(status, 401, "{body}");
    let (status, body) = upload(
        &c.app,
        "/api/brand/products/no-such-product/images",
        &c.team,
        &photo,
    )
    .await;
    assert_eq!(status, 404, "{body}");

    let (status, body) = upload(&c.app, &path, &c.admin, &photo).await;
    assert_eq!(status, 201, "an admin reaches every brand: {body}");
    let id = body["image"]["_id"].as_str().expect("id").to_owned();

    for who in [&c.other_team, &c.shopper] {
        let expected = if std::ptr::eq(who, &c.shopper) {
            403
        } else {
            404
        };
        let (status, body) = c
            .app
            .send_json(Method::DELETE, &format!("{path}/{id}"), None, Some(who))
            .await;
        assert_eq!(status, expected, "{body}");
        let (status, body) = c
            .app
            .send_json(
                Method::PUT,
                &format!("{path}/order"),
                Some(json!({"imageIds": [id]})),
                Some(who),
            )
            .await;
        assert_eq!(status, expected, "{body}");
    }
    assert!(c.stored().0.iter().any(|u| u.contains(&id)));
}

async fn images_are_ordered_and_removed(backend: Backend) {
    let c = console(backend).await;
    let path = c.images_path();
    let (demo_images, _) = c.stored();
    let legacy: Vec<String> = demo_images
        .iter()
        .map(|u| store::legacy_image_id(u))
        .collect();
    let mut uploaded = Vec::new();
    for seed in [11, 12] {
        let (status, body) = upload(&c.app, &path, &c.team, &jpeg(700, 700, seed)).await;
        assert_eq!(status, 201, "{body}");
        uploaded.push(body["image"]["_id"].as_str().expect("id").to_owned());
    }
    let mut all: Vec<String> = legacy.iter().chain(&uploaded).cloned().collect();
    all.reverse();
    let (status, body) = c
        .app
        .send_json(
            Method::PUT,
            &format!("{path}/order"),
            Some(json!({ "imageIds": all })),
            Some(&c.team),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(crate::helpers::ids(&body["images"]), all);
    let (images, _) = c.stored();
    assert!(images[0].contains(&uploaded[1]), "{images:?}");
    c.shoppers_see(&images).await;

    for wrong in [
        json!({ "imageIds": all[1..] }),
        json!({ "imageIds": [all[0].clone(), all[0].clone()] }),
        json!({ "imageIds": ["nope"] }),
    ] {
        let (status, body) = c
            .app
            .send_json(
                Method::PUT,
                &format!("{path}/order"),
                Some(wrong),
                Some(&c.team),
            )
            .await;
        assert_eq!(
            (status, error_code(&body).as_str()),
            (400, "VALIDATION_FAILED"),
            "{body}"
        );
        assert!(body["fields"]["imageIds"].is_string(), "{body}");
    }

    let (status, body) = c
        .app
        .send_json(
            Method::DELETE,
            &format!("{path}/{}", uploaded[0]),
            None,
            Some(&c.team),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let left: Vec<String> = all.iter().filter(|i| **i != uploaded[0]).cloned().collect();
    assert_eq!(crate::helpers::ids(&body["images"]), left);
    let (status, body) = c
        .app
        .send_json(
            Method::DELETE,
            &format!("{path}/{}", uploaded[0]),
            None,
            Some(&c.team),
        )
        .await;
    assert_eq!(
        (status, error_code(&body).as_str()),
        (404, "NOT_FOUND"),
        "{body}"
    );
    let (status, body) = c
        .app
        .send_json(
            Method::DELETE,
            &format!("{path}/{}", legacy[0]),
            None,
            Some(&c.team),
        )
        .await;
    assert_eq!(status, 200, "a demo image is removed by its id: {body}");
    c.shoppers_see(&c.stored().0).await;
    assert_eq!(
        c.app.count(&format!(
            "audit_log WHERE entity = 'product' AND entity_id = '{}'",
            c.product
        )),
        5,
        "two uploads, an order and two removals"
    );
}

async fn a_product_has_at_most_12_images(backend: Backend) {
    let c = console(backend).await;
    let path = c.images_path();
    let have = c.stored().0.len();
    for seed in 0..(12 - have) {
        let seed = u8::try_from(seed).expect("small");
        let (status, body) = upload(&c.app, &path, &c.team, &jpeg(48, 48, seed)).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = upload(&c.app, &path, &c.team, &jpeg(48, 48, 200)).await;
    assert_eq!(
        (status, error_code(&body).as_str()),
        (422, "TOO_MANY_IMAGES"),
        "{body}"
    );
    assert!(body["error"].as_str().expect("message").contains("12"));
    assert_eq!(c.stored().0.len(), 12);
}

async fn admins_set_a_brand_s_logo(backend: Backend) {
    let c = console(backend).await;
    let path = format!("/api/admin/brands/{}/logo", c.brand);
    let logo = jpeg(300, 300, 7);
    for who in [&c.team, &c.shopper] {
        let (status, body) = upload(&c.app, &path, who, &logo).await;
        assert_eq!(
            (status, error_code(&body).as_str()),
            (403, "FORBIDDEN"),
            "{body}"
        );
    }
    let (status, body) = upload(
        &c.app,
        "/api/admin/brands/no-such-brand/logo",
        &c.admin,
        &logo,
    )
    .await;
    assert_eq!(status, 404, "{body}");
    let (status, body) = upload_as(
        &c.app,
        &path,
        Some(&c.admin),
        "logo.gif",
        "image/gif",
        b"GIF89a",
    )
    .await;
    assert_eq!(
        (status, error_code(&body).as_str()),
        (415, "UNSUPPORTED_IMAGE"),
        "{body}"
    );

    let (status, body) = upload(&c.app, &path, &c.admin, &logo).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], json!(true));
    let url = body["brand"]["logo_url"]
        .as_str()
        .expect("a logo")
        .to_owned();
    assert!(
        url.starts_with("/api/media/u/") && url.ends_with("-300.jpg"),
        "{url}"
    );
    assert_eq!(body["brand"]["_id"], json!(c.brand));
    assert!(body["brand"]["version"].as_i64().expect("version") >= 1);
    let res = c.app.get(&url).await;
    assert_eq!(res.status().as_u16(), 200);

    let started = Instant::now();
    loop {
        let (_, brand) = c.app.get_json(&format!("/api/brands/{}", c.brand)).await;
        if brand.to_string().contains(&url) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "shoppers see {brand}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        c.app.count(&format!(
            "audit_log WHERE entity = 'brand' AND entity_id = '{}'",
            c.brand
        )),
        1
    );
}

on_both_backends!(
    uploads_are_checked_by_their_bytes,
    an_upload_is_stored_in_widths_without_its_metadata,
    only_the_brand_s_team_and_admins_manage_its_images,
    images_are_ordered_and_removed,
    a_product_has_at_most_12_images,
    admins_set_a_brand_s_logo,
);

/// moto's S3-compatible server on a free port, stopped when dropped.
struct Moto {
    child: std::process::Child,
    url: String,
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How to get moto when it is missing: the test fails (never skips) with this.
const MOTO_MISSING: &str = "moto's S3 server (moto_server) is not installed. `cargo xtask test` \
     installs it into target/moto-venv; by hand: `python3 -m venv target/moto-venv && \
     target/moto-venv/bin/pip install 'moto[server]==5.1.18'` (or point SHOP_TEST_MOTO_SERVER \
     at a moto_server binary)";

impl Moto {
    async fn start() -> Self {
        let binary = std::env::var_os("SHOP_TEST_MOTO_SERVER").map_or_else(
            || {
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../../target/moto-venv/bin/moto_server")
            },
            std::path::PathBuf::from,
        );
        assert!(
            binary.is_file(),
            "{MOTO_MISSING} ({} is missing)",
            binary.display()
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = std::process::Command::new(&binary)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{MOTO_MISSING}: starting {}: {e}", binary.display()));
        let moto = Self {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let client = reqwest::Client::new();
        let started = Instant::now();
        while client.get(&moto.url).send().await.is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "moto_server did not answer on {} within 30 s",
                moto.url
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        moto
    }

    async fn create_bucket(&self, bucket: &str) {
        let res = reqwest::Client::new()
            .put(format!("{}/{bucket}", self.url))
            .send()
            .await
            .expect("create the bucket");
        assert!(res.status().is_success(), "create bucket: {}", res.status());
    }

    fn bucket_config(&self, bucket: &str) -> api::config::MediaBucketConfig {
        api::config::MediaBucketConfig {
            bucket: bucket.to_owned(),
            region: "us-east-1".to_owned(),
            endpoint: Some(self.url.clone()),
            credentials: Some(api::config::MediaCredentials {
                access_key_id: "testing".to_owned(),
                secret_access_key: api::config::Secret::new("testing"),
                session_token: None,
            }),
        }
    }
}

async fn uploads_go_to_the_bucket_when_one_is_configured(backend: Backend) {
    let moto = Moto::start().await;
    let bucket = "shop-media";
    moto.create_bucket(bucket).await;
    let app = spawn_app_with(
        backend,
        Options {
            media_bucket: Some(moto.bucket_config(bucket)),
            ..Options::default()
        },
    )
    .await;
    let c = console_on(app).await;
    let bucket_storage = api::services::media::Storage::bucket(&moto.bucket_config(bucket))
        .expect("a bucket client");
    let photo = jpeg(1200, 800, 21);
    let (status, body) = upload(&c.app, &c.images_path(), &c.team, &photo).await;
    assert_eq!(status, 201, "{body}");
    let srcset = body["image"]["srcset"].as_str().expect("srcset").to_owned();
    for entry in srcset.split(", ") {
        let (url, _) = entry.split_once(' ').expect("url and width");
        let res = c.app.get(url).await;
        assert_eq!(res.status().as_u16(), 200, "{url}");
        assert_eq!(res.headers()["content-type"], "image/jpeg");
        assert!(
            res.headers()["cache-control"]
                .to_str()
                .expect("ascii")
                .contains("immutable")
        );
        let served = res.bytes().await.expect("bytes").to_vec();
        let key = url.trim_start_matches("/api/media/");
        let stored = bucket_storage.get(key).await.expect("read the bucket");
        assert!(
            stored.as_deref() == Some(served.as_slice()),
            "{key} is in the bucket and served from it"
        );
    }
    assert_eq!(
        files_under(&c.app.data_dir().join("media")),
        0,
        "nothing under the data directory"
    );
    let (status, again) = upload(&c.app, &c.images_path(), &c.team, &photo).await;
    assert_eq!(
        (status, &again["image"]["_id"]),
        (201, &body["image"]["_id"])
    );

    // The bucket gone: uploads answer 503, and nothing is half-written to the product.
    let before = c.stored();
    drop(moto);
    let (status, body) = upload(&c.app, &c.images_path(), &c.team, &jpeg(300, 300, 22)).await;
    assert_eq!(
        (status, error_code(&body).as_str()),
        (503, "STORAGE_UNAVAILABLE"),
        "{body}"
    );
    assert_eq!(c.stored(), before);
}

on_both_backends!(uploads_go_to_the_bucket_when_one_is_configured);
