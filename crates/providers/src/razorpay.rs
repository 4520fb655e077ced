//! Card payments through Razorpay's API (JSON over HTTPS, HTTP Basic authentication with the
//! key id and key secret).

use crate::urls::{endpoint, http_base, shown};
use std::fmt;
use std::time::Duration;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use url::Url;

use crate::BoxFuture;
use crate::openai::error_chain;
use crate::payments::{
    Notes, OrderStatus, PaymentStatus, Payments, PaymentsError, PaymentsMode, ProviderOrder,
    ProviderPayment, ProviderRefund, PublicConfig, RefundStatus, Refusal, SigningKeys,
};

/// Where Razorpay's API answers.
pub const RAZORPAY_URL: &str = "https://api.razorpay.com";

/// How long one request may take. Razorpay usually answers in well under a second; the
/// shopper is waiting on the pay button, and a slow answer is better given up and retried
/// than left hanging.
pub const PAYMENTS_TIMEOUT: Duration = Duration::from_secs(10);

const ORDERS_PATH: &str = "v1/orders";
/// A payment is `v1/payments/{id}`, its refund `v1/payments/{id}/refund`.
const PAYMENTS_PATH: &str = "v1/payments";
/// A refund is `v1/refunds/{id}`.
const REFUNDS_PATH: &str = "v1/refunds";

/// How much of an error answer's body or description goes into a [`PaymentsError`].
const ERROR_BODY_CHARS: usize = 300;

/// Razorpay's key ids: `rzp_test_...` for test mode, `rzp_live_...` for live.
const TEST_KEY_PREFIX: &str = "rzp_test_";
const LIVE_KEY_PREFIX: &str = "rzp_live_";

/// Payments through Razorpay's API:
///
/// - an order: `POST {base}/v1/orders` with `{"amount", "currency", "receipt", "notes"}`;
/// - a payment: `GET {base}/v1/payments/{id}`;
/// - a refund: `POST {base}/v1/payments/{id}/refund` with `{"amount", "receipt"?, "notes"}`
///   (normal speed), followed by `GET {base}/v1/refunds/{id}`.
///
/// Every request carries HTTP Basic authentication with the key id and key secret; `{base}`
/// is [`RAZORPAY_URL`] unless another is given (a local fake, or a proxy). Signatures are
/// checked locally: a checkout's with the key secret, a webhook's with the webhook secret
/// (set in Razorpay's dashboard for the webhook, and not the key secret).
///
/// Razorpay answers a failure with an HTTP status and `{"error": {"code", "description",
/// "source", "step", "reason", "field"?, "metadata"}}`:
///
/// - HTTP 401 (a wrong key id or secret: `BAD_REQUEST_ERROR`, "Authentication failed") and
///   other 4xx are [`PaymentsError::Refused`] with Razorpay's fields;
/// - "The id provided does not exist" (HTTP 400), or HTTP 404 with Razorpay's error, is
///   [`PaymentsError::NotFound`];
/// - an error whose `source` is the `customer`, `bank` or `issuer` is the payment's failure:
///   [`PaymentsError::Declined`] with Razorpay's `reason` as the code;
/// - HTTP 5xx and 429, a timeout and no connection are [`PaymentsError::Unavailable`];
/// - a 2xx answer that is not the entity asked for, or has an undocumented status, is
///   [`PaymentsError::BadAnswer`].
///
/// Payments are expected to be captured automatically (Razorpay's default for new accounts,
/// "Payment Capture" in the dashboard); an [`PaymentStatus::Authorized`] payment is not yet
/// paid, and this adapter does not capture it.
///
/// The secrets stay on the server: they are sent to Razorpay only (the Basic credentials are a
/// header marked sensitive), and errors, `Debug` and [`Payments::describe`] leave them out
/// (text from Razorpay is searched for them too). The key id is public: the browser opens the
/// checkout with it.
pub struct Razorpay {
    client: reqwest::Client,
    base: Url,
    key_id: String,
    key_secret: String,
    webhook_secret: String,
    keys: SigningKeys,
    mode: PaymentsMode,
    timeout: Duration,
}

