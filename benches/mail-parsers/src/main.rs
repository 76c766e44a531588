//! mailparse beside mail-parser on each archive given, one thread, the
//! median of seven runs each: the header fields of every message alone,
//! and whole messages (headers, structure, and the text and HTML parts
//! decoded, as urilint's mail reader decodes them; mail-parser decodes
//! every part as it parses, mailparse a part when asked).

use std::time::Instant;

/// The messages of an mbox archive: split at `From ` lines after an empty
/// line, the `From ` line dropped (RFC 4155).
fn messages(data: &[u8]) -> Vec<&[u8]> {
    let mut starts = vec![];
    if data.starts_with(b"From ") {
        starts.push(0);
    }
    starts.extend(memchr::memmem::find_iter(data, b"\n\nFrom ").map(|i| i + 2));
    starts.push(data.len());
    starts
        .windows(2)
        .map(|w| {
            let m = &data[w[0]..w[1]];
            let body = memchr::memchr(b'\n', m).map_or(m.len(), |k| k + 1);
            &m[body..]
        })
        .collect()
}

/// The median of seven timings of `f`, whose result is kept so that its
/// work is done.
fn median(mut f: impl FnMut() -> usize) -> f64 {
    let mut times = vec![];
    for _ in 0..7 {
        let t = Instant::now();
        std::hint::black_box(f());
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    times[3]
}

fn mailparse_headers(msgs: &[&[u8]]) -> usize {
    msgs.iter()
        .filter_map(|m| mailparse::parse_headers(m).ok())
        // The names, as urilint reads every field's; mailparse decodes a
        // value only when asked (urilint asks for five fields' at most),
        // mail-parser every value as it parses.
        .map(|(h, _)| h.iter().map(|x| x.get_key_raw().len()).sum::<usize>())
        .sum()
}

fn mail_parser_headers(msgs: &[&[u8]]) -> usize {
    let parser = mail_parser::MessageParser::new();
    msgs.iter()
        .filter_map(|m| parser.parse_headers(*m))
        .map(|p| p.headers().len())
        .sum()
}

fn mailparse_whole(msgs: &[&[u8]]) -> usize {
    fn walk(p: &mailparse::ParsedMail, n: &mut usize) {
        let mime = p.ctype.mimetype.as_str();
        if mime.starts_with("text/") {
            *n += p.get_body().map_or(0, |b| b.len());
        }
        for s in &p.subparts {
            walk(s, n);
        }
    }
    let mut n = 0;
    for m in msgs {
        if let Ok(p) = mailparse::parse_mail(m) {
            n += p.headers.len();
            walk(&p, &mut n);
        }
    }
    n
}

fn mail_parser_whole(msgs: &[&[u8]]) -> usize {
    let parser = mail_parser::MessageParser::default();
    let mut n = 0;
    for m in msgs {
        if let Some(p) = parser.parse(*m) {
            n += p.headers().len();
            for part in &p.parts {
                if let mail_parser::PartType::Text(t) | mail_parser::PartType::Html(t) = &part.body
                {
                    n += t.len();
                }
            }
        }
    }
    n
}

fn main() {
    for path in std::env::args().skip(1) {
        let data = std::fs::read(&path).expect("an archive");
        let msgs = messages(&data);
        let mb = data.len() as f64 / 1e6;
        println!("{path}: {} messages, {mb:.1} MB", msgs.len());
        type Read = fn(&[&[u8]]) -> usize;
        let pairs: [(&str, Read, Read); 2] = [
            ("header fields", mailparse_headers, mail_parser_headers),
            ("whole messages", mailparse_whole, mail_parser_whole),
        ];
        for (what, mailparse, mail_parser) in pairs {
            let a = median(|| mailparse(&msgs));
            let b = median(|| mail_parser(&msgs));
            println!(
                "  {what}: mailparse {:.0} MB/s, mail-parser {:.0} MB/s: mail-parser {:.2}x the speed",
                mb / a,
                mb / b,
                a / b
            );
        }
    }
}
