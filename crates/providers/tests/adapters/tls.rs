//! Both TLS stacks in one process: lettre's rustls on ring and reqwest's on aws-lc-rs. Each
//! passes its provider explicitly; if either relied on a process-wide default, having both
//! providers compiled in would make it panic here.

use providers::{OpenAiAssistant, SmtpMailer};

#[test]
fn https_and_smtps_clients_build_side_by_side() {
    let smtps = SmtpMailer::from_url(
        "smtps://shop:secret@smtp.example.in",
        "no-reply@shop.example.in",
    )
    .expect("an smtps transport with rustls");
    let starttls = SmtpMailer::from_url(
        "smtp://smtp.example.in?tls=required",
        "no-reply@shop.example.in",
    )
    .expect("a STARTTLS transport with rustls");
    let https = OpenAiAssistant::new("https://api.openai.com/v1", None, "gpt-4o-mini")
        .expect("an https client with rustls");
    assert!(format!("{smtps:?}{starttls:?}{https:?}").contains("smtp.example.in:465"));
}
