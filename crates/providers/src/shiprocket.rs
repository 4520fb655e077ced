//! Shipping through Shiprocket's API (`apiv2.shiprocket.in/v1/external`): a bearer token from
//! the account's e-mail and password, custom orders, tracking by shipment, cancelling.

use crate::urls::{endpoint, http_base, shown};
use std::fmt;
use std::time::{Duration, Instant};

use chrono::{DateTime, FixedOffset, NaiveDateTime, TimeZone, Utc};
use reqwest::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use url::Url;

use crate::BoxFuture;
use crate::openai::error_chain;
use crate::shipping::{
    Booking, PaymentMethod, ShipmentRequest, ShipmentStatus, Shipping, ShippingError, Tracking,
    TrackingEvent,
};

/// Where Shiprocket's API answers.
pub const SHIPROCKET_URL: &str = "https://apiv2.shiprocket.in";

/// The pickup location orders leave from when none is configured: the name Shiprocket gives
/// an account's first pickup address.
pub const DEFAULT_PICKUP_LOCATION: &str = "Primary";

/// How long one request to Shiprocket may take, logging in included. Booking runs while the
/// shopper waits on the order success screen; a slow Shiprocket must give way to the
/// standard-delivery fall-back.
pub const SHIPPING_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a token is used before logging in again. Shiprocket's tokens last 10 days; a day
/// early leaves a token that has just expired out of the picture (a 401 is still answered by
/// one new login).
pub const SHIPROCKET_TOKEN_LIFETIME: Duration = Duration::from_secs(9 * 24 * 60 * 60);

const LOGIN_PATH: &str = "v1/external/auth/login";
const CREATE_PATH: &str = "v1/external/orders/create/adhoc";
/// A shipment is `v1/external/courier/track/shipment/{shipment_id}`.
const TRACK_PATH: &str = "v1/external/courier/track/shipment";
const CANCEL_PATH: &str = "v1/external/orders/cancel";

/// How much of an answer's body goes into an error.
const ERROR_BODY_CHARS: usize = 300;

/// India Standard Time: Shiprocket reads and writes dates as Indian local time without a zone.
const IST: FixedOffset = match FixedOffset::east_opt(5 * 60 * 60 + 30 * 60) {
    Some(offset) => offset,
    // Evaluated while compiling: an offset out of range would fail the build, never a request.
    None => panic!("India's offset is within a day"),
};

/// Books through Shiprocket:
///
/// - log in: `POST {base}/v1/external/auth/login {"email", "password"}` answers `{"token", ..}`,
///   kept for [`SHIPROCKET_TOKEN_LIFETIME`] and sent as `Authorization: Bearer`; one login at a
///   time, and a 401 on a call is answered by one new login and one retry;
/// - book: `POST {base}/v1/external/orders/create/adhoc` with our order id as `order_id`, the
///   order date as `YYYY-MM-DD HH:MM` in India's time, the pickup location's name, the
///   shopper's `billing_*` address (the name split into `billing_customer_name` and
///   `billing_last_name` at its last space; `shipping_is_billing: true`), the lines as
///   `order_items` (`name`, `sku`, `units`, `selling_price`), `payment_method: "Prepaid"`,
///   `sub_total` and the parcel (`length`, `breadth`, `height` in cm, `weight` in kg). Amounts
///   are rupees written as decimal strings (`"1299.50"`), which Shiprocket's numeric fields
///   accept, so no float ever carries money. The answer's `order_id` is [`Booking::order_ref`],
///   its `shipment_id` [`Booking::shipment_id`], `awb_code` and `courier_name` are kept when
///   not empty, and `channel_id` when the answer has it (Shiprocket files such an order under
///   the account's default custom channel, and its documented answer does not name it);
/// - track: `GET {base}/v1/external/courier/track/shipment/{shipment_id}`, its
///   `tracking_data`: the status from `shipment_status` (Shiprocket's status code) or else
///   `shipment_track[0].current_status`, the events from `shipment_track_activities`. A
///   shipment without a courier scan yet (`track_status: 0`) is [`ShipmentStatus::Booked`];
/// - cancel: `POST {base}/v1/external/orders/cancel {"ids": [order_ref]}`.
///
/// Shiprocket's custom order has no speed: an express order is created like a standard one,
/// and the express courier is the one assigned to it later (Shiprocket's AWB assignment, not
/// done here).
///
/// Failures: a 4xx is [`ShippingError::Refused`] with Shiprocket's `message` and the fields of
/// its `errors` (`{"message": "Oops! Invalid Data.", "errors": {"billing_pincode": [..]},
/// "status_code": 422}`), wrong credentials included; a 404 with Shiprocket's own answer to
/// a track or a cancel is [`ShippingError::NotFound`]; a 5xx, a 429 (its rate limit), a
/// timeout or no connection is [`ShippingError::Unavailable`]. A 200 that carries a
/// `status_code` of 400 or more and a `message` instead of an order (Shiprocket answers some
/// invalid requests so) is a refusal too.
///
/// The password and the token never leave for anywhere but Shiprocket: `Debug`,
/// [`Shipping::describe`] and every error leave them out, and text from Shiprocket is searched
/// for both.
pub struct Shiprocket {
    client: reqwest::Client,
    base: Url,
    email: String,
    password: String,
    pickup_location: String,
    timeout: Duration,
    token_lifetime: Duration,
    /// The token in use; the lock is held while logging in, so concurrent calls wait for one
    /// login instead of each making their own.
    token: tokio::sync::Mutex<Option<Token>>,
}

