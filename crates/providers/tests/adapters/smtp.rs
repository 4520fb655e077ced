//! The SMTP adapter against a real server, a closed port and a server that never speaks.

use std::sync::Arc;
use std::time::{Duration, Instant};

use providers::{MailError, Mailer, SmtpMailer, sign_in_code_mail};

use crate::mail_file::ReadMail;
use crate::smtp_server::{SmtpServer, free_port};

const FROM: &str = "Shop <no-reply@shop.example.in>";

#[tokio::test]
async fn a_sign_in_code_reaches_a_real_smtp_server() {
    let server = SmtpServer::start();
    let mailer: Arc<dyn Mailer> =
        Arc::new(SmtpMailer::from_url(&server.url(), FROM).expect("a valid URL"));
    assert_eq!(
        mailer.describe(),
        format!("SMTP 127.0.0.1:{} (no TLS)", server.port)
    );

    mailer
        .send(&sign_in_code_mail("asha@example.in", "493817"))
        .await
        .expect("the server takes the mail");

    let received = server.received();
    assert_eq!(received.len(), 1, "{received:?}");
    let mail = ReadMail::parse(&received[0]);
    assert_eq!(mail.header("Subject"), Some("Your sign-in code"));
    assert_eq!(mail.header("To"), Some("asha@example.in"));
    assert_eq!(mail.header("From"), Some("Shop <no-reply@shop.example.in>"));
    // aiosmtpd records the envelope, which is what the server actually delivers to.
    assert_eq!(mail.header("X-RcptTo"), Some("asha@example.in"));
    assert_eq!(mail.header("X-MailFrom"), Some("no-reply@shop.example.in"));
    assert!(mail.header("Date").is_some());
    assert!(mail.header("Message-ID").is_some());
    assert!(
        mail.body.contains("Your sign-in code is 493817."),
        "{}",
        mail.body
    );
    assert!(mail.body.contains("valid for 10 minutes"), "{}", mail.body);

    // The pooled connection is checked and reused for the next mail.
    mailer
        .send(&sign_in_code_mail("ravi@example.in", "100200"))
        .await
        .expect("a second mail");
    assert_eq!(server.received().len(), 2);
}

#[tokio::test]
async fn a_refused_connection_fails_fast() {
    let port = free_port();
    let mailer = SmtpMailer::from_url(&format!("smtp://127.0.0.1:{port}"), FROM).expect("valid");
    let started = Instant::now();
    let error = mailer
        .send(&sign_in_code_mail("asha@example.in", "493817"))
        .await
        .expect_err("nothing listens");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(matches!(error, MailError::Smtp { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains(&format!("SMTP server 127.0.0.1:{port} (no TLS) failed")),
        "{message}"
    );
    assert!(message.to_lowercase().contains("refused"), "{message}");
    assert!(!message.contains("493817"), "{message}");
}

#[tokio::test]
async fn a_server_that_never_answers_times_out() {
    // Accepts connections and never sends the SMTP greeting.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a listener");
    let port = listener.local_addr().expect("its address").port();
    let holder = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = listener.accept().await {
            held.push(stream);
        }
    });
    let mailer = SmtpMailer::from_url_with_timeout(
        &format!("smtp://127.0.0.1:{port}"),
        FROM,
        Duration::from_secs(1),
    )
    .expect("valid");
    let started = Instant::now();
    let error = mailer
        .send(&sign_in_code_mail("asha@example.in", "493817"))
        .await
        .expect_err("no greeting");
    let elapsed = started.elapsed();
    assert!(
        elapsed >= Duration::from_millis(900) && elapsed < Duration::from_secs(4),
        "{elapsed:?}"
    );
    assert!(
        matches!(error, MailError::Timeout { seconds: 1, .. }),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("did not finish within 1 s"),
        "{error}"
    );
    holder.abort();
}
