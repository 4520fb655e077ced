//! What a message asks about, from keywords and phrases.
//!
//! The message is lower-cased, apostrophes dropped ("don't" -> "dont") and every other
//! character that is not a letter or digit turned into a space, so punctuation and casing
//! never matter. Within each word, repeated letters collapse to one ("hiii" -> "hi",
//! "shippping" -> "shiping"), on both the message and the cues: doubled and tripled letters
//! are the commonest slips, and "hellooo" is how people greet.
//!
//! Each [`Cue`] is one or more words pointing at an [`Intent`], with a weight: 3 for a phrase
//! or word that settles the question ("refund", "where is my order"), 2 for a clear word
//! ("track", "card"), 1 for a word that only hints ("delivery", "order"). Longer cues are
//! matched first and claim their words, so "cash on delivery" is a payment question and its
//! "delivery" does not also count for shipping. Words of five letters or more also match a
//! cue word of six or more letters one edit away (a letter missing, extra, wrong, or two
//! swapped): "refnd", "delivry", "retrun", "cancle".
//!
//! The intent with the highest total wins; a tie goes to the more specific intent, in the
//! order [`Intent`] lists them (a cancellation before an order's status before shipping).
//! A greeting wins only when little else was said: "hi, can I pay with a gift voucher" is
//! a question we cannot answer, not a greeting.

use std::sync::LazyLock;

/// What the shopper wants, most specific first: ties between intents go to the earlier one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Intent {
    Cancellation,
    Refunds,
    Returns,
    Express,
    FreeDelivery,
    Payment,
    OrderStatus,
    Contact,
    Shipping,
    Thanks,
    Greeting,
}

impl Intent {
    const ALL: [Intent; 11] = [
        Intent::Cancellation,
        Intent::Refunds,
        Intent::Returns,
        Intent::Express,
        Intent::FreeDelivery,
        Intent::Payment,
        Intent::OrderStatus,
        Intent::Contact,
        Intent::Shipping,
        Intent::Thanks,
        Intent::Greeting,
    ];

    fn index(self) -> usize {
        self as usize
    }
}

/// Words, the intent they point at, and how strongly.
#[derive(Debug, Clone, Copy)]
struct Cue {
    words: &'static str,
    intent: Intent,
    weight: u32,
}

const fn cue(words: &'static str, intent: Intent, weight: u32) -> Cue {
    Cue {
        words,
        intent,
        weight,
    }
}

use Intent::{
    Cancellation, Contact, Express, FreeDelivery, Greeting, OrderStatus, Payment, Refunds, Returns,
    Shipping, Thanks,
};

