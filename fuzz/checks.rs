//! What each fuzz target asserts of one input. The targets in
//! fuzz_targets/ call these, and tests/it/fuzz_regressions.rs includes this
//! file to replay the inputs they found with exactly the same checks.

use urilint::document::mail::{MailEvent, MailEvents};
use urilint::mail::{InputKind, detect};
use urilint::redact::locate_text;
use urilint::rules::Linter;
use urilint::scan::{Delimiter, Finding, MIN_MAX_URI_LEN, Scanner};
use urilint::schemes::Registry;
use urilint::secrets::redact;
use urilint::uri::{Uri, normalize, resolve};

/// The scanner: streaming equals whole-buffer scanning for the chunk size
/// and cap the first byte picks, and every finding lies inside the input
/// (SPEC E6, E7).
pub fn scanner(data: &[u8]) {
    let Some((&knob, text)) = data.split_first() else {
        return;
    };
    let chunk = usize::from(knob & 0x3f) + 1;
    let cap = if knob & 0x40 != 0 {
        MIN_MAX_URI_LEN
    } else {
        64 * 1024
    };
    let make = || Scanner::builder().max_uri_len(cap);
    let whole: Vec<Finding> = make().build().scan(text).collect();
    let streamed: Vec<Finding> = make()
        .chunk_size(chunk)
        .build()
        .scan_reader(text)
        .map(|f| f.expect("memory never fails"))
        .collect();
    assert_eq!(whole, streamed, "chunk {chunk}, cap {cap}");
    let mut floor = 0;
    for f in &whole {
        assert!(floor <= f.start && f.start < f.end && f.end <= text.len() as u64);
        assert!(!f.uri.is_empty() && f.uri.len() <= cap);
        let raw = &text[f.start as usize..f.end as usize];
        if !f.flags.rejoined && !f.flags.truncated && f.delimiter != Delimiter::AngleUrlPrefix {
            assert_eq!(raw, &f.uri[..]);
        }
        floor = f.end;
    }
}

/// The URI model and the rules: parsing, validating, normalizing (which is
/// idempotent), resolving and every rule never panic on any bytes.
pub fn uri(data: &[u8]) {
    let reg = Registry::builtin();
    let uri = Uri::parse(data);
    let _ = uri.validate();
    let _ = uri.port();
    let once = normalize(data, reg);
    assert_eq!(
        normalize(&once, reg),
        once,
        "normalize is not idempotent on {:?}",
        String::from_utf8_lossy(data)
    );
    let _ = redact(data, false);
    let _ = redact(data, true);
    for r in locate_text(data, true) {
        assert!(
            r.start < r.end && r.end <= data.len(),
            "secret range {r:?} outside the input"
        );
    }
    if let Some(cut) = data.iter().position(|&b| b == b' ') {
        let _ = resolve(&data[..cut], &data[cut + 1..]);
    }
    let linter = Linter::new();
    for f in Scanner::new().scan(data) {
        for d in linter.check(&f) {
            assert!(
                d.span
                    .is_none_or(|s| s.start <= s.end && s.end <= f.uri.len()),
                "{}",
                d.rule
            );
        }
    }
}

/// Mail decoding: any bytes, read as an archive or as a message, never
/// panic, and every finding's part line lies within the input's lines.
pub fn mail(data: &[u8]) {
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
}
