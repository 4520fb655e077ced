//! Shopify's `Body (HTML)` as the plain text of a product description: tags stripped (the
//! contents of `script`, `style` and comments dropped), entities decoded, whitespace collapsed
//! as a browser would, paragraphs and headings separated by a blank line, `<br>` a line break,
//! list items one a line with a bullet.

/// How an element breaks the text around it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Break {
    None,
    Line,
    Paragraph,
}

fn break_of(tag: &str) -> Break {
    match tag {
        "p" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "ul" | "ol" | "table" | "blockquote"
        | "pre" | "section" | "article" | "header" | "footer" | "hr" => Break::Paragraph,
        "br" | "div" | "li" | "tr" | "dt" | "dd" | "figcaption" => Break::Line,
        _ => Break::None,
    }
}

/// The text, built a character at a time.
struct Text {
    out: String,
    /// A break owed before the next visible character.
    pending: Break,
    /// Whitespace seen since the last visible character.
    space: bool,
}

impl Text {
    fn push_break(&mut self, b: Break) {
        self.pending = self.pending.max(b);
    }

    fn push_char(&mut self, c: char) {
        if c.is_whitespace() {
            self.space = true;
            return;
        }
        if c.is_control() {
            return;
        }
        if !self.out.is_empty() {
            match self.pending {
                Break::Paragraph => self.out.push_str("\n\n"),
                Break::Line => self.out.push('\n'),
                Break::None if self.space => self.out.push(' '),
                Break::None => {}
            }
        }
        self.pending = Break::None;
        self.space = false;
        self.out.push(c);
    }

    fn push_text(&mut self, raw: &str) {
        for c in decode_entities(raw).chars() {
            self.push_char(c);
        }
    }
}

/// The plain text of `html`.
pub fn to_text(html: &str) -> String {
    let mut text = Text {
        out: String::new(),
        pending: Break::None,
        space: false,
    };
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        text.push_text(&rest[..open]);
        let after = &rest[open..];
        if let Some(comment) = after.strip_prefix("<!--") {
            rest = comment.find("-->").map_or("", |end| &comment[end + 3..]);
            continue;
        }
        let Some((tag, closing, len)) = tag_at(after) else {
            // A `<` that starts no tag is text.
            text.push_char('<');
            rest = &after[1..];
            continue;
        };
        rest = &after[len..];
        if !closing && (tag == "script" || tag == "style") {
            let end = format!("</{tag}");
            rest = find_ignoring_case(rest, &end)
                .and_then(|at| rest[at..].find('>').map(|gt| &rest[at + gt + 1..]))
                .unwrap_or("");
            continue;
        }
        if tag == "li" && !closing {
            text.push_break(Break::Line);
            text.push_char('•');
            text.space = true;
            continue;
        }
        text.push_break(break_of(&tag));
    }
    text.push_text(rest);
    text.out
}

/// The tag at the start of `s` (which starts with `<`): its lower-case name, whether it closes,
/// and its length up to and with the `>` (quotes in attributes respected). `None` when `s`
/// starts no tag (`a < b`).
fn tag_at(s: &str) -> Option<(String, bool, usize)> {
    let body = &s[1..];
    let (closing, name_start) = match body.strip_prefix('/') {
        Some(_) => (true, 2),
        None => (false, 1),
    };
    let name: String = s[name_start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    let declaration = !closing && body.starts_with('!');
    if name.is_empty() && !declaration {
        return None;
    }
    let mut quote = None;
    for (i, c) in s.char_indices().skip(1) {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '>') => return Some((name.to_ascii_lowercase(), closing, i + 1)),
            _ => {}
        }
    }
    // An unterminated tag swallows the rest, as a browser would.
    Some((name.to_ascii_lowercase(), closing, s.len()))
}

fn find_ignoring_case(haystack: &str, needle: &str) -> Option<usize> {
    haystack
        .to_ascii_lowercase()
        .find(&needle.to_ascii_lowercase())
}

/// `s` with its character references decoded (`&amp;`, `&#8377;`, `&#x20B9;` and the named
/// ones Shopify's editor writes); an unknown one is kept as written.
pub fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let end = after
            .char_indices()
            .take(32)
            .find(|(_, c)| *c == ';')
            .map(|(i, _)| i);
        let decoded = end.and_then(|end| entity(&after[..end]).map(|c| (c, end)));
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &after[end + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code).filter(|c| *c != '\0');
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "ndash" => '–',
        "mdash" => '—',
        "hellip" => '…',
        "lsquo" => '‘',
        "rsquo" => '’',
        "ldquo" => '“',
        "rdquo" => '”',
        "bull" => '•',
        "middot" => '·',
        "times" => '×',
        "deg" => '°',
        "copy" => '©',
        "reg" => '®',
        "trade" => '™',
        "euro" => '€',
        "pound" => '£',
        "frac12" => '½',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_becomes_plain_text() {
        for (html, text) in [
            ("", ""),
            ("plain", "plain"),
            ("<p>One</p><p>Two</p>", "One\n\nTwo"),
            (
                "<p>Soft <strong>cotton</strong>,\n  breathable</p>",
                "Soft cotton, breathable",
            ),
            (
                "Line one<br>Line two<br/>three",
                "Line one\nLine two\nthree",
            ),
            (
                "<p>Features:</p><ul><li>Pure linen</li><li>Machine wash</li></ul><p>Made in India</p>",
                "Features:\n\n• Pure linen\n• Machine wash\n\nMade in India",
            ),
            ("<h2>Fit</h2>Regular", "Fit\n\nRegular"),
            (
                "Fish &amp; chips &lt;b&gt; &#8377;999 &#x20B9;1 &hellip;",
                "Fish & chips <b> ₹999 ₹1 …",
            ),
            (
                "Caf&eacute; &unknown; & more",
                "Caf&eacute; &unknown; & more",
            ),
            ("a&nbsp;&nbsp;b", "a b"),
            (
                "<script>alert('x')</script>Safe<style>p{color:red}</style>",
                "Safe",
            ),
            ("<SCRIPT type=\"x\">bad()</SCRIPT >ok", "ok"),
            ("<!-- hidden -->Shown<!-- x", "Shown"),
            ("<a href=\"x\" title='a > b'>link</a> text", "link text"),
            ("2 < 3 and 5 > 4", "2 < 3 and 5 > 4"),
            (
                "<div><div>  nested  </div></div><div>next</div>",
                "nested\nnext",
            ),
            ("<p></p><p>  </p><p>only</p><p></p>", "only"),
            ("<img src=x onerror=alert(1)>After", "After"),
            (
                "<meta charset=\"utf-8\"><span data-mce-fragment=\"1\">Shopify</span>",
                "Shopify",
            ),
            ("Unclosed <b", "Unclosed"),
            ("tab\tand\u{0007}bell", "tab andbell"),
        ] {
            assert_eq!(to_text(html), text, "{html:?}");
        }
    }

    #[test]
    fn entities_decode_once() {
        assert_eq!(decode_entities("&amp;lt;"), "&lt;");
        assert_eq!(decode_entities("&#0;&#xD800;"), "&#0;&#xD800;");
        assert_eq!(decode_entities("&&amp;"), "&&");
    }
}
