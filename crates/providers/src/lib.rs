//! # providers: the outside world behind traits
//!
//! Each service the shop talks to is a trait (a port) with a real adapter and an embedded
//! default, so the API runs with nothing configured and tests can swap in fakes:
//!
//! | port | real adapter | default |
//! |---|---|---|
//! | [`Mailer`]: the sign-in code mail ([`sign_in_code_mail`]) | [`SmtpMailer`] (lettre, SMTP with TLS) | [`OutboxMailer`]: one `.eml` file per mail in a folder |
//! | [`Assistant`]: the support chat's replies | [`OpenAiAssistant`] (reqwest, an OpenAI-compatible chat API) | [`LocalAssistant`]: `support::answer` |
//! | [`PlaceSearch`]: address suggestions, a place's parts, the place nearest a point | [`GooglePlaces`] (reqwest, Google's Places API (New) and Geocoding API) | [`LocalPlaces`]: the embedded India directory (`places` crate) |
//! | [`Payments`]: card payment orders, checkout and webhook signatures, payments, refunds | [`Razorpay`] (reqwest, Razorpay's API) | [`SandboxPayments`]: Razorpay's protocol in memory, test cards, no money |
//! | [`Shipping`]: booking, tracking and cancelling shipments | [`Shiprocket`] (reqwest, Shiprocket's API) | [`SimulatedShipping`]: in memory, on the 60-minute express timetable |
//!
//! ## How the API chooses
//!
//! The wiring lives in `apps/api` (`startup.rs`); its configuration reads:
//!
//! - `SMTP_URL` set: [`SmtpMailer::from_url`] with it and `SHOP_MAIL_FROM` (the URL forms are
//!   in [`SmtpMailer`]'s table). Unset: [`OutboxMailer::new`] on `<data dir>/outbox`, and the
//!   API also logs each code, since nobody receives the mail.
//! - `SHOP_ASSISTANT_URL` set: [`OpenAiAssistant::new`] with it, `SHOP_ASSISTANT_KEY` (optional,
//!   sent as a bearer token) and `SHOP_ASSISTANT_MODEL`. Unset: [`LocalAssistant`]. When the
//!   remote assistant fails (an [`AssistantError`]), the chat answers with the local one.
//! - `SHOP_PLACES_KEY` set: [`GooglePlaces::new`] with the key and `SHOP_PLACES_URL` (unset:
//!   Google's own hosts, [`GOOGLE_PLACES_URL`] for the Places API (New) and [`GOOGLE_MAPS_URL`]
//!   for the Geocoding API; set: both under that one base). Unset: [`LocalPlaces`]. When Google
//!   fails (a [`PlacesError`] other than [`PlacesError::NotFound`]), the API answers 503 and the
//!   address wizard lets the shopper type the address.
//! - `SHOP_RAZORPAY_KEY_ID`, `SHOP_RAZORPAY_KEY_SECRET` and `SHOP_RAZORPAY_WEBHOOK_SECRET`
//!   set (all three or none): [`Razorpay::new`] with them and `SHOP_RAZORPAY_URL` (unset:
//!   [`RAZORPAY_URL`]; set: a local fake or a proxy). Unset: [`SandboxPayments`], whose test
//!   payment sheet and signed webhooks the API reaches through [`Payments::sandbox`]. The
//!   sandbox's secrets are drawn for each process and never stored: its orders live in that
//!   process's memory, so nothing it signs could be checked anywhere else anyway (see
//!   [`SandboxPayments`]).
//! - `SHOP_SHIPROCKET_EMAIL` and `SHOP_SHIPROCKET_PASSWORD` set: [`Shiprocket::new`] with them,
//!   `SHOP_SHIPROCKET_PICKUP` (the pickup location's name, default "Primary") and
//!   `SHOP_SHIPROCKET_URL` (unset: [`SHIPROCKET_URL`]). Unset: [`SimulatedShipping`]. When
//!   booking express fails (a [`ShippingError`]), the checkout ships standard (001 §4). A
//!   request gives up after [`SHIPPING_TIMEOUT`] (10 s); `Debug`, [`Shipping::describe`] and
//!   every [`ShippingError`] leave out the Shiprocket password and token.
//!
//! A bad `SMTP_URL`, sender, assistant URL, places URL or Razorpay key or URL fails at
//! start-up with a [`MailError`], [`AssistantError`], [`PlacesError`] or [`PaymentsError`]
//! that says what is wrong and what is expected.
//!
//! ## Time limits
//!
//! An SMTP send, connecting included, gives up after [`SMTP_TIMEOUT`] (10 s); a remote reply
//! after [`ASSISTANT_TIMEOUT`] (15 s); a places request after [`PLACES_TIMEOUT`] (3 s: the
//! shopper is typing); a Razorpay request after [`PAYMENTS_TIMEOUT`] (10 s). A dead server
//! makes a request fail fast, never hang.
//!
//! ## TLS
//!
//! lettre uses rustls on `ring` with the Mozilla roots compiled in; reqwest (feature
//! `rustls`) uses rustls on aws-lc-rs (already built for jsonwebtoken) with the operating
//! system's certificate store, so a container image needs `ca-certificates`. Both pass their
//! crypto provider explicitly: nothing has to be installed at start-up, and having both
//! providers in one binary is fine (a test builds both).
//!
//! ## Async without async-trait
//!
//! The traits return [`BoxFuture`] so that `Arc<dyn Mailer>`, `Arc<dyn Assistant>`,
//! `Arc<dyn PlaceSearch>` and `Arc<dyn Payments>` work (async fns in traits are not
//! dyn-compatible); an adapter writes `Box::pin(async move {..})`. Adapters need a Tokio
//! runtime to send (and [`LocalPlaces`] to search), not to be built. What is computed locally
//! (checking a payment's or a webhook's signature, the browser's payment configuration) is a
//! plain method.
//!
//! ## Secrets
//!
//! `Debug`, [`Mailer::describe`], [`Assistant::describe`], [`PlaceSearch::describe`],
//! [`Payments::describe`] and every error leave out the SMTP password, the API keys, the
//! Razorpay key secret and webhook secret, a card's number and CVV, and a mail's body (it
//! holds a sign-in code). Razorpay's credentials travel as HTTP Basic authentication (a
//! header marked sensitive); its key id is public (the browser opens the checkout with it).
//! Signatures are compared in constant time (`ring::hmac::verify`).
//! The places key travels in the `X-Goog-Api-Key` header to the Places API (New) (a header
//! value marked sensitive, and no request's headers are logged) and in the request's URL to the
//! Geocoding API, as that service wants it: reqwest's errors are stripped of their URL before
//! they become a [`PlacesError`].