impl Razorpay {
    /// Razorpay at [`RAZORPAY_URL`], or at `base_url` (a local fake or a proxy answering the
    /// same paths under it), with these credentials; [`PAYMENTS_TIMEOUT`] per request. The key
    /// id must be Razorpay's (`rzp_test_...` or `rzp_live_...`), and neither secret empty.
    pub fn new(
        base_url: Option<&str>,
        key_id: &str,
        key_secret: &str,
        webhook_secret: &str,
    ) -> Result<Self, PaymentsError> {
        Self::with_timeout(
            base_url,
            key_id,
            key_secret,
            webhook_secret,
            PAYMENTS_TIMEOUT,
        )
    }

    /// As [`Razorpay::new`], with another time limit per request.
    pub fn with_timeout(
        base_url: Option<&str>,
        key_id: &str,
        key_secret: &str,
        webhook_secret: &str,
        timeout: Duration,
    ) -> Result<Self, PaymentsError> {
        let base = base_of(base_url.unwrap_or(RAZORPAY_URL))?;
        let key_id = key_id.trim();
        let mode = mode_of(key_id)?;
        let key_secret = key_secret.trim();
        if key_secret.is_empty() {
            return Err(PaymentsError::Config("no key secret was given".to_owned()));
        }
        let webhook_secret = webhook_secret.trim();
        if webhook_secret.is_empty() {
            return Err(PaymentsError::Config(
                "no webhook secret was given (the secret set for the webhook in Razorpay's \
                 dashboard)"
                    .to_owned(),
            ));
        }
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .build()
            .map_err(|e| PaymentsError::Config(format!("the HTTP client: {}", error_chain(&e))))?;
        Ok(Self {
            client,
            base,
            key_id: key_id.to_owned(),
            key_secret: key_secret.to_owned(),
            webhook_secret: webhook_secret.to_owned(),
            keys: SigningKeys::new(key_secret, webhook_secret),
            mode,
            timeout,
        })
    }

    /// `text` (from Razorpay, or an error about a request) with the secrets cut out.
    fn redact(&self, text: &str) -> String {
        text.replace(&self.key_secret, "<key secret>")
            .replace(&self.webhook_secret, "<webhook secret>")
    }

    /// The start of `text`, without the secrets.
    fn clipped(&self, text: &str) -> String {
        self.redact(text).chars().take(ERROR_BODY_CHARS).collect()
    }

    /// `{base}/{path}/{segment}...`, each segment percent-encoded, so whatever id a client
    /// sends stays one segment. An id that is no segment at all (empty, `.` or `..`, which
    /// the URL would fold away) is no such thing, and Razorpay need not be asked.
    fn endpoint(
        &self,
        path: &str,
        segments: &[&str],
        kind: &'static str,
    ) -> Result<Url, PaymentsError> {
        let mut url = endpoint(&self.base, path);
        {
            let mut parts = url.path_segments_mut().map_err(|()| {
                PaymentsError::Config("the base URL cannot have a path".to_owned())
            })?;
            for segment in segments {
                if matches!(*segment, "" | "." | "..") {
                    return Err(PaymentsError::not_found(kind, segment));
                }
                parts.push(segment);
            }
        }
        Ok(url)
    }

    /// Sends `request` with the credentials and reads the answer: the entity for a 2xx, else
    /// the error Razorpay's answer stands for (see [`Razorpay`]).
    async fn call<T: DeserializeOwned + Entity>(
        &self,
        request: reqwest::RequestBuilder,
        url: &Url,
        kind: &'static str,
        id: &str,
    ) -> Result<T, PaymentsError> {
        let shown = shown(url);
        let response = request
            .basic_auth(&self.key_id, Some(&self.key_secret))
            .send()
            .await
            .map_err(|e| self.transport_error(&shown, e))?;
        let status = response.status();
        let body = response
            .bytes()
            .await
            .map_err(|e| self.transport_error(&shown, e))?;
        if !status.is_success() {
            return Err(self.failure(shown, status.as_u16(), &body, kind, id));
        }
        let answer: T = serde_json::from_slice(&body).map_err(|e| PaymentsError::BadAnswer {
            endpoint: shown.clone(),
            reason: self.clipped(&e.to_string()),
        })?;
        match answer.entity() {
            Some(entity) if entity != T::ENTITY => Err(PaymentsError::BadAnswer {
                endpoint: shown,
                reason: format!(
                    "the answer's entity is {:?}, not {:?}",
                    self.clipped(entity),
                    T::ENTITY
                ),
            }),
            _ => Ok(answer),
        }
    }

