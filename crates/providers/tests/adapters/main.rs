//! The adapters against real local servers: an SMTP server (Debian's aiosmtpd), the outbox
//! folder, and a fake OpenAI-compatible API.

mod fake_model;
mod mail_file;
mod openai;
mod outbox;
mod smtp;
mod smtp_server;
mod tls;
