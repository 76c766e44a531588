//! The examples the RFCs give of URIs in context, with exactly the URIs they
//! list, in order.

use crate::common;

use common::scan_all_ways;
use urilint::scan::{Delimiter, Scanner};

/// RFC 1738, APPENDIX: Recommendations for URLs in Context.
const RFC1738_APPENDIX: &str =
    "      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
      type=d> but you can probably pick it up from <URL:ftp://ds.in
      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
      net/instructions/overview.html#WARNING>.
";

/// RFC 3986, Appendix C. Delimiting a URI in Context.
const RFC3986_APPENDIX_C: &str =
    "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",
      but you can probably pick it up from <ftp://foo.example.
      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
      ietf/uri/historical.html#WARNING>.
";

fn summary(text: &str) -> Vec<(String, Delimiter, bool)> {
    scan_all_ways(Scanner::builder, text.as_bytes())
        .into_iter()
        .map(|f| (f.uri_lossy().into_owned(), f.delimiter, f.flags.rejoined))
        .collect()
}

#[test]
fn rfc1738_appendix_example() {
    assert_eq!(
        summary(RFC1738_APPENDIX),
        [
            (
                "ftp://info.cern.ch/pub/www/doc;type=d".into(),
                Delimiter::AngleUrlPrefix,
                true
            ),
            (
                "ftp://ds.internic.net/rfc".into(),
                Delimiter::AngleUrlPrefix,
                true
            ),
            (
                "http://ds.internic.net/instructions/overview.html#WARNING".into(),
                Delimiter::AngleUrlPrefix,
                true
            ),
        ]
    );
}

#[test]
fn rfc3986_appendix_c_example() {
    assert_eq!(
        summary(RFC3986_APPENDIX_C),
        [
            (
                "http://www.w3.org/Addressing/".into(),
                Delimiter::Quote,
                false
            ),
            ("ftp://foo.example.com/rfc/".into(), Delimiter::Angle, true),
            (
                "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING".into(),
                Delimiter::Angle,
                true
            ),
        ]
    );
}

#[test]
fn rfc_examples_with_crlf_line_ends() {
    for text in [RFC1738_APPENDIX, RFC3986_APPENDIX_C] {
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(summary(&crlf), summary(text));
    }
}

#[test]
fn rfc3986_appendix_c_positions() {
    let found = scan_all_ways(Scanner::builder, RFC3986_APPENDIX_C.as_bytes());
    let pos: Vec<(u64, u64)> = found.iter().map(|f| (f.line, f.column)).collect();
    assert_eq!(pos, [(1, 35), (2, 45), (3, 40)]);
    // The raw span of a rejoined URI covers the line break.
    let f = &found[1];
    let raw = &RFC3986_APPENDIX_C.as_bytes()[f.start as usize..f.end as usize];
    assert_eq!(raw, b"ftp://foo.example.\n      com/rfc/");
}
