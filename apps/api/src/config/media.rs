//! Where uploaded images are stored: `<data dir>/media` unless an S3-compatible bucket is
//! configured.

use super::vars::{Vars, base_url};
use super::{ConfigError, Secret, invalid};

/// An S3-compatible bucket for uploaded images (AWS S3, MinIO, Cloudflare R2, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MediaBucketConfig {
    /// `SHOP_MEDIA_S3_BUCKET`.
    pub bucket: String,
    /// `SHOP_MEDIA_S3_REGION`, `us-east-1` unless set.
    pub region: String,
    /// `SHOP_MEDIA_S3_ENDPOINT`: another service than AWS (path-style requests); `None` for
    /// AWS itself.
    pub endpoint: Option<String>,
    /// `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (with `AWS_SESSION_TOKEN`), both or
    /// neither; without them the instance's role (the EC2/ECS metadata service) is asked.
    pub credentials: Option<MediaCredentials>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MediaCredentials {
    pub access_key_id: String,
    pub secret_access_key: Secret,
    pub session_token: Option<Secret>,
}

const BUCKET_VARIABLES: [&str; 3] = [
    "SHOP_MEDIA_S3_REGION",
    "SHOP_MEDIA_S3_ENDPOINT",
    "AWS_ACCESS_KEY_ID",
];

/// `SHOP_MEDIA_S3_BUCKET` and its companions; `None` (the local directory) without the bucket.
pub(super) fn bucket(vars: &Vars) -> Result<Option<MediaBucketConfig>, ConfigError> {
    let Some(bucket) = vars.get("SHOP_MEDIA_S3_BUCKET") else {
        for variable in &BUCKET_VARIABLES[..2] {
            if vars.get(variable).is_some() {
                return Err(invalid(
                    "SHOP_MEDIA_S3_BUCKET",
                    format!(
                        "is not set but {variable} is; name the bucket, or unset {variable} to \
                         store images under the data directory"
                    ),
                ));
            }
        }
        return Ok(None);
    };
    let bucket = bucket.trim().to_owned();
    let valid_name = (3..=63).contains(&bucket.len())
        && bucket
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.');
    if !valid_name {
        return Err(invalid(
            "SHOP_MEDIA_S3_BUCKET",
            format!(
                "'{bucket}' is not a bucket name (3 to 63 lower-case letters, digits, '-' and '.')"
            ),
        ));
    }
    let region = vars
        .get("SHOP_MEDIA_S3_REGION")
        .map_or_else(|| "us-east-1".to_owned(), |r| r.trim().to_owned());
    let endpoint = base_url(
        "SHOP_MEDIA_S3_ENDPOINT",
        vars.get("SHOP_MEDIA_S3_ENDPOINT"),
        "the base URL an S3-compatible service's buckets",
        "AWS S3 itself",
    )?;
    let credentials = match (
        vars.get("AWS_ACCESS_KEY_ID"),
        vars.get("AWS_SECRET_ACCESS_KEY"),
    ) {
        (None, None) => None,
        (Some(id), Some(secret)) => Some(MediaCredentials {
            access_key_id: id.trim().to_owned(),
            secret_access_key: Secret::new(secret.trim()),
            session_token: vars.get("AWS_SESSION_TOKEN").map(|t| Secret::new(t.trim())),
        }),
        (Some(_), None) => {
            return Err(invalid(
                "AWS_SECRET_ACCESS_KEY",
                "is not set but AWS_ACCESS_KEY_ID is; set both, or neither to use the \
                 instance's role",
            ));
        }
        (None, Some(_)) => {
            return Err(invalid(
                "AWS_ACCESS_KEY_ID",
                "is not set but AWS_SECRET_ACCESS_KEY is; set both, or neither to use the \
                 instance's role",
            ));
        }
    };
    Ok(Some(MediaBucketConfig {
        bucket,
        region,
        endpoint,
        credentials,
    }))
}

