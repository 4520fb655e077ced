//! Property tests of the parsers (000 §5, §9; 001 §5, §9).

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use validation::{Email, GmailAddress, OtpCode, Phone, Size, ValidationError, cap_digits, pincode};

/// A label of a domain name: 1 to 10 letters, digits or inner hyphens.
fn label() -> impl Strategy<Value = String> {
    "[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?"
}

/// A well-formed address: a local part of 1 to 3 dot-separated runs, 1 to 3 labels, a TLD of
/// 2 to 6 letters.
fn email() -> impl Strategy<Value = String> {
    (
        "[A-Za-z0-9_%+-]{1,8}(\\.[A-Za-z0-9_%+-]{1,8}){0,2}",
        proptest::collection::vec(label(), 1..4),
        "[a-zA-Z]{2,6}",
    )
        .prop_map(|(local, labels, tld)| format!("{local}@{}.{tld}", labels.join(".")))
}

proptest! {
    /// Every well-formed address parses and is kept as typed (000 §5).
    #[test]
    fn well_formed_emails_parse(address in email()) {
        let parsed = Email::parse(&address).unwrap();
        prop_assert_eq!(parsed.as_str(), address.as_str());
        prop_assert_eq!(format!("{}@{}", parsed.local_part(), parsed.domain()), address);
    }

    /// Whitespace anywhere makes an address invalid (000 §5: no spaces).
    #[test]
    fn emails_with_whitespace_fail(address in email(), at in any::<prop::sample::Index>(), space in prop::sample::select(vec![" ", "\t", "\n", "\u{a0}"])) {
        let cut = at.index(address.len() + 1);
        let spaced = format!("{}{space}{}", &address[..cut], &address[cut..]);
        prop_assert_eq!(Email::parse(&spaced), Err(ValidationError::InvalidEmail));
    }

    /// A one-character TLD is never enough (000 §5: TLD at least 2 characters).
    #[test]
    fn one_character_tld_fails(local in "[a-z]{1,8}", domain in label(), tld in "[a-z0-9]") {
        let address = format!("{local}@{domain}.{tld}");
        prop_assert_eq!(Email::parse(&address), Err(ValidationError::InvalidEmail));
    }

    /// Only the gmail.com domain passes the delivery contact rule (001 §5).
    #[test]
    fn gmail_needs_the_gmail_domain(address in email()) {
        let parsed = Email::parse(&address).unwrap();
        let is_gmail = parsed.domain().eq_ignore_ascii_case("gmail.com");
        prop_assert_eq!(GmailAddress::parse(&address).is_ok(), is_gmail);
        let at_gmail = format!("{}@gmail.com", parsed.local_part());
        prop_assert!(GmailAddress::parse(&at_gmail).is_ok());
    }

    /// The sign-in code keeps the digits, in order, wherever they are typed (000 §5).
    #[test]
    fn otp_strips_everything_but_digits(digits in "[0-9]{6}", noise in proptest::collection::vec("[^0-9]{0,3}", 7)) {
        let mut typed = String::new();
        for (i, c) in digits.chars().enumerate() {
            typed.push_str(&noise[i]);
            typed.push(c);
        }
        typed.push_str(&noise[6]);
        let code = OtpCode::parse(&typed).unwrap();
        prop_assert_eq!(code.as_str(), digits.as_str());
    }

    /// Fewer than six digits is never a code, whatever surrounds them (000 §5).
    #[test]
    fn otp_needs_six_digits(digits in "[0-9]{0,5}", noise in "[^0-9]{0,10}") {
        let typed = format!("{noise}{digits}{noise}");
        prop_assert_eq!(OtpCode::parse(&typed), Err(ValidationError::InvalidOtp));
    }

    /// Exactly ten digits is a phone; any other length is not (001 §5).
    #[test]
    fn phone_is_ten_digits(digits in "[0-9]{0,14}") {
        prop_assert_eq!(Phone::parse(&digits).is_ok(), digits.len() == 10);
    }

    /// Exactly six digits, the first not 0, is a pincode; nothing else is (001 §5).
    #[test]
    fn pincode_is_six_digits_the_first_not_zero(digits in "[0-9]{0,10}") {
        prop_assert_eq!(
            pincode(&digits).is_ok(),
            digits.len() == 6 && !digits.starts_with('0')
        );
    }

    /// A non-digit anywhere spoils a phone or a pincode (001 §5).
    #[test]
    fn non_digits_spoil_phone_and_pincode(digits in "[0-9]{10}", at in 0usize..10, bad in "[^0-9]") {
        let mut phone: Vec<String> = digits.chars().map(String::from).collect();
        phone[at] = bad.clone();
        prop_assert_eq!(Phone::parse(&phone.concat()), Err(ValidationError::InvalidPhone));
        let pincode = phone[..6].concat();
        if at < 6 {
            prop_assert_eq!(validation::pincode(&pincode), Err(ValidationError::InvalidPincode));
        }
    }

    /// The capped inputs hold only digits, at most the cap, in typed order, and capping twice
    /// changes nothing (001 §5).
    #[test]
    fn cap_digits_keeps_leading_digits(raw in ".{0,40}", max in 0usize..12) {
        let capped = cap_digits(&raw, max);
        prop_assert!(capped.len() <= max);
        prop_assert!(capped.bytes().all(|b| b.is_ascii_digit()));
        let all: String = raw.chars().filter(char::is_ascii_digit).collect();
        prop_assert!(all.starts_with(&capped));
        prop_assert_eq!(cap_digits(&capped, max), capped.clone());
        if all.len() >= 6 && !all.starts_with('0') {
            prop_assert!(pincode(&cap_digits(&raw, 6)).is_ok());
        }
        if all.len() >= 10 {
            prop_assert!(Phone::parse(&cap_digits(&raw, 10)).is_ok());
        }
    }

    /// Every size parses from its label in any letter case and with spaces around, and
    /// nothing else parses (000 §9).
    #[test]
    fn sizes_parse_from_their_labels(index in 0usize..14, upper in any::<bool>(), pad in " {0,2}") {
        let size = Size::ALL[index];
        let label = if upper { size.as_str().to_owned() } else { size.as_str().to_lowercase() };
        prop_assert_eq!(Size::parse(&format!("{pad}{label}{pad}")), Ok(size));
    }

    #[test]
    fn other_labels_are_not_sizes(raw in "[A-Za-z0-9]{1,4}") {
        let known = Size::ALL.iter().any(|s| s.as_str().eq_ignore_ascii_case(&raw));
        prop_assert_eq!(Size::parse(&raw).is_ok(), known);
    }
}
