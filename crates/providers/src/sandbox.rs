//! The embedded payment sandbox: Razorpay's protocol (orders, the checkout's signed answer,
//! signed webhooks, refunds) answered in memory with secrets of its own, so checkout works end
//! to end with no account, no network and no money.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::SystemTime;

use chrono::{DateTime, Datelike, TimeDelta, Utc};
use ring::rand::{SecureRandom, SystemRandom};
use serde_json::json;

use crate::BoxFuture;
use crate::payments::{
    Notes, OrderStatus, PaymentStatus, Payments, PaymentsError, PaymentsMode, ProviderOrder,
    ProviderPayment, ProviderRefund, PublicConfig, RefundStatus, Refusal, SigningKeys, hex,
    luhn_valid,
};

/// The key id the sandbox gives the browser. It has Razorpay's shape but neither of its
/// prefixes (`rzp_test_`, `rzp_live_`), so it can never be mistaken for a real key.
pub const SANDBOX_KEY_ID: &str = "rzp_sandbox_local";

/// A card the sandbox accepts (as it accepts any other valid card number but
/// [`SANDBOX_DECLINED_CARD`]); Razorpay's test mode accepts it too.
pub const SANDBOX_SUCCESS_CARD: &str = "4111 1111 1111 1111";

/// The card the sandbox declines: a valid number, so the shopper gets past the form and meets
/// the bank's "no" ("Your card was declined.").
pub const SANDBOX_DECLINED_CARD: &str = "4000 0000 0000 0002";

/// A refund note that makes a sandbox refund fail: with the value `failed`, the refund goes
/// from pending to failed instead of processed, so the shop's handling of a failed refund can
/// be tried.
pub const SANDBOX_REFUND_OUTCOME_NOTE: &str = "sandbox_refund_outcome";

/// How long the sandbox remembers an order, its payments and their refunds. A checkout takes
/// minutes; a day leaves room for refunds to be tried the same day.
const RETENTION: TimeDelta = TimeDelta::hours(24);

/// The most orders the sandbox remembers, the oldest forgotten first, so a stream of orders
/// within a day cannot grow the process without bound.
const MAX_ORDERS: usize = 10_000;

/// Razorpay's smallest amount: ₹1.
const MIN_AMOUNT_PAISE: i64 = 100;
/// Razorpay's limits on a receipt and on notes.
const MAX_RECEIPT_CHARS: usize = 40;
const MAX_NOTES: usize = 15;
const MAX_NOTE_CHARS: usize = 256;

/// Characters of a generated id after its prefix, as Razorpay's (`order_DLXae45SLMwqTZ`).
const ID_CHARS: usize = 14;
const ID_ALPHABET: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// What errors name as the endpoint.
const ENDPOINT: &str = "sandbox";

/// The account id in the sandbox's webhooks.
const ACCOUNT_ID: &str = "acc_sandbox";

/// The card a shopper typed on the sandbox's test payment sheet.
#[derive(Clone, Copy)]
pub struct SandboxCard<'a> {
    /// Digits, spaces and dashes allowed (`4111 1111 1111 1111`).
    pub number: &'a str,
    /// 1 to 12.
    pub expiry_month: u32,
    /// Four digits, or two (`29` is 2029).
    pub expiry_year: u32,
    /// Three digits, four for American Express.
    pub cvv: &'a str,
}

/// The number and the CVV are left out, as a card's details never reach a log.
impl fmt::Debug for SandboxCard<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SandboxCard")
            .field("expiry_month", &self.expiry_month)
            .field("expiry_year", &self.expiry_year)
            .finish_non_exhaustive()
    }
}

/// What the checkout hands the browser after a successful payment, named as Razorpay's
/// checkout names it; the browser sends it to the shop's `POST /payments/verify`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SandboxCheckout {
    pub razorpay_order_id: String,
    pub razorpay_payment_id: String,
    /// Hex HMAC-SHA256 of `"{order_id}|{payment_id}"` under the sandbox's key secret.
    pub razorpay_signature: String,
}

/// The events the sandbox can send the shop, as Razorpay sends them when a payment is
/// captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SandboxEvent {
    /// `payment.captured`: the payment entity.
    PaymentCaptured,
    /// `order.paid`: the payment and the order entities.
    OrderPaid,
}

impl SandboxEvent {
    /// Razorpay's name for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::PaymentCaptured => "payment.captured",
            Self::OrderPaid => "order.paid",
        }
    }
}

/// A webhook request as Razorpay would send it: POST the body as it is, with `signature` in
/// [`crate::WEBHOOK_SIGNATURE_HEADER`] and `event_id` in [`crate::WEBHOOK_EVENT_ID_HEADER`]
/// (Razorpay puts the event's id in that header, not in the body).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedWebhook {
    pub event_id: String,
    /// The event's JSON (`{"entity": "event", "event", "contains", "payload", ...}`).
    pub body: Vec<u8>,
    pub signature: String,
}