/// A token and when it was issued. No `Debug`: it is a credential.
struct Token {
    value: String,
    fetched_at: Instant,
}

impl Shiprocket {
    /// Shiprocket at [`SHIPROCKET_URL`], or at `base_url` (a local fake, or a proxy answering
    /// the same paths under it), as the API user `email` with `password`, shipping from the
    /// pickup location named `pickup_location` ([`DEFAULT_PICKUP_LOCATION`] when blank);
    /// [`SHIPPING_TIMEOUT`] per request and [`SHIPROCKET_TOKEN_LIFETIME`] per token. Nothing is
    /// sent until the first call.
    pub fn new(
        base_url: Option<&str>,
        email: &str,
        password: &str,
        pickup_location: &str,
    ) -> Result<Self, ShippingError> {
        let base = http_base(base_url.unwrap_or(SHIPROCKET_URL)).map_err(ShippingError::BadUrl)?;
        let email = email.trim();
        if email.is_empty() {
            return Err(ShippingError::NoCredentials("the e-mail"));
        }
        // A password is taken as it is: spaces may be part of it.
        if password.is_empty() {
            return Err(ShippingError::NoCredentials("the password"));
        }
        let pickup_location = match pickup_location.trim() {
            "" => DEFAULT_PICKUP_LOCATION,
            name => name,
        };
        let client = reqwest::Client::builder()
            .build()
            .map_err(|e| ShippingError::Client(error_chain(&e)))?;
        Ok(Self {
            client,
            base,
            email: email.to_owned(),
            password: password.to_owned(),
            pickup_location: pickup_location.to_owned(),
            timeout: SHIPPING_TIMEOUT,
            token_lifetime: SHIPROCKET_TOKEN_LIFETIME,
            token: tokio::sync::Mutex::new(None),
        })
    }

    /// Another time limit per request.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Another time a token is used before logging in again (tests shorten it).
    pub fn with_token_lifetime(mut self, lifetime: Duration) -> Self {
        self.token_lifetime = lifetime;
        self
    }

    /// `text` from Shiprocket, or an error about a request, without the password or `token`.
    fn redact(&self, text: &str, token: Option<&str>) -> String {
        let text = text.replace(&self.password, "<password>");
        match token.filter(|t| !t.is_empty()) {
            Some(token) => text.replace(token, "<token>"),
            None => text,
        }
    }

    /// Who answered, for messages.
    fn service(&self, endpoint: &Url) -> String {
        format!("Shiprocket at {}", shown(endpoint))
    }

    /// A token to call with: the one in use while it is young enough and is not `rejected`
    /// (the one a 401 just refused), else a new one.
    async fn token(&self, rejected: Option<&str>) -> Result<String, ShippingError> {
        let mut cached = self.token.lock().await;
        if let Some(token) = cached.as_ref() {
            let young = token.fetched_at.elapsed() < self.token_lifetime;
            if young && rejected != Some(token.value.as_str()) {
                return Ok(token.value.clone());
            }
        }
        *cached = None;
        let value = self.login().await?;
        *cached = Some(Token {
            value: value.clone(),
            fetched_at: Instant::now(),
        });
        Ok(value)
    }

    async fn login(&self) -> Result<String, ShippingError> {
        let endpoint = endpoint(&self.base, LOGIN_PATH);
        let request = self
            .client
            .post(endpoint.clone())
            .json(&json!({"email": self.email, "password": self.password}));
        let (status, body) = self.exchange(request, &endpoint, None).await?;
        if !status.is_success() {
            return Err(self.failure(&endpoint, status, &body, None));
        }
        #[derive(Deserialize)]
        struct LoginAnswer {
            #[serde(default)]
            token: Option<String>,
        }
        let answer: LoginAnswer = self.read(&endpoint, &body, None)?;
        answer
            .token
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .ok_or_else(|| ShippingError::BadAnswer {
                service: self.service(&endpoint),
                reason: "a login answer without a token".to_owned(),
            })
    }

    /// Sends `request` and reads the whole answer: its status and body.
    async fn exchange(
        &self,
        request: reqwest::RequestBuilder,
        endpoint: &Url,
        token: Option<&str>,
    ) -> Result<(StatusCode, Vec<u8>), ShippingError> {
        let response = request
            .timeout(self.timeout)
            .send()
            .await
            .map_err(|e| self.transport_error(endpoint, &e, token))?;
        let status = response.status();
        let body = response
            .bytes()
            .await
            .map_err(|e| self.transport_error(endpoint, &e, token))?;
        Ok((status, body.to_vec()))
    }

