//! Quoted-printable bodies decoded (RFC 2045 s6.7) a run at a time: the
//! text between `=` signs is copied whole, where the `quoted_printable`
//! crate (which mailparse calls) pushes each byte. The result is the
//! crate's robust mode's, byte for byte (a property test holds them
//! equal): bytes that cannot appear in the encoding (not tab, CR, LF or
//! printable ASCII) are dropped, trailing whitespace on each line is
//! dropped (s6.7 rule 3), `=` at a line's end joins it to the next (rule
//! 5), lines end in CRLF, and a malformed `=XY` is kept as written.

use memchr::memchr;

/// Whether the robust decoder keeps byte `b`.
fn kept(b: u8) -> bool {
    matches!(b, b'\t' | b'\r' | b'\n' | b' '..=b'~')
}

/// Decodes a quoted-printable body.
pub(crate) fn decode(input: &[u8]) -> Vec<u8> {
    let filtered: Vec<u8>;
    let input = match input.iter().all(|&b| kept(b)) {
        true => input,
        false => {
            filtered = input.iter().copied().filter(|&b| kept(b)).collect();
            &filtered
        }
    };
    let mut out = Vec::with_capacity(input.len());
    // `None` before the first line; `Some(true)` when the line before
    // ended in a hard break.
    let mut hard: Option<bool> = None;
    let mut rest = input;
    while !rest.is_empty() {
        let (line, next) = match memchr(b'\n', rest) {
            Some(k) => (&rest[..k], &rest[k + 1..]),
            None => (rest, &rest[rest.len()..]),
        };
        rest = next;
        let line = line.trim_ascii_end();
        if hard == Some(true) {
            out.extend_from_slice(b"\r\n");
            hard = Some(false);
        }
        decode_line(line, &mut out, &mut hard);
    }
    if input.ends_with(b"\n") && hard == Some(true) {
        out.extend_from_slice(b"\r\n");
    }
    out
}

/// Decodes one line (its break and trailing whitespace cut); `hard` is
/// set when it ends in a hard break, left when in a soft one (`=`).
fn decode_line(line: &[u8], out: &mut Vec<u8>, hard: &mut Option<bool>) {
    let hex = |b: u8| (b as char).to_digit(16);
    let mut i = 0;
    loop {
        let Some(k) = memchr(b'=', &line[i..]) else {
            out.extend_from_slice(&line[i..]);
            *hard = Some(true);
            return;
        };
        out.extend_from_slice(&line[i..i + k]);
        let at = i + k;
        let Some(&upper) = line.get(at + 1) else {
            return; // a soft break
        };
        let Some(&lower) = line.get(at + 2) else {
            out.extend_from_slice(&[b'=', upper]);
            *hard = Some(true);
            return;
        };
        match (hex(upper), hex(lower)) {
            (Some(u), Some(l)) => out.push((u << 4 | l) as u8),
            _ => out.extend_from_slice(&[b'=', upper, lower]),
        }
        i = at + 3;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn decodes_as_rfc_2045_says() {
        assert_eq!(
            decode(b"caf=C3=A9 =\r\nlatte  \r\nnext=\n"),
            b"caf\xC3\xA9 latte\r\nnext"
        );
        assert_eq!(decode(b"a=3Db=ZZc=4\n"), b"a=b=ZZc=4\r\n");
        assert_eq!(
            decode(b"http://x.example/?q=3D1\xFF\n\n"),
            b"http://x.example/?q=1\r\n\r\n"
        );
        assert_eq!(decode(b""), b"");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// The same bytes as the crate mailparse used before, on any input
        /// built of what matters to the decoder.
        #[test]
        fn equals_the_quoted_printable_crate(parts in proptest::collection::vec(
            prop_oneof![
                Just(&b"="[..]), Just(&b"\n"[..]), Just(&b"\r\n"[..]), Just(&b" "[..]),
                Just(&b"\t"[..]), Just(&b"\r"[..]), Just(&b"3D"[..]), Just(&b"a"[..]),
                Just(&b"Zz"[..]), Just(&b"\xC3"[..]), Just(&b"\x0C"[..]), Just(&b"~\x7F"[..]),
                Just(&b"http://h.example/?t=3D"[..]), Just(&b"e9"[..]), Just(&b"F"[..]),
            ],
            0..40,
        )) {
            let input: Vec<u8> = parts.concat();
            let theirs = quoted_printable::decode(&input, quoted_printable::ParseMode::Robust)
                .unwrap();
            prop_assert_eq!(decode(&input), theirs);
        }
    }
}
