//! Mail archives (SPEC section 6): what a mail reader shows.
//!
//! Raw mail hides URIs: quoted-printable breaks them with soft line breaks
//! and writes `=` as `=3D`, base64 hides them, HTML writes `&` as `&amp;`,
//! `format=flowed` wraps them. This module splits an mbox archive into
//! messages ([`Messages`], one at a time), decodes each ([`decode`]) into the
//! texts a reader would see ([`Part`]s); [`crate::document::mail`] scans
//! those.
//!
//! ```
//! use urilint::mail::{Messages, decode};
//! use urilint::scan::Scanner;
//!
//! let mbox = b"From list@example.org Mon Jan  1 00:00:00 2024\n\
//! Message-ID: <1@example.org>\n\
//! Content-Type: text/plain; charset=utf-8\n\
//! Content-Transfer-Encoding: quoted-printable\n\
//! \n\
//! See https://example.org/a/very/long/path?x=3D1&y=\n\
//! =3D2 today.\n";
//! let msg = Messages::mbox(&mbox[..]).next().unwrap().unwrap();
//! let decoded = decode(&msg);
//! assert_eq!(decoded.info.message_id.as_deref(), Some("1@example.org"));
//! let part = &decoded.parts[0];
//! assert_eq!(part.line, 6); // the archive line where the part's body begins
//! let uris: Vec<String> = Scanner::new().scan(&part.text).map(|f| f.uri_lossy().into_owned()).collect();
//! assert_eq!(uris, ["https://example.org/a/very/long/path?x=1&y=2"]);
//! ```

mod encoded_words;
mod flowed;
mod mbox;
mod mime;
mod qp;

pub use flowed::unflow;
pub use mbox::{MAX_MESSAGE, Messages, RawMessage};
pub use mime::{Decoded, MessageInfo, Part, decode};
// Told apart where every format is (SPEC M1, section 9).
pub use crate::format::mailbox::{InputKind, detect};