/// The embedded payment service, the default when no Razorpay keys are configured.
///
/// It keeps Razorpay's semantics so the shop's code is the same for both: orders get
/// `order_...` ids and are remembered (amount, currency, receipt) for a day, at most 10,000 of
/// them; [`SandboxPayments::pay`] is the test payment sheet and answers exactly what
/// Razorpay's checkout answers, signed the same way with the sandbox's own key secret;
/// payments are captured at once (as with Razorpay's automatic capture);
/// [`SandboxPayments::webhook`] builds the `payment.captured` and `order.paid` events Razorpay
/// would send, signed with the sandbox's webhook secret; refunds start pending and are
/// processed when next looked at ([`Payments::refund_status`]), which keeps tests free of
/// waiting.
///
/// Cards: any valid card number (Luhn) with a future expiry and a 3-digit CVV (4 for American
/// Express) pays, such as [`SANDBOX_SUCCESS_CARD`]; [`SANDBOX_DECLINED_CARD`] is declined
/// ("Your card was declined."); an invalid number, an expired card, a bad expiry or CVV are
/// refused as Razorpay's checkout refuses them, without an attempt on the order.
///
/// **Secrets.** [`SandboxPayments::new`] draws a key secret and a webhook secret from the
/// operating system's random source for this process and keeps them in memory only. Nothing
/// the sandbox signs could be used in another process or after a restart anyway: its orders
/// and payments live in this process's memory. A fresh secret per start also means no
/// sandbox signature ever outlives the orders it names, and there is no file to protect.
/// (The session secret is kept in a file because sessions must survive restarts and be shared
/// between processes; sandbox payments need neither.) [`SandboxPayments::with_secrets`] takes
/// fixed secrets, for tests with known signatures.
///
/// **Time.** The sandbox asks its clock ([`SandboxPayments::with_clock`], the system's by
/// default; the API passes its own) for the time an order is made (to forget it a day later)
/// and a card is checked (its expiry); the rules themselves take the time as an argument.
pub struct SandboxPayments {
    keys: SigningKeys,
    book: Mutex<Book>,
    clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>,
    random: SystemRandom,
}

impl SandboxPayments {
    /// A sandbox with secrets drawn for this process (see [`SandboxPayments`] for why they
    /// are not kept) and the system clock. Fails only when the operating system's random
    /// source does.
    pub fn new() -> Result<Self, PaymentsError> {
        let random = SystemRandom::new();
        let secret = || -> Result<String, PaymentsError> {
            let mut bytes = [0u8; 32];
            random.fill(&mut bytes).map_err(|_| random_failed())?;
            Ok(hex(&bytes))
        };
        let (key_secret, webhook_secret) = (secret()?, secret()?);
        Ok(Self::with_secrets(&key_secret, &webhook_secret))
    }

    /// A sandbox with these secrets (tests that check signatures against known values), and
    /// the system clock.
    pub fn with_secrets(key_secret: &str, webhook_secret: &str) -> Self {
        Self {
            keys: SigningKeys::new(key_secret, webhook_secret),
            book: Mutex::new(Book::default()),
            clock: Arc::new(|| DateTime::<Utc>::from(SystemTime::now())),
            random: SystemRandom::new(),
        }
    }

    /// The same sandbox reading the time from `clock` (the API's own, so tests can pin it).
    pub fn with_clock(mut self, clock: impl Fn() -> DateTime<Utc> + Send + Sync + 'static) -> Self {
        self.clock = Arc::new(clock);
        self
    }

    /// The test payment sheet: pays `order_id` with `card`, and answers what Razorpay's
    /// checkout answers on success (the order id, a new `pay_...` id and their signature). The
    /// payment is recorded as captured and the order as paid.
    ///
    /// Errors: [`PaymentsError::NotFound`] for an order the sandbox does not know (or no
    /// longer remembers); [`PaymentsError::Refused`] for an order already paid;
    /// [`PaymentsError::Declined`] for card details that cannot be right (nothing is
    /// attempted) and for [`SANDBOX_DECLINED_CARD`] (an attempt on the order that failed).
    pub fn pay(
        &self,
        order_id: &str,
        card: &SandboxCard<'_>,
    ) -> Result<SandboxCheckout, PaymentsError> {
        let payment_id = self.new_id("pay_")?;
        let now = (self.clock)();
        let payment = self.book().pay(order_id, card, payment_id, now)?;
        let order_id = payment.order_id.clone().unwrap_or_default();
        let razorpay_signature = self.keys.sign_payment(&order_id, &payment.id);
        Ok(SandboxCheckout {
            razorpay_order_id: order_id,
            razorpay_payment_id: payment.id,
            razorpay_signature,
        })
    }

    /// The webhook Razorpay would send for `event` about this payment, signed with the
    /// sandbox's webhook secret: a request the shop's webhook handler must accept exactly as
    /// it accepts Razorpay's. [`PaymentsError::NotFound`] for a payment the sandbox does not
    /// know.
    pub fn webhook(
        &self,
        event: SandboxEvent,
        payment_id: &str,
    ) -> Result<SignedWebhook, PaymentsError> {
        let event_id = self.new_id("evt_")?;
        let now = (self.clock)();
        let body = self.book().event(event, payment_id, now)?;
        let body = serde_json::to_vec(&body).map_err(|e| PaymentsError::BadAnswer {
            endpoint: ENDPOINT.to_owned(),
            reason: e.to_string(),
        })?;
        let signature = self.keys.sign_webhook(&body);
        Ok(SignedWebhook {
            event_id,
            body,
            signature,
        })
    }

