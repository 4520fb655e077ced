//! India's business identifiers, as a brand applying to sell types them: the GSTIN (goods and
//! services tax number), the PAN inside it, the bank's IFSC, a bank account number and a
//! mobile number.
//!
//! Every rule trims the text; GSTIN, PAN and IFSC are read in capitals (`27aapfu0939f1zv` is
//! `27AAPFU0939F1ZV`). Each broken rule is an [`IdError`] whose `Display` is the message shown
//! at the field and whose [`IdError::reason`] is the short code the shared vectors
//! (`crates/validation/tests/vectors/india-ids.json`) name; the browser's port of these rules
//! (`frontend/src/lib/india-ids.ts`) is tested against the same file.
//!
//! ## The GSTIN
//!
//! 15 characters: a 2-digit state code from GSTN's list ([`GST_STATE_CODES`]), the holder's
//! PAN (10 characters), an entity number (`1`-`9`, then `A`-`Z`), the letter `Z`, and a check
//! character computed by GSTN's mod-36 algorithm ([`gstin_check_character`]).

/// The alphabet of GSTN's check character, each character's value its position.
const BASE36: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// GSTN's state codes: 01 Jammu and Kashmir to 38 Ladakh (25 Daman and Diu and 28 Andhra
/// Pradesh (before 2014) are still on GSTN's list), and 97 Other Territory.
pub const GST_STATE_CODES: &[&str] = &[
    "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32",
    "33", "34", "35", "36", "37", "38", "97",
];

/// The shortest and longest bank account numbers accepted (Indian banks use 9 to 18 digits).
pub const BANK_ACCOUNT_DIGITS: std::ops::RangeInclusive<usize> = 9..=18;

/// A broken identifier rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    #[error("Required")]
    Required,
    #[error("A GSTIN is 15 characters.")]
    GstinLength,
    #[error(
        "A GSTIN is 2 digits, a PAN, an entity number, Z and a check character (like 27AAPFU0939F1ZV)."
    )]
    GstinFormat,
    #[error("'{0}' is not an Indian GST state code.")]
    GstinState(String),
    #[error("The GSTIN's last character does not match the rest: check it for a typo.")]
    GstinCheck,
    #[error("A PAN is 5 letters, 4 digits and a letter (like AAPFU0939F).")]
    PanFormat,
    #[error("The PAN must be the GSTIN's characters 3 to 12 ({0}).")]
    PanMismatch(String),
    #[error("An IFSC is 4 letters, a zero and 6 letters or digits (like HDFC0001234).")]
    IfscFormat,
    #[error("A bank account number is 9 to 18 digits.")]
    BankAccount,
    #[error("Enter a 10-digit Indian mobile number (it starts with 6, 7, 8 or 9).")]
    Mobile,
}

impl IdError {
    /// The rule's short name, as the shared vectors give it.
    pub fn reason(&self) -> &'static str {
        match self {
            Self::Required => "required",
            Self::GstinLength => "length",
            Self::GstinFormat | Self::PanFormat | Self::IfscFormat => "format",
            Self::GstinState(_) => "state",
            Self::GstinCheck => "check",
            Self::PanMismatch(_) => "mismatch",
            Self::BankAccount => "digits",
            Self::Mobile => "mobile",
        }
    }
}

fn normalized(raw: &str) -> Result<String, IdError> {
    let text = raw.trim().to_ascii_uppercase();
    if text.is_empty() {
        Err(IdError::Required)
    } else {
        Ok(text)
    }
}

fn is_upper(b: u8) -> bool {
    b.is_ascii_uppercase()
}

fn is_pan(bytes: &[u8]) -> bool {
    // The fourth letter is the holder's kind: Person, Company, HUF, Firm, AOP, Trust, BOI,
    // Local authority, artificial Juridical person, Government.
    bytes.len() == 10
        && bytes[..3].iter().all(|&b| is_upper(b))
        && b"PCHFATBLJG".contains(&bytes[3])
        && is_upper(bytes[4])
        && bytes[5..9].iter().all(u8::is_ascii_digit)
        && is_upper(bytes[9])
}

/// GSTN's check character of a GSTIN's first 14 characters (capitals and digits): each
/// character's base-36 value times 1 or 2 (alternately, from the first), the product's
/// base-36 digits summed, and the character that makes the sum a multiple of 36. `None` when
/// `first14` is not 14 base-36 characters.
pub fn gstin_check_character(first14: &str) -> Option<char> {
    if first14.len() != 14 {
        return None;
    }
    let mut sum = 0usize;
    for (i, b) in first14.bytes().enumerate() {
        let value = BASE36.iter().position(|&c| c == b)?;
        let product = value * if i % 2 == 0 { 1 } else { 2 };
        sum += product / 36 + product % 36;
    }
    Some(char::from(BASE36[(36 - sum % 36) % 36]))
}

/// A GSTIN, in capitals, with its state code and check character verified.
pub fn gstin(raw: &str) -> Result<String, IdError> {
    let text = normalized(raw)?;
    let bytes = text.as_bytes();
    if bytes.len() != 15 {
        return Err(IdError::GstinLength);
    }
    let shaped = bytes[..2].iter().all(u8::is_ascii_digit)
        && is_pan(&bytes[2..12])
        && (bytes[12].is_ascii_digit() && bytes[12] != b'0' || is_upper(bytes[12]))
        && bytes[13] == b'Z'
        && (bytes[14].is_ascii_digit() || is_upper(bytes[14]));
    if !shaped {
        return Err(IdError::GstinFormat);
    }
    if !GST_STATE_CODES.contains(&&text[..2]) {
        return Err(IdError::GstinState(text[..2].to_owned()));
    }
    if gstin_check_character(&text[..14]) != Some(char::from(bytes[14])) {
        return Err(IdError::GstinCheck);
    }
    Ok(text)
}