/// The cues, grouped by intent. Hinglish is written as shoppers type it in Latin letters.
const CUES: &[Cue] = &[
    // 001 §2 My Orders, §5: cancelling an item.
    cue("cancel", Cancellation, 3),
    cue("cancels", Cancellation, 3),
    // "a cancelled order" often only describes the order a question is about.
    cue("cancelled", Cancellation, 2),
    cue("canceled", Cancellation, 2),
    cue("cancelling", Cancellation, 3),
    cue("canceling", Cancellation, 3),
    cue("cancellation", Cancellation, 3),
    cue("radd", Cancellation, 2),
    // 001 §9: refunds.
    cue("refund", Refunds, 3),
    cue("refunds", Refunds, 3),
    cue("refunded", Refunds, 3),
    cue("refunding", Refunds, 3),
    cue("money back", Refunds, 3),
    cue("get my money", Refunds, 3),
    cue("paisa wapas", Refunds, 3),
    cue("paise wapas", Refunds, 3),
    cue("paisa wapis", Refunds, 3),
    cue("paise wapis", Refunds, 3),
    cue("reimburse", Refunds, 2),
    cue("reimbursement", Refunds, 2),
    // 001 §9: returns.
    cue("return", Returns, 2),
    cue("returns", Returns, 2),
    cue("returned", Returns, 2),
    cue("returning", Returns, 2),
    cue("return policy", Returns, 3),
    cue("send back", Returns, 2),
    cue("send it back", Returns, 2),
    cue("exchange", Returns, 2),
    cue("exchanges", Returns, 2),
    cue("exchanged", Returns, 2),
    cue("damaged", Returns, 2),
    cue("defective", Returns, 2),
    cue("torn", Returns, 2),
    cue("wrong item", Returns, 2),
    cue("wrong size", Returns, 2),
    cue("doesnt fit", Returns, 2),
    cue("wapas", Returns, 2),
    cue("wapis", Returns, 2),
    // 001 §9: express delivery.
    cue("express", Express, 3),
    cue("60 minute", Express, 3),
    cue("60 minutes", Express, 3),
    cue("60 min", Express, 3),
    cue("60 mins", Express, 3),
    cue("60min", Express, 3),
    cue("60mins", Express, 3),
    cue("one hour", Express, 2),
    cue("1 hour", Express, 2),
    cue("1 hr", Express, 2),
    cue("1hr", Express, 2),
    cue("same day", Express, 3),
    cue("quick", Express, 2),
    cue("quickly", Express, 2),
    cue("fast", Express, 2),
    cue("faster", Express, 2),
    cue("fastest", Express, 2),
    cue("how soon", Express, 2),
    cue("urgent", Express, 2),
    cue("asap", Express, 2),
    cue("jaldi", Express, 2),
    // 001 §2 Checkout, §9: free delivery and what delivery costs.
    cue("free", FreeDelivery, 2),
    cue("free delivery", FreeDelivery, 3),
    cue("free shipping", FreeDelivery, 3),
    cue("delivery charge", FreeDelivery, 3),
    cue("delivery charges", FreeDelivery, 3),
    cue("delivery fee", FreeDelivery, 3),
    cue("delivery fees", FreeDelivery, 3),
    cue("delivery cost", FreeDelivery, 3),
    cue("shipping charge", FreeDelivery, 3),
    cue("shipping charges", FreeDelivery, 3),
    cue("shipping fee", FreeDelivery, 3),
    cue("shipping cost", FreeDelivery, 3),
    cue("minimum order", FreeDelivery, 3),
    cue("how much", FreeDelivery, 1),
    cue("charge", FreeDelivery, 1),
    cue("charges", FreeDelivery, 1),
    // 001 §1: payment by card only.
    cue("pay", Payment, 2),
    cue("paid", Payment, 2),
    cue("paying", Payment, 2),
    cue("payment", Payment, 2),
    cue("payments", Payment, 2),
    cue("card", Payment, 2),
    cue("cards", Payment, 2),
    cue("credit card", Payment, 3),
    cue("debit card", Payment, 3),
    cue("cash on delivery", Payment, 3),
    cue("cash", Payment, 2),
    cue("cod", Payment, 3),
    cue("upi", Payment, 3),
    cue("gpay", Payment, 3),
    cue("google pay", Payment, 3),
    cue("phonepe", Payment, 3),
    cue("paytm", Payment, 3),
    cue("net banking", Payment, 3),
    cue("netbanking", Payment, 3),
    cue("wallet", Payment, 2),
    cue("emi", Payment, 3),
    cue("deducted", Payment, 2),
    // 001 §2 My Orders, §4 Orders: where an order is.
    cue("where is my order", OrderStatus, 3),
    cue("wheres my order", OrderStatus, 3),
    cue("where is my parcel", OrderStatus, 3),
    cue("where is my package", OrderStatus, 3),
    cue("order status", OrderStatus, 3),
    cue("status of my order", OrderStatus, 3),
    cue("my order", OrderStatus, 2),
    cue("my orders", OrderStatus, 2),
    cue("my parcel", OrderStatus, 2),
    cue("my package", OrderStatus, 2),
    cue("mera order", OrderStatus, 2),
    cue("order", OrderStatus, 1),
    cue("orders", OrderStatus, 1),
    cue("ordr", OrderStatus, 1),
    cue("oder", OrderStatus, 1),
    cue("status", OrderStatus, 2),
    cue("track", OrderStatus, 2),
    cue("trak", OrderStatus, 2),
    cue("tracking", OrderStatus, 2),
    cue("arrive", OrderStatus, 2),
    cue("arriving", OrderStatus, 2),
    cue("arrival", OrderStatus, 2),
    cue("not received", OrderStatus, 3),
    cue("not arrived", OrderStatus, 3),
    cue("havent received", OrderStatus, 3),
    cue("didnt receive", OrderStatus, 3),
    cue("didnt get", OrderStatus, 2),
    cue("delayed", OrderStatus, 2),
    cue("late", OrderStatus, 1),
    cue("kab aayega", OrderStatus, 3),
    cue("kab aayegi", OrderStatus, 3),
    cue("kab aega", OrderStatus, 3),
    cue("kab aaega", OrderStatus, 3),
    cue("kab milega", OrderStatus, 3),
    cue("kab milegi", OrderStatus, 3),
    cue("kab tak", OrderStatus, 2),
    cue("kab hoga", OrderStatus, 2),
    cue("kab hogi", OrderStatus, 2),
    cue("kahan hai", OrderStatus, 2),
    // 000 §2.2 footer, 001 §1 operator: reaching a person.
    cue("contact", Contact, 2),
    cue("contact us", Contact, 3),
    cue("customer care", Contact, 3),
    cue("customer service", Contact, 3),
    cue("customer support", Contact, 3),
    cue("support team", Contact, 3),
    cue("helpline", Contact, 3),
    cue("phone number", Contact, 2),
    cue("call", Contact, 2),
    cue("talk to", Contact, 2),
    cue("speak to", Contact, 2),
    cue("human", Contact, 2),
    cue("agent", Contact, 2),
    cue("complaint", Contact, 2),
    cue("complain", Contact, 2),
    cue("whatsapp", Contact, 2),
    // 001 §9: standard shipping, and where we deliver.
    cue("shipping", Shipping, 1),
    cue("ship", Shipping, 1),
    cue("ships", Shipping, 1),
    cue("shipped", Shipping, 1),
    cue("deliver", Shipping, 1),
    cue("delivers", Shipping, 1),
    cue("delivery", Shipping, 1),
    cue("deliveries", Shipping, 1),
    cue("delivered", Shipping, 1),
    cue("dilevery", Shipping, 1),
    cue("dispatch", Shipping, 1),
    cue("dispatched", Shipping, 1),
    cue("courier", Shipping, 1),
    cue("pincode", Shipping, 1),
    cue("pin code", Shipping, 1),
    cue("pin", Shipping, 1),
    cue("do you deliver", Shipping, 2),
    cue("how long", Shipping, 2),
    cue("how many days", Shipping, 2),
    cue("kitne din", Shipping, 2),
    cue("kitna time", Shipping, 2),
    cue("standard", Shipping, 2),
    cue("standard delivery", Shipping, 3),
    cue("standard shipping", Shipping, 3),
    cue("international", Shipping, 3),
    cue("abroad", Shipping, 3),
    cue("overseas", Shipping, 3),
    cue("outside india", Shipping, 3),
    cue("other countries", Shipping, 3),
    // Small talk.
    cue("thanks", Thanks, 1),
    cue("thank you", Thanks, 1),
    cue("thank", Thanks, 1),
    cue("thx", Thanks, 1),
    cue("shukriya", Thanks, 1),
    cue("dhanyavad", Thanks, 1),
    cue("dhanyawad", Thanks, 1),
    cue("hi", Greeting, 1),
    cue("hi there", Greeting, 1),
    cue("hello", Greeting, 1),
    cue("hey", Greeting, 1),
    cue("hiya", Greeting, 1),
    cue("hola", Greeting, 1),
    cue("namaste", Greeting, 1),
    cue("namaskar", Greeting, 1),
    cue("good morning", Greeting, 1),
    cue("good afternoon", Greeting, 1),
    cue("good evening", Greeting, 1),
    cue("how are you", Greeting, 1),
    cue("help", Greeting, 1),
];