    /// Sends the request `build` makes, with a token; when Shiprocket answers 401, logs in
    /// once more and sends it again. Answers the status, the body and the token used.
    async fn call(
        &self,
        endpoint: &Url,
        build: impl Fn() -> reqwest::RequestBuilder,
    ) -> Result<(StatusCode, Vec<u8>, String), ShippingError> {
        let token = self.token(None).await?;
        let (status, body) = self
            .exchange(build().bearer_auth(&token), endpoint, Some(&token))
            .await?;
        if status != StatusCode::UNAUTHORIZED {
            return Ok((status, body, token));
        }
        // Revoked early, or the account's password changed and a new login tells which.
        let token = self.token(Some(&token)).await?;
        let (status, body) = self
            .exchange(build().bearer_auth(&token), endpoint, Some(&token))
            .await?;
        Ok((status, body, token))
    }

    fn transport_error(
        &self,
        endpoint: &Url,
        error: &reqwest::Error,
        token: Option<&str>,
    ) -> ShippingError {
        let reason = if error.is_timeout() {
            format!(
                "no answer within {} s",
                self.timeout.as_secs_f64().max(0.001)
            )
        } else {
            self.redact(&error_chain(error), token)
        };
        ShippingError::Unavailable {
            service: self.service(endpoint),
            reason,
        }
    }

    /// The error an answer with a status other than 2xx stands for.
    fn failure(
        &self,
        endpoint: &Url,
        status: StatusCode,
        body: &[u8],
        token: Option<&str>,
    ) -> ShippingError {
        let service = self.service(endpoint);
        let message =
            explain(body).unwrap_or_else(|| String::from_utf8_lossy(body).trim().to_owned());
        if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
            return ShippingError::Unavailable {
                service,
                reason: self.clip(&format!("HTTP {}: {message}", status.as_u16()), token),
            };
        }
        ShippingError::Refused {
            service,
            status: Some(status.as_u16()),
            message: self.clip(&message, token),
        }
    }

    /// The start of `text`, without secrets.
    fn clip(&self, text: &str, token: Option<&str>) -> String {
        self.redact(text.trim(), token)
            .chars()
            .take(ERROR_BODY_CHARS)
            .collect()
    }

    /// A 2xx answer's JSON, or [`ShippingError::BadAnswer`].
    fn read<T: serde::de::DeserializeOwned>(
        &self,
        endpoint: &Url,
        body: &[u8],
        token: Option<&str>,
    ) -> Result<T, ShippingError> {
        serde_json::from_slice(body).map_err(|e| ShippingError::BadAnswer {
            service: self.service(endpoint),
            reason: self.clip(&e.to_string(), token),
        })
    }

    async fn create(&self, shipment: &ShipmentRequest) -> Result<Booking, ShippingError> {
        let endpoint = endpoint(&self.base, CREATE_PATH);
        let body = self.order_body(shipment);
        let (status, answer, token) = self
            .call(&endpoint, || self.client.post(endpoint.clone()).json(&body))
            .await?;
        if !status.is_success() {
            return Err(self.failure(&endpoint, status, &answer, Some(&token)));
        }
        let answer: CreateAnswer = self.read(&endpoint, &answer, Some(&token))?;
        let (Some(order_ref), Some(shipment_id)) =
            (number(&answer.order_id), number(&answer.shipment_id))
        else {
            let code = number(&answer.status_code).filter(|code| *code >= 400);
            return Err(match (code, text(&answer.message)) {
                (Some(code), Some(message)) => ShippingError::Refused {
                    service: self.service(&endpoint),
                    status: u16::try_from(code).ok(),
                    message: self.clip(&with_field_errors(&message, &answer.errors), Some(&token)),
                },
                _ => ShippingError::BadAnswer {
                    service: self.service(&endpoint),
                    reason: "an answer without order_id and shipment_id".to_owned(),
                },
            });
        };
        let status = match text(&answer.status) {
            Some(words) => neutral_status(None, &words),
            None => ShipmentStatus::Booked,
        };
        Ok(Booking {
            shipment_id,
            order_ref,
            channel_id: number(&answer.channel_id),
            awb: text(&answer.awb_code),
            courier: text(&answer.courier_name),
            status,
            estimated_delivery: None,
        })
    }

    /// The custom order's JSON (see [`Shiprocket`] for the fields).
    fn order_body(&self, shipment: &ShipmentRequest) -> Value {
        let customer = &shipment.customer;
        let (first_name, last_name) = split_name(&customer.name);
        let pickup = shipment
            .pickup_location
            .as_deref()
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .unwrap_or(&self.pickup_location);
        let items: Vec<Value> = shipment
            .items
            .iter()
            .map(|item| {
                json!({
                    "name": item.name,
                    "sku": item.sku,
                    "units": item.units,
                    "selling_price": rupees(item.selling_price_paise),
                })
            })
            .collect();
        let payment_method = match shipment.payment {
            PaymentMethod::Prepaid => "Prepaid",
        };
        let parcel = shipment.parcel;
        json!({
            "order_id": shipment.order_id,
            "order_date": shipment
                .order_date
                .with_timezone(&IST)
                .format("%Y-%m-%d %H:%M")
                .to_string(),
            "pickup_location": pickup,
            "billing_customer_name": first_name,
            "billing_last_name": last_name,
            "billing_address": customer.address.trim(),
            "billing_address_2": customer.address_2.trim(),
            "billing_city": customer.city.trim(),
            "billing_pincode": customer.pincode.trim(),
            "billing_state": customer.state.trim(),
            "billing_country": customer.country.trim(),
            "billing_email": customer.email.trim(),
            "billing_phone": customer.phone.trim(),
            "shipping_is_billing": true,
            "order_items": items,
            "payment_method": payment_method,
            "sub_total": rupees(shipment.sub_total_paise),
            "length": parcel.length_cm,
            "breadth": parcel.breadth_cm,
            "height": parcel.height_cm,
            // Kilograms; a weight is no money, and grams / 1000 is exact enough for a courier.
            "weight": f64::from(parcel.weight_grams) / 1000.0,
        })
    }

    async fn follow(&self, shipment_id: u64) -> Result<Tracking, ShippingError> {
        let mut endpoint = endpoint(&self.base, TRACK_PATH);
        endpoint
            .path_segments_mut()
            .map_err(|()| ShippingError::BadUrl("it cannot have a path".to_owned()))?
            .push(&shipment_id.to_string());
        let (status, body, token) = self
            .call(&endpoint, || self.client.get(endpoint.clone()))
            .await?;
        if status == StatusCode::NOT_FOUND && is_shiprocket_error(&body) {
            return Err(ShippingError::NotFound);
        }
        if !status.is_success() {
            return Err(self.failure(&endpoint, status, &body, Some(&token)));
        }
        let answer: Value = self.read(&endpoint, &body, Some(&token))?;
        let data = tracking_data(&answer).ok_or_else(|| ShippingError::BadAnswer {
            service: self.service(&endpoint),
            reason: "an answer without tracking_data".to_owned(),
        })?;
        let data: TrackingData =
            serde_json::from_value(data.clone()).map_err(|e| ShippingError::BadAnswer {
                service: self.service(&endpoint),
                reason: self.clip(&e.to_string(), Some(&token)),
            })?;
        Ok(data.into_tracking())
    }

    async fn withdraw(&self, order_ref: u64) -> Result<(), ShippingError> {
        let endpoint = endpoint(&self.base, CANCEL_PATH);
        let body = json!({"ids": [order_ref]});
        let (status, answer, token) = self
            .call(&endpoint, || self.client.post(endpoint.clone()).json(&body))
            .await?;
        if status == StatusCode::NOT_FOUND && is_shiprocket_error(&answer) {
            return Err(ShippingError::NotFound);
        }
        if !status.is_success() {
            return Err(self.failure(&endpoint, status, &answer, Some(&token)));
        }
        Ok(())
    }
}

