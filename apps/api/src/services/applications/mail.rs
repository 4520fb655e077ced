//! The mails an applicant gets when their application is decided (texts ours).

use providers::OutgoingMail;

/// The application was approved: the brand exists and the applicant is its team.
pub(super) fn approved(to: &str, brand: &str) -> OutgoingMail {
    OutgoingMail {
        to: to.to_owned(),
        subject: format!("{brand} is open on Casa"),
        text_body: format!(
            "Good news: your application to open {brand} on Casa is approved.\n\
             \n\
             Your account now runs the brand. Sign in and open the brand console to add your \
             products, or import them from your Shopify store.\n\
             \n\
             Welcome to Casa.\n"
        ),
    }
}

/// The application was rejected, with the admin's reason.
pub(super) fn rejected(to: &str, brand: &str, reason: &str) -> OutgoingMail {
    OutgoingMail {
        to: to.to_owned(),
        subject: format!("Your application for {brand}"),
        text_body: format!(
            "Thank you for applying to open {brand} on Casa. We cannot approve the application \
             as it stands.\n\
             \n\
             The reason: {reason}\n\
             \n\
             You are welcome to apply again once this is sorted out.\n"
        ),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_rejection_carries_the_reason() {
        let mail = super::rejected("a@example.in", "Kora", "The GSTIN is cancelled.");
        assert!(
            mail.text_body
                .contains("The reason: The GSTIN is cancelled.")
        );
        assert_eq!(mail.subject, "Your application for Kora");
    }
}
