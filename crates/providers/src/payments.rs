//! Card payments: the [`Payments`] port, the shapes it answers in whichever service answers,
//! its errors, and the signature and card-number rules both adapters share.
//!
//! The protocol is Razorpay's (orders, the checkout's signed answer, webhooks, refunds), which
//! [`crate::Razorpay`] speaks to Razorpay itself and [`crate::SandboxPayments`] imitates with
//! no network and no account.

use std::collections::BTreeMap;
use std::fmt;

use ring::hmac;

use crate::BoxFuture;
use crate::sandbox::SandboxPayments;

/// Free-form key-value pairs attached to an order or a refund (Razorpay's `notes`: at most 15
/// pairs of at most 256 characters each). Shown in the payment service's dashboard; never put
/// a secret or a card number in them.
pub type Notes = BTreeMap<String, String>;

/// The header a webhook's signature arrives in: HMAC-SHA256 of the raw body, keyed with the
/// webhook secret, as lowercase hex. See [`Payments::verify_webhook_signature`].
pub const WEBHOOK_SIGNATURE_HEADER: &str = "X-Razorpay-Signature";

/// The header a webhook's event id arrives in. Razorpay delivers an event at least once and
/// retries it with the same id, so a handler that remembers ids handles each event once.
pub const WEBHOOK_EVENT_ID_HEADER: &str = "X-Razorpay-Event-Id";

/// Takes card payments. Adapters: [`crate::SandboxPayments`] (embedded: no money moves) and
/// [`crate::Razorpay`] (Razorpay's API).
///
/// The flow (001 §4 "Payment: idle, processing, dismissed, verified"): the server creates an
/// order for the amount it computed ([`Payments::create_order`]) and gives the browser the
/// order id and [`Payments::public_config`]; the checkout pays it and hands back the order id,
/// a payment id and a signature; the server checks the signature
/// ([`Payments::verify_payment_signature`]) against the order id it stored, never one the
/// browser sends alone, then asks the service for the payment ([`Payments::fetch_payment`]) to
/// see that it is captured, belongs to that order and is for that amount. Webhooks
/// ([`Payments::verify_webhook_signature`]) tell the server the same when the browser never
/// comes back. Refunds are asked for ([`Payments::refund`]) and followed
/// ([`Payments::refund_status`]) from pending to processed (001 §4: refund "initiated", then
/// "completed").
///
/// Money is in paise everywhere, as in the rest of the shop.
pub trait Payments: Send + Sync + fmt::Debug {
    /// A new order for `amount_paise` in `currency` (`"INR"`), with the shop's `receipt` (its
    /// own reference, at most 40 characters) and `notes`. Each payment attempt needs an order.
    fn create_order<'a>(
        &'a self,
        amount_paise: i64,
        currency: &'a str,
        receipt: &'a str,
        notes: &'a Notes,
    ) -> BoxFuture<'a, Result<ProviderOrder, PaymentsError>>;

    /// Whether `signature` is the checkout's signature of this order and payment: HMAC-SHA256
    /// of `"{order_id}|{payment_id}"` keyed with the key secret, as hex, compared in constant
    /// time. Anything that is not such hex (odd length, other characters, another length) is
    /// `false`. Local: no request is sent.
    fn verify_payment_signature(&self, order_id: &str, payment_id: &str, signature: &str) -> bool;

    /// Whether `signature` (the [`WEBHOOK_SIGNATURE_HEADER`]) signs `raw_body`: HMAC-SHA256 of
    /// the body's bytes exactly as received (never re-serialised JSON) keyed with the webhook
    /// secret, as hex, compared in constant time. Local: no request is sent.
    fn verify_webhook_signature(&self, raw_body: &[u8], signature: &str) -> bool;

    /// The payment as the service knows it now, or [`PaymentsError::NotFound`].
    fn fetch_payment<'a>(
        &'a self,
        payment_id: &'a str,
    ) -> BoxFuture<'a, Result<ProviderPayment, PaymentsError>>;

    /// Refunds `amount_paise` of a captured payment (all of it or part; parts may follow while
    /// their sum stays within the payment). The refund usually starts
    /// [`RefundStatus::Pending`]; follow it with [`Payments::refund_status`].
    fn refund<'a>(
        &'a self,
        payment_id: &'a str,
        amount_paise: i64,
        receipt: Option<&'a str>,
        notes: &'a Notes,
    ) -> BoxFuture<'a, Result<ProviderRefund, PaymentsError>>;

    /// The refund as the service knows it now, or [`PaymentsError::NotFound`].
    fn refund_status<'a>(
        &'a self,
        refund_id: &'a str,
    ) -> BoxFuture<'a, Result<ProviderRefund, PaymentsError>>;

    /// What the browser may know: the key id and the mode (`GET /payments/test-config`). Never
    /// a secret.
    fn public_config(&self) -> PublicConfig;

    /// Which adapter this is, for logs and the start-up banner; never contains a secret.
    fn describe(&self) -> String;

    /// The embedded sandbox, when it is the adapter: its test payment sheet
    /// ([`SandboxPayments::pay`]) and signed webhooks ([`SandboxPayments::webhook`]) stand in
    /// for Razorpay's checkout and Razorpay's calls to the shop. `None` for a real service.
    fn sandbox(&self) -> Option<&SandboxPayments> {
        None
    }
}