    /// The book, even after a panic elsewhere left the lock poisoned: every change to it is
    /// made whole or not at all, so what a panicking holder left is still consistent.
    fn book(&self) -> MutexGuard<'_, Book> {
        self.book
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `prefix` and 14 random letters and digits, as Razorpay's ids.
    fn new_id(&self, prefix: &str) -> Result<String, PaymentsError> {
        let mut id = String::with_capacity(prefix.len() + ID_CHARS);
        id.push_str(prefix);
        let mut bytes = [0u8; 32];
        while id.len() < prefix.len() + ID_CHARS {
            self.random.fill(&mut bytes).map_err(|_| random_failed())?;
            // Rejection sampling: 248 is the largest multiple of 62 within a byte, so every
            // character is equally likely.
            for byte in bytes.iter().filter(|b| **b < 248) {
                if id.len() == prefix.len() + ID_CHARS {
                    break;
                }
                id.push(char::from(ID_ALPHABET[usize::from(*byte % 62)]));
            }
        }
        Ok(id)
    }
}

fn random_failed() -> PaymentsError {
    PaymentsError::Unavailable {
        endpoint: ENDPOINT.to_owned(),
        reason: "the system random source failed".to_owned(),
    }
}

impl fmt::Debug for SandboxPayments {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let book = self.book();
        f.debug_struct("SandboxPayments")
            .field("orders", &book.orders.len())
            .field("payments", &book.payments.len())
            .field("refunds", &book.refunds.len())
            .finish_non_exhaustive()
    }
}

impl Payments for SandboxPayments {
    fn create_order<'a>(
        &'a self,
        amount_paise: i64,
        currency: &'a str,
        receipt: &'a str,
        notes: &'a Notes,
    ) -> BoxFuture<'a, Result<ProviderOrder, PaymentsError>> {
        let outcome = self.new_id("order_").and_then(|id| {
            let now = (self.clock)();
            self.book()
                .create_order(id, amount_paise, currency, receipt, notes, now)
        });
        Box::pin(std::future::ready(outcome))
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
        let outcome = self
            .book()
            .payments
            .get(payment_id)
            .map(|entry| entry.payment.clone())
            .ok_or_else(|| PaymentsError::not_found("payment", payment_id));
        Box::pin(std::future::ready(outcome))
    }

    fn refund<'a>(
        &'a self,
        payment_id: &'a str,
        amount_paise: i64,
        receipt: Option<&'a str>,
        notes: &'a Notes,
    ) -> BoxFuture<'a, Result<ProviderRefund, PaymentsError>> {
        let outcome = self.new_id("rfnd_").and_then(|id| {
            self.book()
                .refund(id, payment_id, amount_paise, receipt, notes)
        });
        Box::pin(std::future::ready(outcome))
    }

    fn refund_status<'a>(
        &'a self,
        refund_id: &'a str,
    ) -> BoxFuture<'a, Result<ProviderRefund, PaymentsError>> {
        let outcome = self.book().refund_status(refund_id);
        Box::pin(std::future::ready(outcome))
    }

    fn public_config(&self) -> PublicConfig {
        PublicConfig {
            key_id: SANDBOX_KEY_ID.to_owned(),
            mode: PaymentsMode::Sandbox,
        }
    }

    fn describe(&self) -> String {
        "sandbox (embedded: no money moves; test cards only; secrets drawn for this process)"
            .to_owned()
    }

    fn sandbox(&self) -> Option<&SandboxPayments> {
        Some(self)
    }
}

/// What the sandbox remembers. Every method takes the ids and the time it needs, so the
/// rules are deterministic; each either changes the book wholly or not at all.
#[derive(Default)]
struct Book {
    orders: HashMap<String, OrderEntry>,
    /// Order ids, oldest first: what to forget next.
    order_queue: VecDeque<String>,
    payments: HashMap<String, PaymentEntry>,
    refunds: HashMap<String, RefundEntry>,
}

struct OrderEntry {
    order: ProviderOrder,
    notes: Notes,
    created_at: DateTime<Utc>,
    payments: Vec<String>,
}

struct PaymentEntry {
    payment: ProviderPayment,
    created_at: DateTime<Utc>,
    refunds: Vec<String>,
}

struct RefundEntry {
    refund: ProviderRefund,
    /// What the refund becomes when next looked at.
    outcome: RefundStatus,
}

impl Book {
    fn create_order(
        &mut self,
        id: String,
        amount_paise: i64,
        currency: &str,
        receipt: &str,
        notes: &Notes,
        now: DateTime<Utc>,
    ) -> Result<ProviderOrder, PaymentsError> {
        if currency != "INR" {
            return Err(invalid("The sandbox takes payments in INR only."));
        }
        check_amount(amount_paise)?;
        check_receipt(receipt)?;
        check_notes(notes)?;
        self.forget_before(now - RETENTION);
        while self.orders.len() >= MAX_ORDERS {
            if !self.forget_oldest() {
                break;
            }
        }
        let order = ProviderOrder {
            id: id.clone(),
            amount_paise,
            amount_paid_paise: 0,
            currency: currency.to_owned(),
            receipt: Some(receipt.to_owned()).filter(|r| !r.is_empty()),
            status: OrderStatus::Created,
            attempts: 0,
        };
        self.orders.insert(
            id.clone(),
            OrderEntry {
                order: order.clone(),
                notes: notes.clone(),
                created_at: now,
                payments: Vec::new(),
            },
        );
        self.order_queue.push_back(id);
        Ok(order)
    }