    fn transport_error(&self, endpoint: &str, error: reqwest::Error) -> PaymentsError {
        let error = error.without_url();
        let reason = if error.is_timeout() {
            format!(
                "it did not answer within {} s",
                self.timeout.as_secs().max(1)
            )
        } else {
            format!(
                "it could not be reached: {}",
                self.redact(&error_chain(&error))
            )
        };
        PaymentsError::Unavailable {
            endpoint: endpoint.to_owned(),
            reason,
        }
    }

    /// The error an answer with HTTP `status` other than 2xx stands for.
    fn failure(
        &self,
        endpoint: String,
        status: u16,
        body: &[u8],
        kind: &'static str,
        id: &str,
    ) -> PaymentsError {
        let razorpay = serde_json::from_slice::<ErrorAnswer>(body)
            .ok()
            .map(|answer| answer.error)
            .filter(|error| !error.code.is_empty() || !error.description.is_empty());
        if status >= 500 || status == 429 {
            let said = match &razorpay {
                Some(error) => format!("{} {}", error.code, error.description),
                None => String::from_utf8_lossy(body).trim().to_owned(),
            };
            return PaymentsError::Unavailable {
                endpoint,
                reason: format!("it answered HTTP {status}: {}", self.clipped(&said)),
            };
        }
        let Some(error) = razorpay else {
            // Not Razorpay's answer (a proxy's page, a wrong base URL): refused, with the
            // start of what came back.
            return PaymentsError::Refused {
                endpoint,
                refusal: Box::new(Refusal {
                    status,
                    description: self.clipped(String::from_utf8_lossy(body).trim()),
                    ..Refusal::default()
                }),
            };
        };
        if status != 401 && (status == 404 || error.description.contains("does not exist")) {
            return PaymentsError::not_found(kind, id);
        }
        let source = error.source.unwrap_or_default();
        let reason = error.reason.unwrap_or_default();
        if status != 401 && matches!(source.as_str(), "customer" | "bank" | "issuer") {
            return PaymentsError::Declined {
                code: self.redact(&reason),
                reason: self.clipped(&error.description),
            };
        }
        PaymentsError::Refused {
            endpoint,
            refusal: Box::new(Refusal {
                status,
                code: self.clipped(&error.code),
                description: self.clipped(&error.description),
                source: self.clipped(&source),
                step: self.clipped(&error.step.unwrap_or_default()),
                reason: self.clipped(&reason),
            }),
        }
    }

    async fn order(
        &self,
        amount_paise: i64,
        currency: &str,
        receipt: &str,
        notes: &Notes,
    ) -> Result<ProviderOrder, PaymentsError> {
        let url = self.endpoint(ORDERS_PATH, &[], "order")?;
        let body = json!({
            "amount": amount_paise,
            "currency": currency,
            "receipt": receipt,
            "notes": notes,
        });
        let request = self.client.post(url.clone()).json(&body);
        let answer: OrderAnswer = self.call(request, &url, "order", "").await?;
        let status = OrderStatus::parse(&answer.status)
            .ok_or_else(|| self.undocumented(&url, "order", &answer.status))?;
        Ok(ProviderOrder {
            id: answer.id,
            amount_paise: answer.amount,
            amount_paid_paise: answer.amount_paid,
            currency: answer.currency,
            receipt: answer.receipt,
            status,
            attempts: answer.attempts,
        })
    }