/// An order: what one payment attempt pays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderOrder {
    /// The service's id (`order_...`), which the checkout is opened with.
    pub id: String,
    pub amount_paise: i64,
    /// What has been paid against it so far.
    pub amount_paid_paise: i64,
    pub currency: String,
    /// The shop's own reference, as given.
    pub receipt: Option<String>,
    pub status: OrderStatus,
    /// Payment attempts made on it, failed ones included.
    pub attempts: u32,
}

/// Where an order is (Razorpay's order states).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderStatus {
    /// Nobody has tried to pay it yet.
    Created,
    /// At least one payment was tried; none captured.
    Attempted,
    /// A payment was captured for it.
    Paid,
}

impl OrderStatus {
    /// The service's word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Created => "created",
            Self::Attempted => "attempted",
            Self::Paid => "paid",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Self> {
        match text {
            "created" => Some(Self::Created),
            "attempted" => Some(Self::Attempted),
            "paid" => Some(Self::Paid),
            _ => None,
        }
    }
}

/// A payment as the service reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderPayment {
    /// The service's id (`pay_...`).
    pub id: String,
    /// The order it paid; `None` for a payment made without one (which the shop never makes).
    pub order_id: Option<String>,
    pub amount_paise: i64,
    pub currency: String,
    pub status: PaymentStatus,
    /// `card`, `upi`, `netbanking`, `wallet`...; empty when the service does not say.
    pub method: String,
    /// How much of it has been refunded.
    pub amount_refunded_paise: i64,
    /// Why it failed, when it did.
    pub error_description: Option<String>,
}

/// Where a payment is (Razorpay's payment states).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentStatus {
    /// Started, not yet authorised.
    Created,
    /// The bank approved it; the money is not taken until it is captured (Razorpay refunds an
    /// authorised payment that is not captured within days). Not yet paid.
    Authorized,
    /// Paid: the money is the shop's.
    Captured,
    /// Refunded in full.
    Refunded,
    /// Declined or abandoned.
    Failed,
}

impl PaymentStatus {
    /// The service's word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Created => "created",
            Self::Authorized => "authorized",
            Self::Captured => "captured",
            Self::Refunded => "refunded",
            Self::Failed => "failed",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Self> {
        match text {
            "created" => Some(Self::Created),
            "authorized" => Some(Self::Authorized),
            "captured" => Some(Self::Captured),
            "refunded" => Some(Self::Refunded),
            "failed" => Some(Self::Failed),
            _ => None,
        }
    }
}

/// A refund as the service reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderRefund {
    /// The service's id (`rfnd_...`).
    pub id: String,
    pub payment_id: String,
    pub amount_paise: i64,
    pub currency: String,
    pub status: RefundStatus,
    /// The shop's own reference, when one was given.
    pub receipt: Option<String>,
}

/// Where a refund is (Razorpay's refund states); 001 §4 shows pending as "Initiated" and
/// processed as "Completed".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundStatus {
    /// Asked for; the money is on its way back.
    Pending,
    /// The money was sent back to the shopper's card.
    Processed,
    /// The bank did not take it back; the amount stays with the shop, to be refunded again.
    Failed,
}

impl RefundStatus {
    /// The service's word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Processed => "processed",
            Self::Failed => "failed",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Self> {
        match text {
            "pending" => Some(Self::Pending),
            "processed" => Some(Self::Processed),
            "failed" => Some(Self::Failed),
            _ => None,
        }
    }
}