    fn pay(
        &mut self,
        order_id: &str,
        card: &SandboxCard<'_>,
        payment_id: String,
        now: DateTime<Utc>,
    ) -> Result<ProviderPayment, PaymentsError> {
        let entry = self
            .orders
            .get_mut(order_id)
            .ok_or_else(|| PaymentsError::not_found("order", order_id))?;
        if entry.order.status == OrderStatus::Paid {
            return Err(refused(
                "order_already_paid",
                "This order has already been paid.",
            ));
        }
        let digits = check_card(card, now)?;
        entry.order.attempts += 1;
        if digits == digits_of(SANDBOX_DECLINED_CARD) {
            entry.order.status = OrderStatus::Attempted;
            return Err(PaymentsError::Declined {
                code: "card_declined".to_owned(),
                reason: "Your card was declined.".to_owned(),
            });
        }
        entry.order.status = OrderStatus::Paid;
        entry.order.amount_paid_paise = entry.order.amount_paise;
        entry.payments.push(payment_id.clone());
        let payment = ProviderPayment {
            id: payment_id.clone(),
            order_id: Some(order_id.to_owned()),
            amount_paise: entry.order.amount_paise,
            currency: entry.order.currency.clone(),
            status: PaymentStatus::Captured,
            method: "card".to_owned(),
            amount_refunded_paise: 0,
            error_description: None,
        };
        self.payments.insert(
            payment_id,
            PaymentEntry {
                payment: payment.clone(),
                created_at: now,
                refunds: Vec::new(),
            },
        );
        Ok(payment)
    }

    fn refund(
        &mut self,
        id: String,
        payment_id: &str,
        amount_paise: i64,
        receipt: Option<&str>,
        notes: &Notes,
    ) -> Result<ProviderRefund, PaymentsError> {
        let entry = self
            .payments
            .get_mut(payment_id)
            .ok_or_else(|| PaymentsError::not_found("payment", payment_id))?;
        let payment = &mut entry.payment;
        match payment.status {
            PaymentStatus::Captured => {}
            PaymentStatus::Refunded => {
                return Err(refused(
                    "input_validation_failed",
                    "The payment has been fully refunded already.",
                ));
            }
            _ => {
                return Err(refused(
                    "input_validation_failed",
                    "Only captured payments can be refunded.",
                ));
            }
        }
        check_amount(amount_paise)?;
        if amount_paise > payment.amount_paise - payment.amount_refunded_paise {
            return Err(invalid(
                "The refund amount provided is greater than amount captured.",
            ));
        }
        if let Some(receipt) = receipt {
            check_receipt(receipt)?;
        }
        check_notes(notes)?;
        payment.amount_refunded_paise += amount_paise;
        if payment.amount_refunded_paise == payment.amount_paise {
            payment.status = PaymentStatus::Refunded;
        }
        let refund = ProviderRefund {
            id: id.clone(),
            payment_id: payment_id.to_owned(),
            amount_paise,
            currency: payment.currency.clone(),
            status: RefundStatus::Pending,
            receipt: receipt.map(str::to_owned),
        };
        let outcome = match notes.get(SANDBOX_REFUND_OUTCOME_NOTE).map(String::as_str) {
            Some("failed") => RefundStatus::Failed,
            _ => RefundStatus::Processed,
        };
        entry.refunds.push(id.clone());
        self.refunds.insert(
            id,
            RefundEntry {
                refund: refund.clone(),
                outcome,
            },
        );
        Ok(refund)
    }

    /// The refund, moved from pending to its outcome: the sandbox's bank answers as soon as
    /// anyone asks. A failed refund gives its amount back to the payment.
    fn refund_status(&mut self, refund_id: &str) -> Result<ProviderRefund, PaymentsError> {
        let entry = self
            .refunds
            .get_mut(refund_id)
            .ok_or_else(|| PaymentsError::not_found("refund", refund_id))?;
        if entry.refund.status == RefundStatus::Pending {
            entry.refund.status = entry.outcome;
            if entry.outcome == RefundStatus::Failed
                && let Some(payment) = self.payments.get_mut(&entry.refund.payment_id)
            {
                let payment = &mut payment.payment;
                payment.amount_refunded_paise -= entry.refund.amount_paise;
                if payment.status == PaymentStatus::Refunded {
                    payment.status = PaymentStatus::Captured;
                }
            }
        }
        Ok(entry.refund.clone())
    }

    /// The body of a webhook event about this payment, in Razorpay's shape.
    fn event(
        &self,
        event: SandboxEvent,
        payment_id: &str,
        now: DateTime<Utc>,
    ) -> Result<serde_json::Value, PaymentsError> {
        let payment = self
            .payments
            .get(payment_id)
            .ok_or_else(|| PaymentsError::not_found("payment", payment_id))?;
        let order = payment
            .payment
            .order_id
            .as_deref()
            .and_then(|id| self.orders.get(id))
            .ok_or_else(|| PaymentsError::not_found("order", payment_id))?;
        let payment_entity = json!({"entity": payment_json(payment, &order.notes)});
        let (contains, payload) = match event {
            SandboxEvent::PaymentCaptured => {
                (json!(["payment"]), json!({"payment": payment_entity}))
            }
            SandboxEvent::OrderPaid => (
                json!(["payment", "order"]),
                json!({"payment": payment_entity, "order": {"entity": order_json(order)}}),
            ),
        };
        Ok(json!({
            "entity": "event",
            "account_id": ACCOUNT_ID,
            "event": event.as_str(),
            "contains": contains,
            "payload": payload,
            "created_at": now.timestamp(),
        }))
    }