/// A greeting or thanks still wins with this many other words beside it ("hello, anyone
/// there?"); with more, the message asks something we did not recognise.
const SMALL_TALK_SLACK: usize = 3;

/// A cue split into squeezed words, ready to compare.
#[derive(Debug)]
struct PreparedCue {
    words: Vec<Vec<char>>,
    intent: Intent,
    weight: u32,
}

/// The cues, longest first, so that phrases claim their words before single words do.
static PREPARED: LazyLock<Vec<PreparedCue>> = LazyLock::new(|| {
    let mut prepared: Vec<PreparedCue> = CUES
        .iter()
        .map(|cue| PreparedCue {
            words: tokens(cue.words),
            intent: cue.intent,
            weight: cue.weight,
        })
        .collect();
    prepared.sort_by_key(|cue| std::cmp::Reverse(cue.words.len()));
    prepared
});

/// The words of a text: lower-cased, apostrophes dropped, split on anything that is not a
/// letter or digit, repeated letters squeezed.
pub(crate) fn tokens(text: &str) -> Vec<Vec<char>> {
    let mut normalised = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\'' | '\u{2019}' | '`') {
            continue;
        }
        if c.is_alphanumeric() {
            normalised.extend(c.to_lowercase());
        } else {
            normalised.push(' ');
        }
    }
    normalised.split_whitespace().map(squeeze).collect()
}

/// "shippping" -> "shiping": runs of one letter become one. Digits are kept as they are, so
/// "400001" stays a number.
fn squeeze(word: &str) -> Vec<char> {
    let mut squeezed: Vec<char> = Vec::with_capacity(word.len());
    for c in word.chars() {
        if c.is_alphabetic() && squeezed.last() == Some(&c) {
            continue;
        }
        squeezed.push(c);
    }
    squeezed
}

/// Whether a message word stands for a cue word: the same, or for longer words one typo away.
fn word_matches(word: &[char], cue_word: &[char]) -> bool {
    word == cue_word || (cue_word.len() >= 6 && word.len() >= 5 && within_one_edit(word, cue_word))
}