/// What the browser is told about the payment service (`GET /payments/test-config`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicConfig {
    /// The public key id the checkout is opened with (`rzp_test_...`, `rzp_live_...`, or the
    /// sandbox's [`crate::SANDBOX_KEY_ID`]).
    pub key_id: String,
    pub mode: PaymentsMode,
}

/// Whether money moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentsMode {
    /// Razorpay with test keys (`rzp_test_...`): Razorpay's checkout, no money moves.
    Test,
    /// Razorpay with live keys (`rzp_live_...`): real money.
    Live,
    /// The embedded sandbox: the shop's own test payment sheet, no money, no account.
    Sandbox,
}

impl PaymentsMode {
    /// `"test"`, `"live"` or `"sandbox"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Test => "test",
            Self::Live => "live",
            Self::Sandbox => "sandbox",
        }
    }
}

/// Why a payment call gave no answer. [`PaymentsError::Declined`] and
/// [`PaymentsError::NotFound`] are answers about the payment; [`PaymentsError::Refused`] means
/// the service will not do what was asked as asked (wrong credentials, or a request it does
/// not accept); [`PaymentsError::Unavailable`] means it cannot be done right now and may work
/// later; [`PaymentsError::BadAnswer`] is a service that answered something unreadable.
/// Messages name the endpoint without credentials and never include a secret.
#[derive(Debug, thiserror::Error)]
pub enum PaymentsError {
    /// The card's side said no, or the card details cannot be right. `code` is for the
    /// program (`card_declined`, `invalid_card_number`, `card_expired`, `invalid_expiry`,
    /// `invalid_cvv`, or Razorpay's error `reason`); `reason` is a sentence for the shopper
    /// ("Your card was declined.").
    #[error("the payment was declined ({code}): {reason}")]
    Declined { code: String, reason: String },
    /// No such order, payment or refund at the service.
    #[error("the payment service has no {kind} {id}")]
    NotFound {
        /// `order`, `payment` or `refund`.
        kind: &'static str,
        /// The id asked for (clipped).
        id: String,
    },
    /// The service refused the request: wrong credentials (HTTP 401), or a request it does
    /// not accept (HTTP 400: an amount below ₹1, a refund beyond what was captured...), as
    /// its error explains it ([`Refusal`]). Boxed: a `Result` carrying this error stays small.
    #[error(
        "the payment service at {endpoint} refused the request (HTTP {} {}): {}",
        .refusal.status, .refusal.code, .refusal.description
    )]
    Refused {
        endpoint: String,
        refusal: Box<Refusal>,
    },
    /// No answer in time, no connection, or a passing failure on the service's side (HTTP 5xx,
    /// 429): try again later.
    #[error("the payment service at {endpoint} is unavailable: {reason}")]
    Unavailable { endpoint: String, reason: String },
    /// A 2xx answer that is not the service's JSON, or has a state it does not document.
    #[error("the payment service at {endpoint} sent an answer that could not be read: {reason}")]
    BadAnswer { endpoint: String, reason: String },
    /// The adapter cannot be set up: a bad base URL, a missing or malformed key, or an HTTP
    /// client that cannot be built.
    #[error("the payment service is not configured usably: {0}")]
    Config(String),
}

/// Why the service refused a request: the HTTP status and Razorpay's error (`{"error":
/// {"code", "description", "source", "step", "reason"}}`) as it gave them (Razorpay itself
/// writes `NA` where a field does not apply). An answer that is not Razorpay's error (a
/// proxy's page) leaves the fields empty but the description, the start of that answer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    /// `BAD_REQUEST_ERROR`, `GATEWAY_ERROR`, `SERVER_ERROR`.
    pub code: String,
    /// What went wrong, in a sentence ("Authentication failed").
    pub description: String,
    /// Whose doing: `business` (the request), `customer`, `bank`, `issuer`, `gateway`...
    pub source: String,
    /// Where in the payment's life: `payment_initiation`, `payment_authorization`...
    pub step: String,
    /// For programs: `input_validation_failed`, `payment_failed`...
    pub reason: String,
}

/// How much of an id goes into [`PaymentsError::NotFound`]: whatever a client sent can be long.
const SHOWN_ID_CHARS: usize = 64;

