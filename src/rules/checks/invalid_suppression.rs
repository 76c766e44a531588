//! invalid-suppression: SPEC sections 4 and 13. A rule of suppression comments,
//! not of URIs: the checker reports it where it reads the comments
//! (`crate::check`, through [`crate::rules::Linter::directive`]); a URI
//! never triggers it.

use crate::rules::{Context, Hit};

pub(super) fn check(_: &Context, _: &mut Vec<Hit>) {}