impl fmt::Debug for Shiprocket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Shiprocket")
            .field("base", &shown(&self.base))
            .field("pickup_location", &self.pickup_location)
            .field("password", &"<set>")
            .field("timeout", &self.timeout)
            .field("token_lifetime", &self.token_lifetime)
            .finish_non_exhaustive()
    }
}

impl Shipping for Shiprocket {
    fn book<'a>(
        &'a self,
        shipment: &'a ShipmentRequest,
    ) -> BoxFuture<'a, Result<Booking, ShippingError>> {
        Box::pin(self.create(shipment))
    }

    fn track(&self, shipment_id: u64) -> BoxFuture<'_, Result<Tracking, ShippingError>> {
        Box::pin(self.follow(shipment_id))
    }

    fn cancel(&self, order_ref: u64) -> BoxFuture<'_, Result<(), ShippingError>> {
        Box::pin(self.withdraw(order_ref))
    }

    fn describe(&self) -> String {
        format!(
            "Shiprocket at {} (pickup location {:?})",
            shown(&self.base),
            self.pickup_location
        )
    }
}

/// A Shiprocket date (`2022-07-19 11:37:00`, India's time) in UTC; `None` for an empty one,
/// `NA`, `0000-00-00 00:00:00` and anything else that is not a date.
fn parse_date(text: &str) -> Option<DateTime<Utc>> {
    let text = text.trim();
    ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|format| NaiveDateTime::parse_from_str(text, format).ok())
        .and_then(|local| IST.from_local_datetime(&local).single())
        .map(|at| at.with_timezone(&Utc))
}

/// Paise as rupees with two decimals: `129950` is `"1299.50"`.
fn rupees(paise: u64) -> String {
    format!("{}.{:02}", paise / 100, paise % 100)
}

/// The name as Shiprocket's first and last name: split at the last space ("Asha Rao" is
/// "Asha" and "Rao"; one word is all first name). The label prints them together, so the
/// whole name survives whatever the split.
fn split_name(name: &str) -> (String, String) {
    let name = name.split_whitespace().collect::<Vec<_>>();
    match name.split_last() {
        Some((last, first)) if !first.is_empty() => (first.join(" "), (*last).to_owned()),
        _ => (name.join(" "), String::new()),
    }
}

/// A positive whole number, written as a JSON number or as digits in a string (Shiprocket
/// writes ids either way).
fn number(value: &Option<Value>) -> Option<u64> {
    match value.as_ref()? {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|n| *n > 0)
}

