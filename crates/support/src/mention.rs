//! Finding a pincode in free text (001 §5, §9: six digits, the first 1-9).

use delivery::Pincode;

/// The pincodes a message mentions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Mention {
    /// The first well-formed pincode.
    pub(crate) pincode: Option<Pincode>,
    /// The first six-digit number that is not a pincode (it starts with 0), to say why it
    /// was not used.
    pub(crate) rejected: Option<String>,
}

/// Six-digit numbers standing on their own ("400070", "(400070)", "pin:400070", "400070."),
/// also written as two groups of three ("400 070"). Longer or shorter digit runs (phone
/// numbers, amounts, order numbers) are not pincodes.
pub(crate) fn find_pincode(message: &str) -> Mention {
    let runs = digit_runs(message);
    let mut candidates: Vec<String> = Vec::new();
    for (index, run) in runs.iter().enumerate() {
        if run.digits.len() == 6 {
            candidates.push(run.digits.clone());
        }
        if let Some(next) = runs.get(index + 1)
            && run.digits.len() == 3
            && next.digits.len() == 3
            && message.get(run.end..next.start) == Some(" ")
        {
            candidates.push(format!("{}{}", run.digits, next.digits));
        }
    }
    let mut mention = Mention::default();
    for candidate in candidates {
        match Pincode::parse(&candidate) {
            Ok(pincode) => {
                mention.pincode = Some(pincode);
                break;
            }
            Err(_) => {
                mention.rejected.get_or_insert(candidate);
            }
        }
    }
    mention
}

/// A maximal run of ASCII digits and its byte range in the message.
#[derive(Debug)]
struct DigitRun {
    digits: String,
    start: usize,
    end: usize,
}

fn digit_runs(message: &str) -> Vec<DigitRun> {
    let mut runs: Vec<DigitRun> = Vec::new();
    let mut current: Option<DigitRun> = None;
    for (at, c) in message.char_indices() {
        match (&mut current, c.is_ascii_digit()) {
            (Some(run), true) => {
                run.digits.push(c);
                run.end = at + 1;
            }
            (None, true) => {
                current = Some(DigitRun {
                    digits: c.to_string(),
                    start: at,
                    end: at + 1,
                });
            }
            (Some(_), false) => runs.extend(current.take()),
            (None, false) => {}
        }
    }
    runs.extend(current);
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(message: &str) -> (Option<u32>, Option<String>) {
        let mention = find_pincode(message);
        (mention.pincode.map(Pincode::value), mention.rejected)
    }

    #[test]
    fn pincode_positions_table() {
        // 001 §5, §9: a pincode is 6 digits, the first 1-9.
        let cases: [(&str, Option<u32>, Option<&str>); 18] = [
            ("400070", Some(400_070), None),
            ("400070 express?", Some(400_070), None),
            ("deliver to 400070", Some(400_070), None),
            ("deliver to 400070?", Some(400_070), None),
            ("Is 560001 covered by express", Some(560_001), None),
            ("pincode:110001.", Some(110_001), None),
            ("(400070)", Some(400_070), None),
            ("pin400070", Some(400_070), None),
            ("deliver to 400 070", Some(400_070), None),
            ("110001 or 400070", Some(110_001), None),
            // A pincode cannot start with 0.
            ("deliver to 012345", None, Some("012345")),
            ("012345 then 400070", Some(400_070), Some("012345")),
            ("012 345", None, Some("012345")),
            // Other digit runs are not pincodes.
            ("call 9876543210", None, None),
            ("40007", None, None),
            ("4000701", None, None),
            ("₹1,500 free delivery", None, None),
            ("४००००१", None, None),
        ];
        for (message, pincode, rejected) in cases {
            assert_eq!(
                found(message),
                (pincode, rejected.map(str::to_owned)),
                "{message:?}"
            );
        }
    }

    #[test]
    fn groups_of_three_need_exactly_one_space() {
        assert_eq!(found("400  070"), (None, None));
        assert_eq!(found("400-070"), (None, None));
        assert_eq!(found("400 070 1"), (Some(400_070), None));
    }
}
