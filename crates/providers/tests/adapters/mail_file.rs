//! Reading back a raw mail: unfolded headers and the body decoded from its transfer encoding.

use base64::Engine as _;

#[derive(Debug)]
pub struct ReadMail {
    headers: Vec<(String, String)>,
    pub body: String,
}

impl ReadMail {
    pub fn parse(raw: &str) -> ReadMail {
        // Line ends become "\n" before anything is split or decoded.
        let raw = raw.replace("\r\n", "\n");
        let (head, body) = raw.split_once("\n\n").expect("a header block and a body");
        let mut headers: Vec<(String, String)> = Vec::new();
        for line in head.lines() {
            match headers.last_mut() {
                // A folded header continues on lines that start with white space.
                Some((_, value)) if line.starts_with([' ', '\t']) => {
                    value.push(' ');
                    value.push_str(line.trim());
                }
                _ => {
                    let (name, value) = line.split_once(':').expect("a header line");
                    headers.push((name.trim().to_owned(), value.trim().to_owned()));
                }
            }
        }
        let encoding = headers
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case("Content-Transfer-Encoding"))
            .map_or("7bit".to_owned(), |(_, value)| value.to_ascii_lowercase());
        let body = match encoding.as_str() {
            "quoted-printable" => {
                let bytes =
                    quoted_printable::decode(body.as_bytes(), quoted_printable::ParseMode::Robust)
                        .expect("valid quoted-printable");
                // Robust decoding writes hard line breaks back as CRLF.
                String::from_utf8(bytes)
                    .expect("UTF-8 body")
                    .replace("\r\n", "\n")
            }
            "base64" => {
                let compact: String = body.split_whitespace().collect();
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(compact)
                    .expect("valid base64");
                String::from_utf8(bytes).expect("UTF-8 body")
            }
            "7bit" | "8bit" => body.to_owned(),
            other => panic!("unexpected transfer encoding {other}"),
        };
        ReadMail { headers, body }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(header, _)| header.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

#[test]
fn decodes_every_transfer_encoding() {
    let cases = [
        (
            "Content-Transfer-Encoding: 7bit\r\n\r\nYour code is 493817.\r\n",
            "Your code is 493817.\n",
        ),
        (
            "Content-Transfer-Encoding: quoted-printable\r\n\r\nCode =E2=82=B9 4938=\r\n17\r\n",
            "Code ₹ 493817\n",
        ),
        (
            "Content-Transfer-Encoding: base64\r\n\r\nWW91ciBjb2Rl\r\nIGlzIDQ5MzgxNy4=\r\n",
            "Your code is 493817.",
        ),
        ("Subject: folded\r\n  header\r\n\r\nplain", "plain"),
    ];
    for (raw, body) in cases {
        assert_eq!(ReadMail::parse(raw).body, body, "{raw:?}");
    }
    assert_eq!(
        ReadMail::parse("Subject: folded\r\n  header\r\n\r\n").header("subject"),
        Some("folded header")
    );
}