/// A PAN, in capitals. When `gstin` is a valid GSTIN, the PAN must be its characters 3 to 12.
pub fn pan(raw: &str, gstin: Option<&str>) -> Result<String, IdError> {
    let text = normalized(raw)?;
    if !is_pan(text.as_bytes()) {
        return Err(IdError::PanFormat);
    }
    if let Some(gstin) = gstin.and_then(|g| self::gstin(g).ok()) {
        let inside = &gstin[2..12];
        if inside != text {
            return Err(IdError::PanMismatch(inside.to_owned()));
        }
    }
    Ok(text)
}

/// An IFSC (`^[A-Z]{4}0[A-Z0-9]{6}$`), in capitals.
pub fn ifsc(raw: &str) -> Result<String, IdError> {
    let text = normalized(raw)?;
    let bytes = text.as_bytes();
    let shaped = bytes.len() == 11
        && bytes[..4].iter().all(|&b| is_upper(b))
        && bytes[4] == b'0'
        && bytes[5..]
            .iter()
            .all(|&b| is_upper(b) || b.is_ascii_digit());
    if shaped {
        Ok(text)
    } else {
        Err(IdError::IfscFormat)
    }
}

/// A bank account number: 9 to 18 digits (spaces typed between groups are dropped).
pub fn bank_account(raw: &str) -> Result<String, IdError> {
    let text: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if text.is_empty() {
        return Err(IdError::Required);
    }
    if BANK_ACCOUNT_DIGITS.contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit()) {
        Ok(text)
    } else {
        Err(IdError::BankAccount)
    }
}

/// A bank account as answers show it: every digit but the last 4 as `X`.
pub fn mask_account(account: &str) -> String {
    let count = account.chars().count();
    account
        .chars()
        .enumerate()
        .map(|(i, c)| if i + 4 < count { 'X' } else { c })
        .collect()
}

/// An Indian mobile number: 10 digits starting with 6 to 9; a leading `+91` or `0` and spaces
/// or hyphens between groups are dropped.
pub fn indian_mobile(raw: &str) -> Result<String, IdError> {
    let mut text: String = raw
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    if text.is_empty() {
        return Err(IdError::Required);
    }
    if let Some(rest) = text.strip_prefix("+91") {
        text = rest.to_owned();
    } else if text.len() == 11
        && let Some(rest) = text.strip_prefix('0')
    {
        text = rest.to_owned();
    }
    let bytes = text.as_bytes();
    if bytes.len() == 10
        && bytes.iter().all(u8::is_ascii_digit)
        && (b'6'..=b'9').contains(&bytes[0])
    {
        Ok(text)
    } else {
        Err(IdError::Mobile)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_example_has_its_check_character() {
        assert_eq!(gstin_check_character("27AAPFU0939F1Z"), Some('V'));
        assert_eq!(gstin("27aapfu0939f1zv ").as_deref(), Ok("27AAPFU0939F1ZV"));
    }

    #[test]
    fn each_gstin_rule_names_its_reason() {
        let table = [
            ("", "required"),
            ("27AAPFU0939F1Z", "length"),
            ("27AAPFU0939F1YV", "format"),
            ("2AAAPFU0939F1ZV", "format"),
            ("27AAPFU0939F0ZV", "format"),
            ("27AAPXU0939F1ZV", "format"),
            ("00AAPFU0939F1ZV", "state"),
            ("27AAPFU0939F1ZW", "check"),
        ];
        for (value, reason) in table {
            assert_eq!(gstin(value).map_err(|e| e.reason()), Err(reason), "{value}");
        }
    }

    #[test]
    fn the_pan_is_inside_the_gstin() {
        assert_eq!(
            pan("AAPFU0939F", Some("27AAPFU0939F1ZV")).as_deref(),
            Ok("AAPFU0939F")
        );
        assert_eq!(
            pan("AAPFU0939G", Some("27AAPFU0939F1ZV")),
            Err(IdError::PanMismatch("AAPFU0939F".into()))
        );
        // A broken GSTIN is its own field's error: the PAN is judged by its format alone.
        assert!(pan("AAPFU0939G", Some("27AAPFU0939F1ZW")).is_ok());
    }

    #[test]
    fn accounts_ifsc_and_mobiles() {
        assert_eq!(
            bank_account("1234 5678 9012").as_deref(),
            Ok("123456789012")
        );
        assert_eq!(bank_account("12345678"), Err(IdError::BankAccount));
        assert_eq!(
            bank_account("1234567890123456789"),
            Err(IdError::BankAccount)
        );
        assert_eq!(mask_account("123456789012"), "XXXXXXXX9012");
        assert_eq!(ifsc("hdfc0001234").as_deref(), Ok("HDFC0001234"));
        assert_eq!(ifsc("HDFC1001234"), Err(IdError::IfscFormat));
        assert_eq!(
            indian_mobile("+91 98765-43210").as_deref(),
            Ok("9876543210")
        );
        assert_eq!(indian_mobile("09876543210").as_deref(), Ok("9876543210"));
        assert_eq!(indian_mobile("5876543210"), Err(IdError::Mobile));
    }
}
