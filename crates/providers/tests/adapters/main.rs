//! The adapters against real local servers: an SMTP server (Debian's aiosmtpd), the outbox
//! folder, a fake OpenAI-compatible API, and the same fake speaking Google's web services and
//! Razorpay's API; and the payment sandbox through the same port.

mod fake_model;
mod mail_file;
mod openai;
mod outbox;
mod payments;
mod places;
mod shipping;
mod smtp;
mod smtp_server;
mod tls;