impl PaymentsError {
    /// [`PaymentsError::NotFound`] for this kind of thing and id.
    pub(crate) fn not_found(kind: &'static str, id: &str) -> Self {
        Self::NotFound {
            kind,
            id: id.chars().take(SHOWN_ID_CHARS).collect(),
        }
    }
}

/// The two keys Razorpay's protocol signs with, and the checks both adapters make with them.
pub(crate) struct SigningKeys {
    /// The key secret's: the checkout's answer.
    payment: hmac::Key,
    /// The webhook secret's: the webhooks.
    webhook: hmac::Key,
}

impl SigningKeys {
    pub(crate) fn new(key_secret: &str, webhook_secret: &str) -> Self {
        Self {
            payment: hmac_key(key_secret),
            webhook: hmac_key(webhook_secret),
        }
    }

    /// The checkout's signature of this order and payment.
    pub(crate) fn sign_payment(&self, order_id: &str, payment_id: &str) -> String {
        sign_hex(
            &self.payment,
            payment_message(order_id, payment_id).as_bytes(),
        )
    }

    /// A webhook body's signature.
    pub(crate) fn sign_webhook(&self, raw_body: &[u8]) -> String {
        sign_hex(&self.webhook, raw_body)
    }

    /// [`Payments::verify_payment_signature`].
    pub(crate) fn verify_payment(&self, order_id: &str, payment_id: &str, signature: &str) -> bool {
        verify_hex(
            &self.payment,
            payment_message(order_id, payment_id).as_bytes(),
            signature,
        )
    }

    /// [`Payments::verify_webhook_signature`].
    pub(crate) fn verify_webhook(&self, raw_body: &[u8], signature: &str) -> bool {
        verify_hex(&self.webhook, raw_body, signature)
    }
}

/// An HMAC-SHA256 key made from a secret as Razorpay uses it: the secret's text is the key.
pub(crate) fn hmac_key(secret: &str) -> hmac::Key {
    hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes())
}

/// The message a checkout's signature signs.
pub(crate) fn payment_message(order_id: &str, payment_id: &str) -> String {
    format!("{order_id}|{payment_id}")
}

/// HMAC-SHA256 of `message` under `key`, as lowercase hex (how Razorpay writes signatures).
pub(crate) fn sign_hex(key: &hmac::Key, message: &[u8]) -> String {
    hex(hmac::sign(key, message).as_ref())
}

/// Whether `signature` is the hex of HMAC-SHA256 of `message` under `key`. The tag is
/// compared by `ring::hmac::verify`, in constant time, so a forger learns nothing from how
/// long a wrong guess took; text that is not hex never reaches it.
pub(crate) fn verify_hex(key: &hmac::Key, message: &[u8], signature: &str) -> bool {
    match unhex(signature) {
        Some(tag) => hmac::verify(key, message, &tag).is_ok(),
        None => false,
    }
}

/// Lowercase hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(char::from(DIGITS[usize::from(byte >> 4)]));
        text.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    text
}