/// Text that is not empty (nor Shiprocket's `NA`).
fn text(value: &Option<Value>) -> Option<String> {
    match value.as_ref()? {
        Value::String(s) => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
    .filter(|s| !s.is_empty() && !s.eq_ignore_ascii_case("NA"))
}

/// Whether a body is Shiprocket's own error (`{"message": .., "status_code": ..}`), rather than
/// a proxy's page or a wrong URL's.
fn is_shiprocket_error(body: &[u8]) -> bool {
    serde_json::from_slice::<Value>(body)
        .ok()
        .is_some_and(|v| v.get("message").is_some_and(Value::is_string))
}

/// Shiprocket's explanation in an error answer: its `message`, followed by the fields of its
/// `errors` (`Oops! Invalid Data. (billing_pincode: The billing pincode must be 6 digits.)`).
fn explain(body: &[u8]) -> Option<String> {
    let answer: Value = serde_json::from_slice(body).ok()?;
    let message = answer
        .get("message")
        .and_then(Value::as_str)
        .map(str::trim)
        .unwrap_or_default();
    let explained = with_field_errors(message, &answer.get("errors").cloned());
    (!explained.is_empty()).then_some(explained)
}

/// `message` followed by the field errors in brackets, one `field: reason` per field, the fields
/// in alphabetical order (whatever order the JSON map keeps).
fn with_field_errors(message: &str, errors: &Option<Value>) -> String {
    let mut fields = Vec::new();
    match errors {
        Some(Value::Object(map)) => {
            let mut map: Vec<(&String, &Value)> = map.iter().collect();
            map.sort_by(|a, b| a.0.cmp(b.0));
            for (field, reasons) in map {
                let reasons = match reasons {
                    Value::Array(list) => list
                        .iter()
                        .map(|r| r.as_str().map_or_else(|| r.to_string(), str::to_owned))
                        .collect::<Vec<_>>()
                        .join(" "),
                    Value::String(reason) => reason.clone(),
                    other => other.to_string(),
                };
                fields.push(format!("{field}: {reasons}"));
            }
        }
        Some(Value::Array(list)) => {
            fields.extend(list.iter().filter_map(Value::as_str).map(str::to_owned));
        }
        Some(Value::String(reason)) if !reason.trim().is_empty() => {
            fields.push(reason.trim().to_owned());
        }
        _ => {}
    }
    match (message.is_empty(), fields.is_empty()) {
        (_, true) => message.to_owned(),
        (true, false) => fields.join("; "),
        (false, false) => format!("{message} ({})", fields.join("; ")),
    }
}

/// The `tracking_data` of a track answer: `{"tracking_data": ..}`, or the same inside a list or
/// keyed by the shipment id, as Shiprocket's other tracking calls answer.
fn tracking_data(answer: &Value) -> Option<&Value> {
    if let Some(data) = answer.get("tracking_data") {
        return Some(data);
    }
    match answer {
        Value::Array(list) => list.first()?.get("tracking_data"),
        Value::Object(map) if map.len() == 1 => map.values().next()?.get("tracking_data"),
        _ => None,
    }
}

/// A create answer (`{"order_id": 16161616, "shipment_id": 15151515, "status": "NEW",
/// "status_code": 1, "awb_code": "", "courier_name": "", ..}`), ids as numbers or strings.
#[derive(Debug, Deserialize)]
struct CreateAnswer {
    order_id: Option<Value>,
    shipment_id: Option<Value>,
    channel_id: Option<Value>,
    status: Option<Value>,
    status_code: Option<Value>,
    awb_code: Option<Value>,
    courier_name: Option<Value>,
    message: Option<Value>,
    errors: Option<Value>,
}

#[derive(Debug, Deserialize)]
struct TrackingData {
    track_status: Option<Value>,
    shipment_status: Option<Value>,
    #[serde(default)]
    shipment_track: Option<Vec<TrackLine>>,
    #[serde(default)]
    shipment_track_activities: Option<Vec<Activity>>,
    etd: Option<Value>,
}

#[derive(Debug, Deserialize)]
struct TrackLine {
    current_status: Option<Value>,
    edd: Option<Value>,
}

#[derive(Debug, Deserialize)]
struct Activity {
    date: Option<Value>,
    activity: Option<Value>,
    location: Option<Value>,
    #[serde(rename = "sr-status", alias = "sr_status")]
    sr_status: Option<Value>,
    #[serde(rename = "sr-status-label", alias = "sr_status_label")]
    sr_status_label: Option<Value>,
}

impl TrackingData {
    fn into_tracking(self) -> Tracking {
        let line = self.shipment_track.unwrap_or_default().into_iter().next();
        let current = line.as_ref().and_then(|l| text(&l.current_status));
        let estimated_delivery = line
            .as_ref()
            .and_then(|l| text(&l.edd))
            .or_else(|| text(&self.etd))
            .as_deref()
            .and_then(parse_date);
        // No scan by a courier yet: Shiprocket answers `track_status: 0` with an apology.
        let unscanned = self.track_status.as_ref().and_then(Value::as_i64) == Some(0)
            || self.track_status.as_ref().and_then(Value::as_str) == Some("0");
        if unscanned {
            return Tracking {
                status: ShipmentStatus::Booked,
                updated_at: None,
                estimated_delivery,
                events: Vec::new(),
            };
        }
        let events: Vec<TrackingEvent> = self
            .shipment_track_activities
            .unwrap_or_default()
            .into_iter()
            .map(|a| {
                let description = text(&a.activity).unwrap_or_default();
                let words = text(&a.sr_status_label).unwrap_or_else(|| description.clone());
                TrackingEvent {
                    at: text(&a.date).as_deref().and_then(parse_date),
                    status: neutral_status(number(&a.sr_status), &words),
                    description,
                    location: text(&a.location).unwrap_or_default(),
                }
            })
            .collect();
        Tracking {
            status: neutral_status(
                number(&self.shipment_status),
                current.as_deref().unwrap_or_default(),
            ),
            updated_at: events.iter().filter_map(|e| e.at).max(),
            estimated_delivery,
            events,
        }
    }
}

/// Where a Shiprocket status puts a shipment, whichever way Shiprocket names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Booked,
    PickedUp,
    Shipped,
    OutForDelivery,
    Delivered,
    Cancelled,
    Failed,
    /// Named, but no neutral status fits: kept in Shiprocket's words.
    Other,
}

