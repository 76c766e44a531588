//! url-prefix: RFC 3986 Appendix C; RFC 1738 Appendix.

use crate::rules::{Context, Edit, Hit};
use crate::scan::Delimiter;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if cx.finding.delimiter == Delimiter::AngleUrlPrefix {
        let hit = Hit::new("the `URL:` prefix is no longer recommended (RFC 3986 App. C); write `<scheme:...>`");
        out.push(hit.fix(vec![Edit::DropUrlPrefix]));
    }
}
