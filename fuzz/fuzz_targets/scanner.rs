//! The scanner: streaming equals whole-buffer scanning for the chunk size
//! and cap the input picks, and every finding lies inside the input (SPEC
//! E6, E7).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::scan::{Delimiter, Finding, MIN_MAX_URI_LEN, Scanner};

fuzz_target!(|data: &[u8]| {
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
});