/// Shiprocket's shipment status codes (its API's "Shipment Status Codes", as `shipment_status`
/// and each scan's `sr-status`), their names, and where each puts a shipment. Codes 1 to 5 are
/// named differently in different versions of the list; all are before pickup.
const STATUS_CODES: &[(u64, &str, Kind)] = &[
    (1, "New", Kind::Booked),
    (2, "Invoiced", Kind::Booked),
    (3, "Ready To Ship", Kind::Booked),
    (4, "Pickup Scheduled", Kind::Booked),
    (5, "Manifest Generated", Kind::Booked),
    (6, "Shipped", Kind::Shipped),
    (7, "Delivered", Kind::Delivered),
    (8, "Canceled", Kind::Cancelled),
    (9, "RTO Initiated", Kind::Failed),
    (10, "RTO Delivered", Kind::Failed),
    (11, "Pending", Kind::Booked),
    (12, "Lost", Kind::Failed),
    (13, "Pickup Error", Kind::Booked),
    (14, "RTO Acknowledged", Kind::Failed),
    (15, "Pickup Rescheduled", Kind::Booked),
    (16, "Cancellation Requested", Kind::Other),
    (17, "Out For Delivery", Kind::OutForDelivery),
    (18, "In Transit", Kind::Shipped),
    (19, "Out For Pickup", Kind::Booked),
    (20, "Pickup Exception", Kind::Booked),
    (21, "Undelivered", Kind::Failed),
    (22, "Delayed", Kind::Shipped),
    (23, "Partial Delivered", Kind::Other),
    (24, "Destroyed", Kind::Failed),
    (25, "Damaged", Kind::Failed),
    (26, "Fulfilled", Kind::Other),
    (27, "Pickup Booked", Kind::Booked),
    (38, "Reached At Destination Hub", Kind::Shipped),
    (39, "Misrouted", Kind::Shipped),
    (40, "RTO NDR", Kind::Failed),
    (41, "RTO OFD", Kind::Failed),
    (42, "Picked Up", Kind::PickedUp),
    (43, "Self Fulfilled", Kind::Other),
    (44, "Disposed Off", Kind::Failed),
    (45, "Cancelled Before Dispatched", Kind::Cancelled),
    (46, "RTO In Transit", Kind::Failed),
    (47, "QC Failed", Kind::Failed),
    (48, "Reached Warehouse", Kind::Shipped),
    (49, "Custom Cleared", Kind::Shipped),
    (50, "In Flight", Kind::Shipped),
    (51, "Handover To Courier", Kind::PickedUp),
    (52, "Shipment Booked", Kind::Booked),
    (54, "In Transit Overseas", Kind::Shipped),
    (55, "Connection Aligned", Kind::Shipped),
    (56, "Reached Overseas Warehouse", Kind::Shipped),
    (57, "Custom Cleared Overseas", Kind::Shipped),
    (59, "Box Packing", Kind::Booked),
    (60, "FC Allocated", Kind::Booked),
    (61, "Picklist Generated", Kind::Booked),
    (62, "Ready To Pack", Kind::Booked),
    (63, "Packed", Kind::Booked),
    (67, "FC Manifest Generated", Kind::Booked),
    (68, "Processed At Warehouse", Kind::Booked),
    (71, "Handover Exception", Kind::Other),
    (72, "Packed Exception", Kind::Other),
    (75, "RTO Lock", Kind::Failed),
    (76, "Untraceable", Kind::Failed),
    (77, "Issue Related To The Recipient", Kind::Other),
    (78, "Reached Back At Seller City", Kind::Other),
    (79, "Rider Assigned", Kind::Booked),
    (80, "Rider Unassigned", Kind::Booked),
    (81, "Rider Assigned", Kind::Booked),
    (82, "Rider Reached At Drop", Kind::OutForDelivery),
];