    async fn payment(&self, payment_id: &str) -> Result<ProviderPayment, PaymentsError> {
        let url = self.endpoint(PAYMENTS_PATH, &[payment_id], "payment")?;
        let request = self.client.get(url.clone());
        let answer: PaymentAnswer = self.call(request, &url, "payment", payment_id).await?;
        let status = PaymentStatus::parse(&answer.status)
            .ok_or_else(|| self.undocumented(&url, "payment", &answer.status))?;
        Ok(ProviderPayment {
            id: answer.id,
            order_id: answer.order_id.filter(|id| !id.is_empty()),
            amount_paise: answer.amount,
            currency: answer.currency,
            status,
            method: answer.method.unwrap_or_default(),
            amount_refunded_paise: answer.amount_refunded,
            error_description: answer.error_description,
        })
    }

    async fn new_refund(
        &self,
        payment_id: &str,
        amount_paise: i64,
        receipt: Option<&str>,
        notes: &Notes,
    ) -> Result<ProviderRefund, PaymentsError> {
        let url = self.endpoint(PAYMENTS_PATH, &[payment_id, "refund"], "payment")?;
        let mut body = json!({"amount": amount_paise, "speed": "normal", "notes": notes});
        if let Some(receipt) = receipt {
            body["receipt"] = json!(receipt);
        }
        let request = self.client.post(url.clone()).json(&body);
        let answer: RefundAnswer = self.call(request, &url, "payment", payment_id).await?;
        self.read_refund(&url, answer)
    }

    async fn refund(&self, refund_id: &str) -> Result<ProviderRefund, PaymentsError> {
        let url = self.endpoint(REFUNDS_PATH, &[refund_id], "refund")?;
        let request = self.client.get(url.clone());
        let answer: RefundAnswer = self.call(request, &url, "refund", refund_id).await?;
        self.read_refund(&url, answer)
    }

    fn read_refund(
        &self,
        url: &Url,
        answer: RefundAnswer,
    ) -> Result<ProviderRefund, PaymentsError> {
        let status = RefundStatus::parse(&answer.status)
            .ok_or_else(|| self.undocumented(url, "refund", &answer.status))?;
        Ok(ProviderRefund {
            id: answer.id,
            payment_id: answer.payment_id,
            amount_paise: answer.amount,
            currency: answer.currency.unwrap_or_default(),
            status,
            receipt: answer.receipt,
        })
    }

    fn undocumented(&self, url: &Url, entity: &str, status: &str) -> PaymentsError {
        PaymentsError::BadAnswer {
            endpoint: shown(url),
            reason: format!(
                "a {entity} with an undocumented status {:?}",
                self.clipped(status)
            ),
        }
    }
}

/// The mode a key id is for, or why it is not Razorpay's.
fn mode_of(key_id: &str) -> Result<PaymentsMode, PaymentsError> {
    let (mode, rest) = if let Some(rest) = key_id.strip_prefix(TEST_KEY_PREFIX) {
        (PaymentsMode::Test, rest)
    } else if let Some(rest) = key_id.strip_prefix(LIVE_KEY_PREFIX) {
        (PaymentsMode::Live, rest)
    } else {
        return Err(PaymentsError::Config(
            "the key id is not Razorpay's: it starts with rzp_test_ (test mode) or rzp_live_ \
             (live mode)"
                .to_owned(),
        ));
    };
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(PaymentsError::Config(
            "the key id is not Razorpay's: letters and digits follow its rzp_test_ or rzp_live_"
                .to_owned(),
        ));
    }
    Ok(mode)
}

/// The base URL, after checking it is http(s) with a host.
fn base_of(base_url: &str) -> Result<Url, PaymentsError> {
    let bad = |why: String| {
        PaymentsError::Config(format!(
            "the Razorpay URL is not usable: {why}. Expected an http(s) base URL under which \
             Razorpay's /v1 paths answer, such as a proxy or a local fake (without one, {RAZORPAY_URL})"
        ))
    };
    http_base(base_url).map_err(bad)
}

