//! The identity facts the server makes up for a new user (000 §7).

/// A random Indian mobile number from a random `u64`: ten digits, the first 6 to 9 (the
/// mobile series), without the +91 prefix, as the user record stores it.
pub fn mobile_number_from(random: u64) -> String {
    let first = 6 + random % 4;
    let rest = (random / 4) % 1_000_000_000;
    format!("{first}{rest:09}")
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn numbers_are_mobile_series() {
        assert_eq!(mobile_number_from(0), "6000000000");
        assert_eq!(mobile_number_from(3), "9000000000");
        assert_eq!(mobile_number_from(4 * 123_456_789 + 1), "7123456789");
    }

    proptest! {
        #[test]
        fn every_number_is_ten_digits_starting_six_to_nine(random in any::<u64>()) {
            let number = mobile_number_from(random);
            prop_assert_eq!(number.len(), 10);
            prop_assert!(number.bytes().all(|b| b.is_ascii_digit()));
            prop_assert!(matches!(number.as_bytes()[0], b'6'..=b'9'));
        }
    }
}