/// Names Shiprocket writes in `current_status` and `status` that are not a code's name above.
const OTHER_NAMES: &[(&str, Kind)] = &[
    ("AWB Assigned", Kind::Booked),
    ("Label Generated", Kind::Booked),
    ("Pickup Generated", Kind::Booked),
    ("Pickup Scheduled/Generated", Kind::Booked),
    ("Pickup Queued", Kind::Booked),
    ("Cancelled", Kind::Cancelled),
    ("Reached Destination Hub", Kind::Shipped),
    ("RTO In Intransit", Kind::Failed),
    ("Issue Related To Recipient", Kind::Other),
];

/// The neutral status of a Shiprocket status: by its code when the code is a known one, else by
/// its name (`words`, in any case, `_` or `-` for spaces), else [`ShipmentStatus::Unknown`]
/// with Shiprocket's words (or the code).
fn neutral_status(code: Option<u64>, words: &str) -> ShipmentStatus {
    let by_code = code.and_then(|code| {
        STATUS_CODES
            .iter()
            .find(|(known, _, _)| *known == code)
            .map(|(_, name, kind)| (*kind, (*name).to_owned()))
    });
    let wanted = normalised(words);
    let by_name = || {
        STATUS_CODES
            .iter()
            .map(|(_, name, kind)| (*name, *kind))
            .chain(OTHER_NAMES.iter().copied())
            .find(|(name, _)| normalised(name) == wanted)
            .map(|(_, kind)| (kind, words.trim().to_owned()))
    };
    match by_code.or_else(by_name) {
        Some((Kind::Booked, _)) => ShipmentStatus::Booked,
        Some((Kind::PickedUp, _)) => ShipmentStatus::PickedUp,
        Some((Kind::Shipped, _)) => ShipmentStatus::Shipped,
        Some((Kind::OutForDelivery, _)) => ShipmentStatus::OutForDelivery,
        Some((Kind::Delivered, _)) => ShipmentStatus::Delivered,
        Some((Kind::Cancelled, _)) => ShipmentStatus::Cancelled,
        Some((Kind::Failed, name)) => ShipmentStatus::Failed(name),
        Some((Kind::Other, name)) => ShipmentStatus::Unknown(name),
        None if !wanted.is_empty() => ShipmentStatus::Unknown(words.trim().to_owned()),
        None => ShipmentStatus::Unknown(match code {
            Some(code) => format!("Shiprocket status {code}"),
            None => "no status".to_owned(),
        }),
    }
}