impl fmt::Debug for Razorpay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Razorpay")
            .field("base", &shown(&self.base))
            .field("key_id", &self.key_id)
            .field("key_secret", &"<set>")
            .field("webhook_secret", &"<set>")
            .field("mode", &self.mode)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl Payments for Razorpay {
    fn create_order<'a>(
        &'a self,
        amount_paise: i64,
        currency: &'a str,
        receipt: &'a str,
        notes: &'a Notes,
    ) -> BoxFuture<'a, Result<ProviderOrder, PaymentsError>> {
        Box::pin(self.order(amount_paise, currency, receipt, notes))
    }

    fn verify_payment_signature(&self, order_id: &str, payment_id: &str, signature: &str) -> bool {
        self.keys.verify_payment(order_id, payment_id, signature)
    }

    fn verify_webhook_signature(&self, raw_body: &[u8], signature: &str) -> bool {
        self.keys.verify_webhook(raw_body, signature)
    }

    fn fetch_payment<'a>(
        &'a self,
        payment_id: &'a str,
    ) -> BoxFuture<'a, Result<ProviderPayment, PaymentsError>> {
        Box::pin(self.payment(payment_id))
    }

    fn refund<'a>(
        &'a self,
        payment_id: &'a str,
        amount_paise: i64,
        receipt: Option<&'a str>,
        notes: &'a Notes,
    ) -> BoxFuture<'a, Result<ProviderRefund, PaymentsError>> {
        Box::pin(self.new_refund(payment_id, amount_paise, receipt, notes))
    }

    fn refund_status<'a>(
        &'a self,
        refund_id: &'a str,
    ) -> BoxFuture<'a, Result<ProviderRefund, PaymentsError>> {
        Box::pin(self.refund(refund_id))
    }

    fn public_config(&self) -> PublicConfig {
        PublicConfig {
            key_id: self.key_id.clone(),
            mode: self.mode,
        }
    }

    fn describe(&self) -> String {
        format!(
            "Razorpay at {} ({} mode, key {})",
            shown(&self.base),
            self.mode.as_str(),
            self.key_id
        )
    }
}

/// What an answer says it is (Razorpay's `entity`), when it says.
trait Entity {
    const ENTITY: &'static str;
    fn entity(&self) -> Option<&str>;
}

/// A Razorpay failure: `{"error": {...}}`. Razorpay writes `"NA"` or `null` where a field
/// does not apply.
#[derive(Debug, Deserialize)]
struct ErrorAnswer {
    error: RazorpayError,
}

#[derive(Debug, Deserialize)]
struct RazorpayError {
    #[serde(default)]
    code: String,
    #[serde(default)]
    description: String,
    source: Option<String>,
    step: Option<String>,
    reason: Option<String>,
}

#[derive(Debug, Deserialize)]
struct OrderAnswer {
    entity: Option<String>,
    id: String,
    amount: i64,
    #[serde(default)]
    amount_paid: i64,
    currency: String,
    receipt: Option<String>,
    status: String,
    #[serde(default)]
    attempts: u32,
}

impl Entity for OrderAnswer {
    const ENTITY: &'static str = "order";
    fn entity(&self) -> Option<&str> {
        self.entity.as_deref()
    }
}

#[derive(Debug, Deserialize)]
struct PaymentAnswer {
    entity: Option<String>,
    id: String,
    amount: i64,
    currency: String,
    status: String,
    order_id: Option<String>,
    method: Option<String>,
    #[serde(default)]
    amount_refunded: i64,
    error_description: Option<String>,
}

impl Entity for PaymentAnswer {
    const ENTITY: &'static str = "payment";
    fn entity(&self) -> Option<&str> {
        self.entity.as_deref()
    }
}

#[derive(Debug, Deserialize)]
struct RefundAnswer {
    entity: Option<String>,
    id: String,
    amount: i64,
    currency: Option<String>,
    payment_id: String,
    status: String,
    receipt: Option<String>,
}

