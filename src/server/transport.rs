//! The Language Server Protocol's base protocol on standard input and
//! output: JSON-RPC messages framed by a `Content-Length` header (LSP
//! 3.17, "Base Protocol").
//!
//! lsp-server's own stdio reader ends at the first message it cannot
//! parse, and the server with it. This one answers such a message with a
//! JSON-RPC error (`-32700`, parse error; `-32600` for JSON that is no
//! message) and reads on: a client's bad message never stops the server.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{Receiver, Sender, bounded, select, unbounded};
use lsp_server::{Connection, Message};

/// The threads that read and write the streams.
pub(super) struct Threads {
    reader: thread::JoinHandle<()>,
    writer: thread::JoinHandle<io::Result<()>>,
}

impl Threads {
    /// Waits for the writer to flush what the server sent. The reader is
    /// let go: it may be blocked on a client that never closes its end.
    pub(super) fn join(self) -> io::Result<()> {
        drop(self.reader);
        self.writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer thread panicked")))
    }
}

/// A connection over `input` and `output`.
pub(super) fn connect(
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) -> (Connection, Threads) {
    let (to_writer, from_server) = unbounded::<Message>();
    let (raw_out, raw_in) = unbounded::<String>();
    let (to_server, from_reader) = bounded::<Message>(16);
    let writer = thread::Builder::new()
        .name("urilint-lsp-writer".into())
        .spawn(move || write_loop(output, from_server, raw_in))
        .expect("spawn the writer thread");
    let reader = thread::Builder::new()
        .name("urilint-lsp-reader".into())
        .spawn(move || read_loop(input, to_server, raw_out))
        .expect("spawn the reader thread");
    let connection = Connection {
        sender: to_writer,
        receiver: from_reader,
    };
    (connection, Threads { reader, writer })
}

/// Writes the server's messages, and the reader's error replies, until
/// the server lets go of its sender.
fn write_loop(
    mut output: impl Write,
    messages: Receiver<Message>,
    raw: Receiver<String>,
) -> io::Result<()> {
    let mut raw_open = true;
    loop {
        let next = if raw_open {
            select! {
                recv(messages) -> m => m.map(Ok),
                recv(raw) -> r => match r {
                    Ok(r) => Ok(Err(r)),
                    Err(_) => { raw_open = false; continue; }
                },
            }
        } else {
            messages.recv().map(Ok)
        };
        match next {
            Ok(Ok(message)) => message.write(&mut output)?,
            Ok(Err(body)) => {
                write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
                output.flush()?;
            }
            Err(_) => return Ok(()),
        }
    }
}

/// What reading one message gave.
enum Framed {
    Body(Vec<u8>),
    /// A header block without a usable `Content-Length`.
    BadHeader,
    End,
}

/// Reads messages and hands them to the server; answers the malformed.
fn read_loop(mut input: impl BufRead, server: Sender<Message>, raw: Sender<String>) {
    loop {
        let body = match frame(&mut input) {
            Ok(Framed::Body(b)) => b,
            Ok(Framed::BadHeader) => {
                let _ = raw.send(error_reply(None, -32700, "no Content-Length header"));
                continue;
            }
            Ok(Framed::End) | Err(_) => return,
        };
        match serde_json::from_slice::<Message>(&body) {
            Ok(message) => {
                if server.send(message).is_err() {
                    return;
                }
            }
            Err(e) => {
                // JSON that is no message keeps its id, if it has one.
                let (code, id) = match serde_json::from_slice::<serde_json::Value>(&body) {
                    Ok(v) => (-32600, v.get("id").cloned()),
                    Err(_) => (-32700, None),
                };
                let what = match code {
                    -32700 => format!("the message is not JSON: {e}"),
                    _ => format!("the message is not a JSON-RPC request or notification: {e}"),
                };
                let _ = raw.send(error_reply(id, code, &what));
            }
        }
    }
}

/// A JSON-RPC error response (`id` null when it is not known).
fn error_reply(id: Option<serde_json::Value>, code: i32, message: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(serde_json::Value::Null),
        "error": {"code": code, "message": message},
    })
    .to_string()
}

/// Reads one message's header block and body.
fn frame(input: &mut impl BufRead) -> io::Result<Framed> {
    let mut length: Option<usize> = None;
    let mut any = false;
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(Framed::End);
        }
        let text = line.trim_ascii();
        if text.is_empty() {
            if !any {
                continue; // blank lines between messages
            }
            break;
        }
        any = true;
        let text = String::from_utf8_lossy(text);
        if let Some((name, value)) = text.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().ok();
        }
    }
    let Some(length) = length else {
        return Ok(Framed::BadHeader);
    };
    let mut body = Vec::new();
    input.take(length as u64).read_to_end(&mut body)?;
    if body.len() < length {
        return Ok(Framed::End);
    }
    Ok(Framed::Body(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn malformed_messages_are_answered_and_reading_goes_on() {
        let ping = r#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#;
        let input = format!(
            "{}{}Bogus: 1\r\n\r\n{}",
            framed("{not json"),
            framed(r#"{"jsonrpc":"2.0","id":3,"params":1}"#),
            framed(ping)
        );
        let (tx, rx) = unbounded();
        let (raw_tx, raw_rx) = unbounded();
        read_loop(io::Cursor::new(input.into_bytes()), tx, raw_tx);
        let replies: Vec<serde_json::Value> = raw_rx
            .try_iter()
            .map(|r| serde_json::from_str(&r).unwrap())
            .collect();
        let codes: Vec<(serde_json::Value, i64)> = replies
            .iter()
            .map(|r| (r["id"].clone(), r["error"]["code"].as_i64().unwrap()))
            .collect();
        assert_eq!(
            codes,
            [
                (serde_json::Value::Null, -32700),
                (serde_json::json!(3), -32600),
                (serde_json::Value::Null, -32700),
            ]
        );
        let got: Vec<Message> = rx.try_iter().collect();
        assert!(matches!(&got[..], [Message::Request(r)] if r.method == "shutdown"));
    }
}