/// `SHOP_IMPORT_FETCH_ALLOW`: comma-separated `host:port` pairs (lower-cased), empty unless set.
pub(super) fn fetch_allow(vars: &Vars) -> Result<Vec<String>, ConfigError> {
    let Some(raw) = vars.get("SHOP_IMPORT_FETCH_ALLOW") else {
        return Ok(Vec::new());
    };
    raw.split(',')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            let valid = entry
                .rsplit_once(':')
                .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok());
            if valid {
                Ok(entry.to_ascii_lowercase())
            } else {
                Err(invalid(
                    "SHOP_IMPORT_FETCH_ALLOW",
                    format!("'{entry}' is not host:port (e.g. 127.0.0.1:8081)"),
                ))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::super::Config;
    use super::*;

    fn media(vars: &[(&str, &str)]) -> Result<Option<MediaBucketConfig>, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Config::from_lookup(|name| map.get(name).cloned()).map(|c| c.media_bucket)
    }

    #[test]
    fn images_stay_under_the_data_directory_unless_a_bucket_is_named() {
        assert_eq!(media(&[]).expect("valid"), None);
        // Credentials alone (for something else on the machine) do not move the images.
        assert_eq!(
            media(&[("AWS_ACCESS_KEY_ID", "a"), ("AWS_SECRET_ACCESS_KEY", "b")]).expect("valid"),
            None
        );
    }

    #[test]
    fn a_bucket_with_an_endpoint_and_keys() {
        let bucket = media(&[
            ("SHOP_MEDIA_S3_BUCKET", "shop-media"),
            ("SHOP_MEDIA_S3_ENDPOINT", "http://127.0.0.1:9000/"),
            ("SHOP_MEDIA_S3_REGION", "ap-south-1"),
            ("AWS_ACCESS_KEY_ID", "key"),
            ("AWS_SECRET_ACCESS_KEY", "secret"),
        ])
        .expect("valid")
        .expect("a bucket");
        assert_eq!(bucket.bucket, "shop-media");
        assert_eq!(bucket.region, "ap-south-1");
        assert_eq!(bucket.endpoint.as_deref(), Some("http://127.0.0.1:9000"));
        let credentials = bucket.credentials.expect("keys");
        assert_eq!(credentials.access_key_id, "key");
        assert_eq!(credentials.secret_access_key.expose(), "secret");
        assert!(!format!("{credentials:?}").contains("secret\""));
    }

    #[test]
    fn a_bucket_alone_is_on_aws_in_us_east_1_with_the_instance_role() {
        let bucket = media(&[("SHOP_MEDIA_S3_BUCKET", "shop-media")])
            .expect("valid")
            .expect("a bucket");
        assert_eq!(bucket.region, "us-east-1");
        assert_eq!(bucket.endpoint, None);
        assert_eq!(bucket.credentials, None);
    }

    #[test]
    fn mistakes_name_the_variable() {
        for (vars, variable) in [
            (
                vec![("SHOP_MEDIA_S3_ENDPOINT", "http://127.0.0.1:9000")],
                "SHOP_MEDIA_S3_BUCKET",
            ),
            (
                vec![("SHOP_MEDIA_S3_BUCKET", "Shop_Media")],
                "SHOP_MEDIA_S3_BUCKET",
            ),
            (
                vec![
                    ("SHOP_MEDIA_S3_BUCKET", "shop-media"),
                    ("SHOP_MEDIA_S3_ENDPOINT", "127.0.0.1:9000"),
                ],
                "SHOP_MEDIA_S3_ENDPOINT",
            ),
            (
                vec![
                    ("SHOP_MEDIA_S3_BUCKET", "shop-media"),
                    ("AWS_ACCESS_KEY_ID", "key"),
                ],
                "AWS_SECRET_ACCESS_KEY",
            ),
        ] {
            let error = media(&vars).expect_err("refused");
            assert_eq!(error.variable, variable, "{vars:?}: {error}");
        }
    }

    #[test]
    fn the_fetch_allow_list_is_host_port_pairs() {
        let read = |value: &str| {
            let lookup = |name: &str| (name == "SHOP_IMPORT_FETCH_ALLOW").then(|| value.to_owned());
            fetch_allow(&Vars::new(&lookup))
        };
        assert_eq!(
            read(" 127.0.0.1:8081, Images.Local:80 ,").expect("valid"),
            ["127.0.0.1:8081", "images.local:80"]
        );
        assert!(read("").expect("unset").is_empty());
        for bad in ["127.0.0.1", "host:port", ":80", "h:70000"] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