impl Entity for RefundAnswer {
    const ENTITY: &'static str = "refund";
    fn entity(&self) -> Option<&str> {
        self.entity.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "key-secret-4f9a";
    const WEBHOOK_SECRET: &str = "webhook-secret-77b1";

    fn razorpay() -> Razorpay {
        Razorpay::new(None, "rzp_test_1DP5mmOlF5G5ag", SECRET, WEBHOOK_SECRET).expect("valid")
    }

    fn failure(status: u16, body: serde_json::Value) -> PaymentsError {
        razorpay().failure(
            "e".to_owned(),
            status,
            body.to_string().as_bytes(),
            "payment",
            "pay_X",
        )
    }

    fn error(code: &str, description: &str, source: &str, reason: &str) -> serde_json::Value {
        json!({"error": {"code": code, "description": description, "source": source,
            "step": "payment_initiation", "reason": reason, "metadata": {}}})
    }

    #[test]
    fn razorpay_s_errors_become_the_port_s() {
        let authentication = json!({"error": {"code": "BAD_REQUEST_ERROR",
            "description": "Authentication failed", "source": "NA", "step": "NA", "reason": "NA",
            "metadata": {}}});
        match failure(401, authentication) {
            PaymentsError::Refused { refusal, .. } => assert_eq!(
                (
                    refusal.status,
                    refusal.code.as_str(),
                    refusal.description.as_str()
                ),
                (401, "BAD_REQUEST_ERROR", "Authentication failed")
            ),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            failure(
                400,
                error(
                    "BAD_REQUEST_ERROR",
                    "The id provided does not exist",
                    "business",
                    "input_validation_failed"
                )
            ),
            PaymentsError::NotFound {
                kind: "payment",
                ..
            }
        ));
        assert!(matches!(
            failure(400, error("BAD_REQUEST_ERROR", "The amount must be at least INR 1.00", "business", "input_validation_failed")),
            PaymentsError::Refused { ref refusal, .. }
                if refusal.status == 400 && refusal.reason == "input_validation_failed"
        ));
        match failure(
            400,
            error(
                "BAD_REQUEST_ERROR",
                "Your payment has been declined by the bank.",
                "bank",
                "card_declined",
            ),
        ) {
            PaymentsError::Declined { code, reason } => assert_eq!(
                (code.as_str(), reason.as_str()),
                (
                    "card_declined",
                    "Your payment has been declined by the bank."
                )
            ),
            other => panic!("{other:?}"),
        }
        for status in [500, 502, 503, 429] {
            assert!(matches!(
                failure(
                    status,
                    error(
                        "SERVER_ERROR",
                        "We are facing some trouble completing your request at the moment. Please try again shortly.",
                        "NA",
                        "NA"
                    )
                ),
                PaymentsError::Unavailable { .. }
            ));
        }
        let page = razorpay().failure("e".to_owned(), 403, b"<html>forbidden</html>", "order", "");
        assert!(matches!(page, PaymentsError::Refused { ref refusal, .. }
                if refusal.status == 403 && refusal.description == "<html>forbidden</html>" && refusal.code.is_empty()));
    }

    #[test]
    fn secrets_are_cut_from_what_razorpay_says() {
        let echoed = error(
            "BAD_REQUEST_ERROR",
            &format!("secret {SECRET} and {WEBHOOK_SECRET}"),
            "business",
            "x",
        );
        let error = failure(400, echoed);
        let text = format!("{error} {error:?}");
        assert!(
            !text.contains(SECRET) && !text.contains(WEBHOOK_SECRET),
            "{text}"
        );
    }