/// A status name in one spelling: upper case, single spaces for `_`, `-` and runs of spaces.
fn normalised(words: &str) -> String {
    words
        .to_uppercase()
        .replace(['_', '-'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_map_to_neutral_statuses() {
        let cases = [
            (1, ShipmentStatus::Booked),
            (5, ShipmentStatus::Booked),
            (19, ShipmentStatus::Booked),
            (42, ShipmentStatus::PickedUp),
            (6, ShipmentStatus::Shipped),
            (18, ShipmentStatus::Shipped),
            (38, ShipmentStatus::Shipped),
            (17, ShipmentStatus::OutForDelivery),
            (7, ShipmentStatus::Delivered),
            (8, ShipmentStatus::Cancelled),
            (45, ShipmentStatus::Cancelled),
            (9, ShipmentStatus::Failed("RTO Initiated".into())),
            (21, ShipmentStatus::Failed("Undelivered".into())),
            (12, ShipmentStatus::Failed("Lost".into())),
            (16, ShipmentStatus::Unknown("Cancellation Requested".into())),
            (999, ShipmentStatus::Unknown("Shiprocket status 999".into())),
        ];
        for (code, expected) in cases {
            assert_eq!(neutral_status(Some(code), ""), expected, "code {code}");
        }
        // Every code is listed once.
        let mut codes: Vec<u64> = STATUS_CODES.iter().map(|(code, _, _)| *code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), STATUS_CODES.len());
    }

    #[test]
    fn names_map_in_any_spelling_and_unknown_words_are_kept() {
        let cases = [
            ("NEW", ShipmentStatus::Booked),
            ("AWB Assigned", ShipmentStatus::Booked),
            ("PICKED UP", ShipmentStatus::PickedUp),
            ("picked-up", ShipmentStatus::PickedUp),
            ("IN_TRANSIT", ShipmentStatus::Shipped),
            ("Shipped", ShipmentStatus::Shipped),
            ("Out For Delivery", ShipmentStatus::OutForDelivery),
            ("OUT FOR DELIVERY", ShipmentStatus::OutForDelivery),
            ("Delivered", ShipmentStatus::Delivered),
            ("CANCELED", ShipmentStatus::Cancelled),
            ("Cancelled", ShipmentStatus::Cancelled),
            (
                "RTO INITIATED",
                ShipmentStatus::Failed("RTO INITIATED".into()),
            ),
            (
                "  Handed to the moon  ",
                ShipmentStatus::Unknown("Handed to the moon".into()),
            ),
            ("", ShipmentStatus::Unknown("no status".into())),
        ];
        for (words, expected) in cases {
            assert_eq!(neutral_status(None, words), expected, "{words:?}");
        }
        // A known code wins over the words; unknown codes fall back to them.
        assert_eq!(
            neutral_status(Some(7), "Out For Delivery"),
            ShipmentStatus::Delivered
        );
        assert_eq!(
            neutral_status(Some(0), "PICKED UP"),
            ShipmentStatus::PickedUp
        );
        assert_eq!(
            neutral_status(Some(998), "Shelved"),
            ShipmentStatus::Unknown("Shelved".into())
        );
    }

    #[test]
    fn money_names_and_dates() {
        assert_eq!(rupees(129_950), "1299.50");
        assert_eq!(rupees(9_900), "99.00");
        assert_eq!(rupees(5), "0.05");
        assert_eq!(rupees(0), "0.00");
        let cases = [
            ("Asha Rao", ("Asha", "Rao")),
            ("  Anil  Kumar Sharma ", ("Anil Kumar", "Sharma")),
            ("Madonna", ("Madonna", "")),
            ("", ("", "")),
        ];
        for (name, (first, last)) in cases {
            assert_eq!(split_name(name), (first.to_owned(), last.to_owned()));
        }
        assert_eq!(
            parse_date("2022-07-19 11:37:00").map(|d| d.to_rfc3339()),
            Some("2022-07-19T06:07:00+00:00".to_owned())
        );
        assert_eq!(
            parse_date("2022-07-19 11:37").map(|d| d.to_rfc3339()),
            Some("2022-07-19T06:07:00+00:00".to_owned())
        );
        for bad in ["", "NA", "0000-00-00 00:00:00", "19 Jul 2022"] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn field_errors_follow_the_message() {
        let body = json!({"message": "Oops! Invalid Data.", "status_code": 422,
            "errors": {"billing_pincode": ["The billing pincode must be 6 digits."],
                       "order_id": ["The order id field is required.", "Second."]}});
        assert_eq!(
            explain(body.to_string().as_bytes()).as_deref(),
            Some(
                "Oops! Invalid Data. (billing_pincode: The billing pincode must be 6 digits.; \
                 order_id: The order id field is required. Second.)"
            )
        );
        assert_eq!(
            explain(br#"{"message": "Unauthenticated."}"#).as_deref(),
            Some("Unauthenticated.")
        );
        assert_eq!(explain(b"<html>Bad gateway</html>"), None);
        assert!(is_shiprocket_error(
            br#"{"message": "404 Not Found", "status_code": 404}"#
        ));
        assert!(!is_shiprocket_error(b"<html>Not Found</html>"));
    }

    #[test]
    fn tracking_data_is_found_in_every_shape() {
        let data = json!({"track_status": 1});
        for answer in [
            json!({"tracking_data": data}),
            json!([{"tracking_data": data}]),
            json!({"16104408": {"tracking_data": data}}),
        ] {
            assert_eq!(tracking_data(&answer), Some(&data), "{answer}");
        }
        assert_eq!(tracking_data(&json!({"a": 1, "b": 2})), None);
    }

    #[test]
    fn endpoints_and_bad_bases() {
        let cases = [
            (
                SHIPROCKET_URL,
                "https://apiv2.shiprocket.in/v1/external/orders/create/adhoc",
            ),
            (
                " http://127.0.0.1:9100/ ",
                "http://127.0.0.1:9100/v1/external/orders/create/adhoc",
            ),
            (
                "https://proxy.example.in/shiprocket/",
                "https://proxy.example.in/shiprocket/v1/external/orders/create/adhoc",
            ),
        ];
        for (base, expected) in cases {
            let shiprocket = Shiprocket::new(Some(base), "ops@shop.in", "pw", "").expect(base);
            assert_eq!(endpoint(&shiprocket.base, CREATE_PATH).as_str(), expected);
            assert_eq!(shiprocket.pickup_location, DEFAULT_PICKUP_LOCATION);
        }
        for bad in [
            "apiv2.shiprocket.in",
            "ftp://apiv2.shiprocket.in",
            "",
            "https://",
        ] {
            let error = Shiprocket::new(Some(bad), "ops@shop.in", "pw", "Primary").expect_err(bad);
            assert!(
                matches!(error, ShippingError::BadUrl(_)),
                "{bad}: {error:?}"
            );
        }
        assert!(matches!(
            Shiprocket::new(None, " ", "pw", "Primary"),
            Err(ShippingError::NoCredentials("the e-mail"))
        ));
        assert!(matches!(
            Shiprocket::new(None, "ops@shop.in", "", "Primary"),
            Err(ShippingError::NoCredentials("the password"))
        ));
    }

    #[test]
    fn debug_and_describe_hide_the_password() {
        let shiprocket = Shiprocket::new(
            Some("https://user:hunter2@proxy.example.in"),
            "ops@shop.in",
            "s3cret-pass",
            " Mumbai WH ",
        )
        .expect("valid");
        for text in [format!("{shiprocket:?}"), shiprocket.describe()] {
            assert!(!text.contains("s3cret-pass"), "{text}");
            assert!(!text.contains("hunter2"), "{text}");
        }
        assert_eq!(
            shiprocket.describe(),
            "Shiprocket at https://proxy.example.in/ (pickup location \"Mumbai WH\")"
        );
        assert_eq!(
            shiprocket.redact("bad s3cret-pass and tok-1", Some("tok-1")),
            "bad <password> and <token>"
        );
    }
}