    /// Forgets orders made before `cutoff`, with their payments and refunds.
    fn forget_before(&mut self, cutoff: DateTime<Utc>) {
        while let Some(oldest) = self.order_queue.front() {
            let expired = self
                .orders
                .get(oldest)
                .is_none_or(|entry| entry.created_at < cutoff);
            if !expired || !self.forget_oldest() {
                break;
            }
        }
    }

    /// Forgets the oldest order, its payments and their refunds; `false` when there is none.
    fn forget_oldest(&mut self) -> bool {
        let Some(order_id) = self.order_queue.pop_front() else {
            return false;
        };
        if let Some(order) = self.orders.remove(&order_id) {
            for payment_id in order.payments {
                if let Some(payment) = self.payments.remove(&payment_id) {
                    for refund_id in payment.refunds {
                        self.refunds.remove(&refund_id);
                    }
                }
            }
        }
        true
    }
}

/// A payment entity as Razorpay writes it in webhooks and answers.
fn payment_json(entry: &PaymentEntry, notes: &Notes) -> serde_json::Value {
    let payment = &entry.payment;
    let refund_status = match payment.amount_refunded_paise {
        0 => None,
        refunded if refunded == payment.amount_paise => Some("full"),
        _ => Some("partial"),
    };
    json!({
        "id": payment.id,
        "entity": "payment",
        "amount": payment.amount_paise,
        "currency": payment.currency,
        "status": payment.status.as_str(),
        "order_id": payment.order_id,
        "invoice_id": null,
        "international": false,
        "method": payment.method,
        "amount_refunded": payment.amount_refunded_paise,
        "refund_status": refund_status,
        "captured": matches!(payment.status, PaymentStatus::Captured | PaymentStatus::Refunded),
        "description": null,
        "card_id": null,
        "bank": null,
        "wallet": null,
        "vpa": null,
        "notes": notes,
        "fee": 0,
        "tax": 0,
        "error_code": null,
        "error_description": payment.error_description,
        "created_at": entry.created_at.timestamp(),
    })
}

/// An order entity as Razorpay writes it.
fn order_json(entry: &OrderEntry) -> serde_json::Value {
    let order = &entry.order;
    json!({
        "id": order.id,
        "entity": "order",
        "amount": order.amount_paise,
        "amount_paid": order.amount_paid_paise,
        "amount_due": order.amount_paise - order.amount_paid_paise,
        "currency": order.currency,
        "receipt": order.receipt,
        "offer_id": null,
        "status": order.status.as_str(),
        "attempts": order.attempts,
        "notes": entry.notes,
        "created_at": entry.created_at.timestamp(),
    })
}

/// The card's digits, after checking them, the expiry and the CVV as Razorpay's checkout
/// does before it tries a card.
fn check_card(card: &SandboxCard<'_>, now: DateTime<Utc>) -> Result<String, PaymentsError> {
    let declined = |code: &str, reason: &str| PaymentsError::Declined {
        code: code.to_owned(),
        reason: reason.to_owned(),
    };
    let only_digits_spaces_dashes = card
        .number
        .chars()
        .all(|c| c.is_ascii_digit() || c == ' ' || c == '-');
    let digits = digits_of(card.number);
    if !only_digits_spaces_dashes || !(12..=19).contains(&digits.len()) || !luhn_valid(&digits) {
        return Err(declined(
            "invalid_card_number",
            "Your card number is invalid.",
        ));
    }
    let year = if card.expiry_year < 100 {
        card.expiry_year + 2000
    } else {
        card.expiry_year
    };
    let this_year = u32::try_from(now.year()).unwrap_or(0);
    if !(1..=12).contains(&card.expiry_month) || year > this_year + 50 {
        return Err(declined(
            "invalid_expiry",
            "Your card's expiry date is invalid.",
        ));
    }
    // A card is good until the end of its expiry month.
    if (year, card.expiry_month) < (this_year, now.month()) {
        return Err(declined("card_expired", "Your card has expired."));
    }
    let amex = digits.starts_with("34") || digits.starts_with("37");
    let cvv_length = if amex { 4 } else { 3 };
    if card.cvv.len() != cvv_length || !card.cvv.bytes().all(|b| b.is_ascii_digit()) {
        return Err(declined(
            "invalid_cvv",
            "Your card's security code is invalid.",
        ));
    }
    Ok(digits)
}

fn digits_of(number: &str) -> String {
    number.chars().filter(char::is_ascii_digit).collect()
}

fn check_amount(amount_paise: i64) -> Result<(), PaymentsError> {
    if amount_paise < MIN_AMOUNT_PAISE {
        return Err(invalid("The amount must be at least INR 1.00"));
    }
    Ok(())
}