    #[test]
    fn key_ids_name_the_mode() {
        assert_eq!(
            mode_of("rzp_test_1DP5mmOlF5G5ag").ok(),
            Some(PaymentsMode::Test)
        );
        assert_eq!(
            mode_of("rzp_live_ILgsfZCZoFIKMb").ok(),
            Some(PaymentsMode::Live)
        );
        for bad in [
            "",
            "rzp_test_",
            "rzp_sandbox_local",
            "key",
            "rzp_live_a b",
            "RZP_TEST_x",
        ] {
            assert!(
                matches!(mode_of(bad), Err(PaymentsError::Config(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn bad_configuration_is_refused_at_start() {
        let cases = [
            (Some("api.razorpay.com"), "rzp_test_a", "s", "w"),
            (Some("ftp://api.razorpay.com"), "rzp_test_a", "s", "w"),
            (Some("https://"), "rzp_test_a", "s", "w"),
            (None, "key", "s", "w"),
            (None, "rzp_test_a", " ", "w"),
            (None, "rzp_test_a", "s", ""),
        ];
        for (base, key_id, secret, webhook) in cases {
            let error = Razorpay::new(base, key_id, secret, webhook).expect_err(key_id);
            assert!(matches!(error, PaymentsError::Config(_)), "{error:?}");
        }
    }

    #[test]
    fn endpoints_keep_ids_in_one_segment() {
        let proxied = Razorpay::new(Some("http://127.0.0.1:9/razorpay/"), "rzp_test_a", "s", "w")
            .expect("valid");
        let url = proxied
            .endpoint(PAYMENTS_PATH, &["pay/../x?y#z", "refund"], "payment")
            .expect("a URL");
        assert_eq!(
            url.as_str(),
            "http://127.0.0.1:9/razorpay/v1/payments/pay%2F..%2Fx%3Fy%23z/refund"
        );
        for id in ["", ".", ".."] {
            assert!(matches!(
                proxied.endpoint(REFUNDS_PATH, &[id], "refund"),
                Err(PaymentsError::NotFound { kind: "refund", .. })
            ));
        }
        assert_eq!(
            razorpay()
                .endpoint(ORDERS_PATH, &[], "order")
                .expect("a URL")
                .as_str(),
            "https://api.razorpay.com/v1/orders"
        );
    }

    #[test]
    fn debug_describe_and_public_config_hide_the_secrets() {
        let razorpay = Razorpay::new(
            Some("https://proxy:hunter2@pay.example.in"),
            "rzp_live_ILgsfZCZoFIKMb",
            SECRET,
            WEBHOOK_SECRET,
        )
        .expect("valid");
        let config = razorpay.public_config();
        for text in [
            format!("{razorpay:?}"),
            razorpay.describe(),
            format!("{config:?}"),
        ] {
            for secret in [SECRET, WEBHOOK_SECRET, "hunter2"] {
                assert!(!text.contains(secret), "{text}");
            }
        }
        assert_eq!(
            razorpay.describe(),
            "Razorpay at https://pay.example.in/ (live mode, key rzp_live_ILgsfZCZoFIKMb)"
        );
        assert_eq!(
            config,
            PublicConfig {
                key_id: "rzp_live_ILgsfZCZoFIKMb".to_owned(),
                mode: PaymentsMode::Live
            }
        );
    }

    #[test]
    fn signatures_use_the_key_secret_and_the_webhook_secret_apart() {
        // HMAC-SHA256("order_DLXae45SLMwqTZ|pay_DLXbWV0fmyNBvt") under
        // "sandbox-test-key-secret", computed outside this code.
        let razorpay = Razorpay::new(
            None,
            "rzp_test_a",
            "sandbox-test-key-secret",
            "sandbox-test-webhook-secret",
        )
        .expect("valid");
        let checkout = "0f13047378e17c1f8a5b9ce4dc98a9594a708c4bf78058e776cb561b87f1d388";
        assert!(razorpay.verify_payment_signature(
            "order_DLXae45SLMwqTZ",
            "pay_DLXbWV0fmyNBvt",
            checkout
        ));
        assert!(!razorpay.verify_payment_signature(
            "order_DLXae45SLMwqTZ",
            "pay_DLXbWV0fmyNBvu",
            checkout
        ));
        let body = br#"{"entity":"event","event":"payment.captured"}"#;
        let webhook = "993ff1fba7fe9397245a0d57ee197ff6b0bcc1bb71ab05d0fb0c7ac0dbb4bcb2";
        assert!(razorpay.verify_webhook_signature(body, webhook));
        // A checkout signature is no webhook signature: the secrets differ.
        assert!(
            !razorpay
                .verify_webhook_signature(b"order_DLXae45SLMwqTZ|pay_DLXbWV0fmyNBvt", checkout)
        );
        assert!(!razorpay.verify_webhook_signature(body, "not hex"));
    }
}