/// The bytes `text` is the hex of (either case), or `None` for an odd length or a character
/// that is not a hex digit.
pub(crate) fn unhex(text: &str) -> Option<Vec<u8>> {
    fn digit(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    bytes
        .chunks_exact(2)
        .map(|pair| Some((digit(pair[0])? << 4) | digit(pair[1])?))
        .collect()
}

/// Whether `digits` (ASCII digits only) passes the Luhn check every card number satisfies.
pub(crate) fn luhn_valid(digits: &str) -> bool {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let doubled = d * 2;
                if doubled > 9 { doubled - 9 } else { doubled }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Computed outside this code (Python's `hmac`), so the vectors check the algorithm, not
    /// agree with themselves.
    const SECRET: &str = "sandbox-test-key-secret";
    const ORDER: &str = "order_DLXae45SLMwqTZ";
    const PAYMENT: &str = "pay_DLXbWV0fmyNBvt";
    const SIGNATURE: &str = "0f13047378e17c1f8a5b9ce4dc98a9594a708c4bf78058e776cb561b87f1d388";

    #[test]
    fn rfc_4231_test_case_2() {
        let key = hmac_key("Jefe");
        let message = b"what do ya want for nothing?";
        let expected = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
        assert_eq!(sign_hex(&key, message), expected);
        assert!(verify_hex(&key, message, expected));
    }

    #[test]
    fn a_checkout_signature_is_accepted_and_any_change_refused() {
        let key = hmac_key(SECRET);
        let message = payment_message(ORDER, PAYMENT);
        assert_eq!(message, "order_DLXae45SLMwqTZ|pay_DLXbWV0fmyNBvt");
        assert_eq!(sign_hex(&key, message.as_bytes()), SIGNATURE);
        assert!(verify_hex(&key, message.as_bytes(), SIGNATURE));
        assert!(
            verify_hex(&key, message.as_bytes(), &SIGNATURE.to_uppercase()),
            "hex in either case"
        );

        // One character changed, anywhere.
        for at in [0, 31, SIGNATURE.len() - 1] {
            let mut changed = SIGNATURE.to_owned().into_bytes();
            changed[at] = if changed[at] == b'0' { b'1' } else { b'0' };
            let changed = String::from_utf8(changed).expect("ASCII");
            assert!(!verify_hex(&key, message.as_bytes(), &changed), "{changed}");
        }
        let refused = [
            "",
            &SIGNATURE[..62],
            &SIGNATURE[..63],
            &format!("{SIGNATURE}00"),
            &format!("{}zz", &SIGNATURE[..62]),
            &format!(" {}", &SIGNATURE[..63]),
            "not a signature at all",
        ];
        for signature in refused {
            assert!(
                !verify_hex(&key, message.as_bytes(), signature),
                "{signature:?}"
            );
        }
        // The same signature for another payment, or under another secret.
        let other = payment_message(ORDER, "pay_DLXbWV0fmyNBvu");
        assert!(!verify_hex(&key, other.as_bytes(), SIGNATURE));
        assert!(!verify_hex(
            &hmac_key("another secret"),
            message.as_bytes(),
            SIGNATURE
        ));
    }

    #[test]
    fn a_webhook_signature_is_over_the_raw_bytes() {
        let key = hmac_key("sandbox-test-webhook-secret");
        let body = br#"{"entity":"event","event":"payment.captured"}"#;
        let signature = "993ff1fba7fe9397245a0d57ee197ff6b0bcc1bb71ab05d0fb0c7ac0dbb4bcb2";
        assert!(verify_hex(&key, body, signature));
        // The same JSON written with a space is other bytes.
        let respaced = br#"{"entity": "event","event":"payment.captured"}"#;
        assert!(!verify_hex(&key, respaced, signature));
    }

    #[test]
    fn hex_round_trips_and_refuses_what_is_not_hex() {
        let bytes = [0x00, 0x0f, 0xa5, 0xff];
        assert_eq!(hex(&bytes), "000fa5ff");
        assert_eq!(unhex("000fa5ff").as_deref(), Some(&bytes[..]));
        assert_eq!(unhex("000FA5FF").as_deref(), Some(&bytes[..]));
        assert_eq!(unhex("").as_deref(), Some(&[][..]));
        for bad in ["0", "abc", "0g", "+1", "é0"] {
            assert_eq!(unhex(bad), None, "{bad}");
        }
    }

    #[test]
    fn luhn() {
        for valid in [
            "4111111111111111",
            "4000000000000002",
            "5555555555554444",
            "378282246310005",
            "0",
        ] {
            assert!(luhn_valid(valid), "{valid}");
        }
        for invalid in [
            "4111111111111112",
            "4000000000000001",
            "1234567812345678",
            "",
            "4111 1111 1111 1111",
            "411111111111111a",
        ] {
            assert!(!luhn_valid(invalid), "{invalid}");
        }
    }

    #[test]
    fn statuses_read_the_service_s_words() {
        for status in [
            PaymentStatus::Created,
            PaymentStatus::Authorized,
            PaymentStatus::Captured,
            PaymentStatus::Refunded,
            PaymentStatus::Failed,
        ] {
            assert_eq!(PaymentStatus::parse(status.as_str()), Some(status));
        }
        for status in [
            RefundStatus::Pending,
            RefundStatus::Processed,
            RefundStatus::Failed,
        ] {
            assert_eq!(RefundStatus::parse(status.as_str()), Some(status));
        }
        for status in [
            OrderStatus::Created,
            OrderStatus::Attempted,
            OrderStatus::Paid,
        ] {
            assert_eq!(OrderStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(PaymentStatus::parse("Captured"), None);
        assert_eq!(RefundStatus::parse("initiated"), None);
    }
}