fn check_receipt(receipt: &str) -> Result<(), PaymentsError> {
    if receipt.chars().count() > MAX_RECEIPT_CHARS {
        return Err(invalid("receipt: the length must be no more than 40."));
    }
    Ok(())
}

fn check_notes(notes: &Notes) -> Result<(), PaymentsError> {
    if notes.len() > MAX_NOTES {
        return Err(invalid(
            "Number of fields in notes should be less than or equal to 15",
        ));
    }
    if notes
        .iter()
        .any(|(k, v)| k.chars().count() > MAX_NOTE_CHARS || v.chars().count() > MAX_NOTE_CHARS)
    {
        return Err(invalid(
            "Notes keys and values must be at most 256 characters.",
        ));
    }
    Ok(())
}

/// Razorpay's refusal of a request field it does not accept.
fn invalid(description: &str) -> PaymentsError {
    refused("input_validation_failed", description)
}

/// Razorpay's refusal (`BAD_REQUEST_ERROR`, HTTP 400) with this reason and description.
fn refused(reason: &str, description: &str) -> PaymentsError {
    PaymentsError::Refused {
        endpoint: ENDPOINT.to_owned(),
        refusal: Box::new(Refusal {
            status: 400,
            code: "BAD_REQUEST_ERROR".to_owned(),
            description: description.to_owned(),
            source: "business".to_owned(),
            step: "payment_initiation".to_owned(),
            reason: reason.to_owned(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0)
            .single()
            .expect("a valid time")
    }

    fn card(number: &str) -> SandboxCard<'_> {
        SandboxCard {
            number,
            expiry_month: 12,
            expiry_year: 2030,
            cvv: "123",
        }
    }

    fn book_with_order(id: &str, amount: i64) -> Book {
        let mut book = Book::default();
        book.create_order(id.into(), amount, "INR", "r-1", &Notes::new(), now())
            .expect("an order");
        book
    }

    fn declined_code(result: Result<impl fmt::Debug, PaymentsError>) -> String {
        match result {
            Err(PaymentsError::Declined { code, .. }) => code,
            other => panic!("not declined: {other:?}"),
        }
    }

    #[test]
    fn cards_are_checked_as_the_checkout_checks_them() {
        for number in [
            SANDBOX_SUCCESS_CARD,
            "4111111111111111",
            "4111-1111-1111-1111",
            "5555 5555 5555 4444",
            SANDBOX_DECLINED_CARD,
        ] {
            assert!(check_card(&card(number), now()).is_ok(), "{number}");
        }
        for number in [
            "4111 1111 1111 1112",
            "4111",
            "41111111111111111111",
            "4111 1111 1111 111x",
            "",
        ] {
            assert_eq!(
                declined_code(check_card(&card(number), now())),
                "invalid_card_number",
                "{number}"
            );
        }
        let with = |month, year, cvv| SandboxCard {
            number: SANDBOX_SUCCESS_CARD,
            expiry_month: month,
            expiry_year: year,
            cvv,
        };
        // Good until the end of the expiry month; two-digit years are this century's.
        assert!(check_card(&with(11, 2026, "123"), now()).is_ok());
        assert!(check_card(&with(11, 26, "123"), now()).is_ok());
        assert_eq!(
            declined_code(check_card(&with(10, 2026, "123"), now())),
            "card_expired"
        );
        assert_eq!(
            declined_code(check_card(&with(12, 25, "123"), now())),
            "card_expired"
        );
        for (month, year) in [(0, 2030), (13, 2030), (1, 2099)] {
            assert_eq!(
                declined_code(check_card(&with(month, year, "123"), now())),
                "invalid_expiry"
            );
        }
        for cvv in ["12", "1234", "12a", ""] {
            assert_eq!(
                declined_code(check_card(&with(12, 2030, cvv), now())),
                "invalid_cvv",
                "{cvv}"
            );
        }
        let amex = SandboxCard {
            number: "3782 822463 10005",
            expiry_month: 12,
            expiry_year: 2030,
            cvv: "1234",
        };
        assert!(check_card(&amex, now()).is_ok());
    }

    #[test]
    fn the_declining_card_counts_an_attempt_and_the_order_can_still_be_paid() {
        let mut book = book_with_order("order_A", 129_900);
        let refused = book.pay(
            "order_A",
            &card(SANDBOX_DECLINED_CARD),
            "pay_1".into(),
            now(),
        );
        match refused {
            Err(PaymentsError::Declined { code, reason }) => {
                assert_eq!(code, "card_declined");
                assert_eq!(reason, "Your card was declined.");
            }
            other => panic!("{other:?}"),
        }
        let order = &book.orders["order_A"].order;
        assert_eq!((order.status, order.attempts), (OrderStatus::Attempted, 1));
        assert!(book.payments.is_empty());

        // A bad number is refused before any attempt.
        book.pay(
            "order_A",
            &card("4111 1111 1111 1112"),
            "pay_2".into(),
            now(),
        )
        .expect_err("invalid");
        assert_eq!(book.orders["order_A"].order.attempts, 1);

        let paid = book
            .pay(
                "order_A",
                &card(SANDBOX_SUCCESS_CARD),
                "pay_3".into(),
                now(),
            )
            .expect("paid");
        assert_eq!(
            (paid.status, paid.amount_paise, paid.order_id.as_deref()),
            (PaymentStatus::Captured, 129_900, Some("order_A"))
        );
        let order = &book.orders["order_A"].order;
        assert_eq!(
            (order.status, order.attempts, order.amount_paid_paise),
            (OrderStatus::Paid, 2, 129_900)
        );
        assert!(matches!(
            book.pay(
                "order_A",
                &card(SANDBOX_SUCCESS_CARD),
                "pay_4".into(),
                now()
            ),
            Err(PaymentsError::Refused { .. })
        ));
        assert!(matches!(
            book.pay(
                "order_B",
                &card(SANDBOX_SUCCESS_CARD),
                "pay_5".into(),
                now()
            ),
            Err(PaymentsError::NotFound { kind: "order", .. })
        ));
    }

    #[test]
    fn orders_follow_razorpay_s_rules() {
        let mut book = Book::default();
        let notes = Notes::from([("bag".to_owned(), "b-1".to_owned())]);
        let order = book
            .create_order("order_A".into(), 100, "INR", "receipt#1", &notes, now())
            .expect("₹1 is enough");
        assert_eq!(
            order,
            ProviderOrder {
                id: "order_A".into(),
                amount_paise: 100,
                amount_paid_paise: 0,
                currency: "INR".into(),
                receipt: Some("receipt#1".into()),
                status: OrderStatus::Created,
                attempts: 0,
            }
        );
        let too_many: Notes = (0..16).map(|i| (format!("k{i}"), "v".to_owned())).collect();
        let long_note = Notes::from([("k".to_owned(), "v".repeat(257))]);
        let cases = [
            (99, "INR", "r", Notes::new()),
            (0, "INR", "r", Notes::new()),
            (-100, "INR", "r", Notes::new()),
            (100, "USD", "r", Notes::new()),
            (100, "INR", &"r".repeat(41), Notes::new()),
            (100, "INR", "r", too_many),
            (100, "INR", "r", long_note),
        ];
        for (amount, currency, receipt, notes) in cases {
            let refused =
                book.create_order("order_X".into(), amount, currency, receipt, &notes, now());
            assert!(
                matches!(refused, Err(PaymentsError::Refused { ref refusal, .. }) if refusal.status == 400),
                "{amount} {currency} {receipt}: {refused:?}"
            );
        }
        assert_eq!(book.orders.len(), 1, "nothing refused is remembered");
    }

    #[test]
    fn refunds_go_from_pending_to_processed_when_next_looked_at() {
        let mut book = book_with_order("order_A", 50_000);
        book.pay(
            "order_A",
            &card(SANDBOX_SUCCESS_CARD),
            "pay_A".into(),
            now(),
        )
        .expect("paid");
        let none = Notes::new();
        let part = book
            .refund("rfnd_1".into(), "pay_A", 20_000, Some("r-1"), &none)
            .expect("a partial refund");
        assert_eq!(
            (part.status, part.amount_paise, part.receipt.as_deref()),
            (RefundStatus::Pending, 20_000, Some("r-1"))
        );
        assert_eq!(
            book.payments["pay_A"].payment.status,
            PaymentStatus::Captured
        );
        assert!(matches!(
            book.refund("rfnd_2".into(), "pay_A", 30_001, None, &none),
            Err(PaymentsError::Refused { .. })
        ));
        assert!(matches!(
            book.refund("rfnd_2".into(), "pay_A", 99, None, &none),
            Err(PaymentsError::Refused { .. })
        ));
        let rest = book
            .refund("rfnd_3".into(), "pay_A", 30_000, None, &none)
            .expect("the rest");
        assert_eq!(rest.status, RefundStatus::Pending);
        let payment = &book.payments["pay_A"].payment;
        assert_eq!(
            (payment.status, payment.amount_refunded_paise),
            (PaymentStatus::Refunded, 50_000)
        );
        assert!(matches!(
            book.refund("rfnd_4".into(), "pay_A", 100, None, &none),
            Err(PaymentsError::Refused { .. })
        ));

        assert_eq!(
            book.refund_status("rfnd_1").expect("known").status,
            RefundStatus::Processed
        );
        assert_eq!(
            book.refund_status("rfnd_1").expect("known").status,
            RefundStatus::Processed,
            "and stays so"
        );
        assert!(matches!(
            book.refund_status("rfnd_9"),
            Err(PaymentsError::NotFound { kind: "refund", .. })
        ));
        assert!(matches!(
            book.refund("rfnd_5".into(), "pay_9", 100, None, &none),
            Err(PaymentsError::NotFound {
                kind: "payment",
                ..
            })
        ));
    }

    #[test]
    fn a_refund_noted_to_fail_fails_and_gives_the_amount_back() {
        let mut book = book_with_order("order_A", 50_000);
        book.pay(
            "order_A",
            &card(SANDBOX_SUCCESS_CARD),
            "pay_A".into(),
            now(),
        )
        .expect("paid");
        let fail = Notes::from([(SANDBOX_REFUND_OUTCOME_NOTE.to_owned(), "failed".to_owned())]);
        book.refund("rfnd_1".into(), "pay_A", 50_000, None, &fail)
            .expect("asked for");
        assert_eq!(
            book.payments["pay_A"].payment.status,
            PaymentStatus::Refunded
        );
        assert_eq!(
            book.refund_status("rfnd_1").expect("known").status,
            RefundStatus::Failed
        );
        let payment = &book.payments["pay_A"].payment;
        assert_eq!(
            (payment.status, payment.amount_refunded_paise),
            (PaymentStatus::Captured, 0)
        );
    }

    #[test]
    fn orders_are_forgotten_after_a_day_and_beyond_the_cap() {
        let mut book = book_with_order("order_old", 10_000);
        book.pay(
            "order_old",
            &card(SANDBOX_SUCCESS_CARD),
            "pay_old".into(),
            now(),
        )
        .expect("paid");
        book.refund("rfnd_old".into(), "pay_old", 100, None, &Notes::new())
            .expect("refund");
        let almost = now() + RETENTION;
        book.create_order("order_b".into(), 100, "INR", "", &Notes::new(), almost)
            .expect("an order");
        assert!(book.orders.contains_key("order_old"), "exactly a day old");
        let later = almost + TimeDelta::seconds(1);
        book.create_order("order_c".into(), 100, "INR", "", &Notes::new(), later)
            .expect("an order");
        assert!(!book.orders.contains_key("order_old"));
        assert!(book.payments.is_empty() && book.refunds.is_empty());
        assert_eq!(book.orders.len(), 2);

        for i in 0..MAX_ORDERS + 5 {
            book.create_order(format!("order_{i}"), 100, "INR", "", &Notes::new(), later)
                .expect("an order");
        }
        assert_eq!(book.orders.len(), MAX_ORDERS);
        assert_eq!(book.order_queue.len(), MAX_ORDERS);
        assert!(!book.orders.contains_key("order_b") && !book.orders.contains_key("order_4"));
        assert!(book.orders.contains_key("order_5"));
    }

    #[test]
    fn webhooks_carry_razorpay_s_shape() {
        let mut book = book_with_order("order_A", 129_900);
        book.pay(
            "order_A",
            &card(SANDBOX_SUCCESS_CARD),
            "pay_A".into(),
            now(),
        )
        .expect("paid");
        let captured = book
            .event(SandboxEvent::PaymentCaptured, "pay_A", now())
            .expect("an event");
        assert_eq!(captured["entity"], "event");
        assert_eq!(captured["event"], "payment.captured");
        assert_eq!(captured["contains"], json!(["payment"]));
        let payment = &captured["payload"]["payment"]["entity"];
        assert_eq!(payment["id"], "pay_A");
        assert_eq!(payment["entity"], "payment");
        assert_eq!(payment["amount"], 129_900);
        assert_eq!(payment["status"], "captured");
        assert_eq!(payment["order_id"], "order_A");
        assert_eq!(payment["captured"], true);
        assert_eq!(captured["created_at"], now().timestamp());
        assert!(captured["payload"].get("order").is_none());

        let paid = book
            .event(SandboxEvent::OrderPaid, "pay_A", now())
            .expect("an event");
        assert_eq!(paid["event"], "order.paid");
        assert_eq!(paid["contains"], json!(["payment", "order"]));
        let order = &paid["payload"]["order"]["entity"];
        assert_eq!(order["id"], "order_A");
        assert_eq!(order["status"], "paid");
        assert_eq!(order["amount_paid"], 129_900);
        assert_eq!(order["amount_due"], 0);
        assert_eq!(order["receipt"], "r-1");

        assert!(matches!(
            book.event(SandboxEvent::OrderPaid, "pay_B", now()),
            Err(PaymentsError::NotFound { .. })
        ));
    }

    #[test]
    fn the_sandbox_signs_as_razorpay_does() {
        // The vector in payments.rs, computed outside this code.
        let sandbox = SandboxPayments::with_secrets("sandbox-test-key-secret", "webhook");
        assert!(sandbox.verify_payment_signature(
            "order_DLXae45SLMwqTZ",
            "pay_DLXbWV0fmyNBvt",
            "0f13047378e17c1f8a5b9ce4dc98a9594a708c4bf78058e776cb561b87f1d388"
        ));
        let other = SandboxPayments::new().expect("random secrets");
        assert!(!other.verify_payment_signature(
            "order_DLXae45SLMwqTZ",
            "pay_DLXbWV0fmyNBvt",
            "0f13047378e17c1f8a5b9ce4dc98a9594a708c4bf78058e776cb561b87f1d388"
        ));
    }

    #[test]
    fn ids_look_like_razorpay_s() {
        let sandbox = SandboxPayments::with_secrets("k", "w");
        let id = sandbox.new_id("order_").expect("an id");
        assert_eq!(id.len(), "order_".len() + 14);
        assert!(
            id["order_".len()..]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric())
        );
        assert_ne!(id, sandbox.new_id("order_").expect("another"));
    }

    #[test]
    fn debug_shows_no_secret_and_no_card() {
        let sandbox = SandboxPayments::with_secrets("key-secret-xyz", "webhook-secret-xyz");
        let debug = format!("{sandbox:?}{}", sandbox.describe());
        assert!(!debug.contains("secret-xyz"), "{debug}");
        let card = format!("{:?}", card(SANDBOX_SUCCESS_CARD));
        assert!(!card.contains("1111") && !card.contains("123"), "{card}");
    }
}
