//! The outbox adapter: one .eml file per mail, in a folder it creates.

use std::sync::Arc;

use providers::{MailError, Mailer, OutboxMailer, sign_in_code_mail};

use crate::mail_file::ReadMail;

#[tokio::test]
async fn writes_one_eml_file_per_mail() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let outbox = dir.path().join("data").join("outbox");
    let mailer = OutboxMailer::new(outbox.clone(), "Shop <no-reply@shop.example.in>")
        .expect("the folder is created");
    assert!(outbox.is_dir());
    assert_eq!(mailer.dir(), outbox);
    assert_eq!(mailer.describe(), format!("outbox {}", outbox.display()));
    let mailer: Arc<dyn Mailer> = Arc::new(mailer);

    mailer
        .send(&sign_in_code_mail("asha@example.in", "493817"))
        .await
        .expect("written");

    let files: Vec<_> = std::fs::read_dir(&outbox)
        .expect("the outbox")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(files[0].extension().and_then(|e| e.to_str()), Some("eml"));
    let mail = ReadMail::parse(&std::fs::read_to_string(&files[0]).expect("readable"));
    assert_eq!(mail.header("To"), Some("asha@example.in"));
    assert_eq!(mail.header("Subject"), Some("Your sign-in code"));
    assert_eq!(mail.header("From"), Some("Shop <no-reply@shop.example.in>"));
    assert!(
        mail.body.contains("Your sign-in code is 493817."),
        "{}",
        mail.body
    );

    mailer
        .send(&sign_in_code_mail("ravi@example.in", "100200"))
        .await
        .expect("written");
    assert_eq!(std::fs::read_dir(&outbox).expect("the outbox").count(), 2);
}

#[tokio::test]
async fn an_unwritable_outbox_is_an_error() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("not-a-folder");
    std::fs::write(&file, "").expect("a file");
    let error = OutboxMailer::new(file.clone(), "no-reply@shop.example.in")
        .map(|_| ())
        .expect_err("a file is not a folder");
    assert!(matches!(error, MailError::Outbox { .. }), "{error:?}");
    assert!(
        error.to_string().contains(&file.display().to_string()),
        "{error}"
    );

    // A folder that disappears after start-up fails the send, not the process.
    let outbox = dir.path().join("outbox");
    let mailer = OutboxMailer::new(outbox.clone(), "no-reply@shop.example.in").expect("created");
    std::fs::remove_dir(&outbox).expect("removed");
    let error = mailer
        .send(&sign_in_code_mail("asha@example.in", "493817"))
        .await
        .expect_err("no folder");
    assert!(matches!(error, MailError::Outbox { .. }), "{error:?}");
    assert_eq!(
        error.io_kind(),
        Some(std::io::ErrorKind::NotFound),
        "{error:?}"
    );
    assert!(!error.to_string().contains("493817"), "{error}");
}