mod assistant;
mod google_places;
mod mail;
mod openai;
mod outbox;
mod payments;
mod places;
mod razorpay;
mod sandbox;
mod shipping;
mod shiprocket;
mod simulator;
mod smtp;
mod urls;

pub use assistant::{Assistant, AssistantError, LocalAssistant, Question};
pub use google_places::{GOOGLE_MAPS_URL, GOOGLE_PLACES_URL, GooglePlaces, PLACES_TIMEOUT};
pub use mail::{
    MailError, Mailer, OutgoingMail, email_change_code_mail, email_change_refused_mail,
    email_changed_mail, sign_in_code_mail,
};
pub use openai::{ASSISTANT_TIMEOUT, OpenAiAssistant};
pub use outbox::OutboxMailer;
pub use payments::{
    Notes, OrderStatus, PaymentStatus, Payments, PaymentsError, PaymentsMode, ProviderOrder,
    ProviderPayment, ProviderRefund, PublicConfig, RefundStatus, Refusal, WEBHOOK_EVENT_ID_HEADER,
    WEBHOOK_SIGNATURE_HEADER,
};
pub use places::{LatLng, LocalPlaces, Place, PlaceSearch, PlacesError, Prediction};
pub use razorpay::{PAYMENTS_TIMEOUT, RAZORPAY_URL, Razorpay};
pub use sandbox::{
    SANDBOX_DECLINED_CARD, SANDBOX_KEY_ID, SANDBOX_REFUND_OUTCOME_NOTE, SANDBOX_SUCCESS_CARD,
    SandboxCard, SandboxCheckout, SandboxEvent, SandboxPayments, SignedWebhook,
};
pub use shipping::{
    Booking, Customer, Parcel, PaymentMethod, ShipmentItem, ShipmentRequest, ShipmentStatus,
    Shipping, ShippingError, Tracking, TrackingEvent,
};
pub use shiprocket::{
    DEFAULT_PICKUP_LOCATION, SHIPPING_TIMEOUT, SHIPROCKET_TOKEN_LIFETIME, SHIPROCKET_URL,
    Shiprocket,
};
pub use simulator::{SIMULATOR_CAPACITY, SIMULATOR_CHANNEL_ID, SimulatedShipping};
pub use smtp::{SMTP_TIMEOUT, SmtpMailer};

/// A boxed future that can cross threads: what the traits' methods return.
pub type BoxFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;