/// Optimal-string-alignment distance at most 1: equal, or one letter inserted, deleted,
/// replaced, or two neighbours swapped.
pub(crate) fn within_one_edit(a: &[char], b: &[char]) -> bool {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    // Both are at least `prefix` long: the prefix was counted over both.
    let (a, b) = (&a[prefix..], &b[prefix..]);
    match (a, b) {
        ([], []) => true,
        ([a0, a1, a_rest @ ..], [b0, b1, b_rest @ ..])
            if a0 == b1 && a1 == b0 && a_rest == b_rest =>
        {
            true
        }
        ([_, a_rest @ ..], [_, b_rest @ ..]) if a.len() == b.len() => a_rest == b_rest,
        ([_, a_rest @ ..], _) if a.len() == b.len() + 1 => a_rest == b,
        (_, [_, b_rest @ ..]) if b.len() == a.len() + 1 => a == b_rest,
        _ => false,
    }
}

/// The intent of a message, or `None` when no cue matched (or only small talk beside a
/// question we do not know).
pub(crate) fn detect(message: &str) -> Option<Intent> {
    let words = tokens(message);
    let mut claimed = vec![false; words.len()];
    let mut scores = [0u32; Intent::ALL.len()];
    for cue in PREPARED.iter() {
        let width = cue.words.len();
        let mut start = 0;
        while start + width <= words.len() {
            // In bounds: the loop runs while `start + width <= words.len()`.
            let span = start..start + width;
            let hit = !claimed[span.clone()].contains(&true)
                && words[span.clone()]
                    .iter()
                    .zip(&cue.words)
                    .all(|(word, cue_word)| word_matches(word, cue_word));
            if hit {
                claimed[span].fill(true);
                scores[cue.intent.index()] += cue.weight;
                start += width;
            } else {
                start += 1;
            }
        }
    }
    let (best, score) = Intent::ALL
        .iter()
        .zip(scores)
        // `max_by_key` keeps the last of equal maxima; reversed, that is the most specific.
        .rev()
        .max_by_key(|(_, score)| *score)?;
    let unclaimed = claimed.iter().filter(|claimed| !**claimed).count();
    match best {
        _ if score == 0 => None,
        Intent::Greeting | Intent::Thanks if unclaimed > SMALL_TALK_SLACK => None,
        intent => Some(*intent),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(text: &str) -> Vec<char> {
        text.chars().collect()
    }

    #[test]
    fn one_edit_table() {
        let cases = [
            ("refund", "refund", true),
            ("refnd", "refund", true),   // a letter missing
            ("refuund", "refund", true), // a letter extra
            ("refumd", "refund", true),  // a letter wrong
            ("retrun", "return", true),  // two swapped
            ("cancle", "cancel", true),
            ("delivry", "delivery", true),
            ("", "", true),
            ("a", "", true),
            ("ab", "ba", true),
            ("refine", "refund", false),
            ("return", "refund", false),
            ("abc", "cab", false),
            ("delivered", "deliver", false),
            ("", "ab", false),
        ];
        for (a, b, expected) in cases {
            assert_eq!(within_one_edit(&chars(a), &chars(b)), expected, "{a} ~ {b}");
            assert_eq!(within_one_edit(&chars(b), &chars(a)), expected, "{b} ~ {a}");
        }
    }

    #[test]
    fn words_are_normalised() {
        let cases = [
            ("Where's my ORDER?!", vec!["wheres", "my", "order"]),
            ("Hiiii!!! helloooo", vec!["hi", "helo"]),
            ("pin:400001, thanks", vec!["pin", "400001", "thanks"]),
            ("don’t", vec!["dont"]),
            ("60-minute delivery", vec!["60", "minute", "delivery"]),
            ("  \t\n", vec![]),
        ];
        for (text, expected) in cases {
            let words: Vec<String> = tokens(text).iter().map(|w| w.iter().collect()).collect();
            assert_eq!(words, expected, "{text:?}");
        }
    }

    #[test]
    fn short_words_need_an_exact_match() {
        // "order" (5 letters) is not fuzzed: "older" is a different word.
        assert!(!word_matches(&chars("older"), &chars("order")));
        assert!(word_matches(&chars("paymnt"), &chars("payment")));
        assert!(!word_matches(&chars("pai"), &chars("pay")));
    }

    #[test]
    fn every_cue_is_reachable_and_lower_case() {
        for cue in CUES {
            assert_eq!(cue.words, cue.words.to_lowercase(), "{}", cue.words);
            assert_eq!(
                tokens(cue.words).len(),
                cue.words.split(' ').count(),
                "{}",
                cue.words
            );
            assert_eq!(detect(cue.words), Some(cue.intent), "{}", cue.words);
        }
    }
}
