//! Mail decoding: any bytes, read as an archive or as a message, never
//! panic, and every finding's part line lies within the input's lines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::mail::{InputKind, MailEvent, MailEvents, detect};
use urilint::scan::Scanner;

fuzz_target!(|data: &[u8]| {
    let _ = detect(data, None);
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    for kind in [InputKind::Mbox, InputKind::Message] {
        for event in MailEvents::new(data, kind, Scanner::new()) {
            match event.expect("memory never fails") {
                MailEvent::Found(f) => assert!(f.finding.line >= 1 && f.finding.line <= lines),
                MailEvent::Warning { line, .. } => assert!(line >= 1 && line <= lines),
            }
        }
    }
});
