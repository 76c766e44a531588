//! SPEC section 10: no secret reaches any output unless `--show-secrets`.
//!
//! A corpus of credential variants, each secret marked `⟦...⟧` in its
//! source, is run through every `check` format, `extract` (plain, jsonl,
//! `--normalize`, `--unique`), `--write-baseline`, standard input and a
//! directory walk. No piece of a secret may appear on stdout, stderr or in
//! the baseline; with `--show-secrets` every secret must appear, so the
//! corpus is known to reach the outputs it is checked against.

use std::collections::BTreeSet;
use std::path::Path;

use assert_cmd::Command;

/// Passwords with every URI delimiter and odd byte: each is the delimiter
/// between two distinctive halves.
const DELIMITERS: &[&str] = &[
    "#", "/", "?", "@", " ", "\t", "\"", "'", "`", "<", ">", "(", ")", "[", "]", "{", "}", "|",
    "\\", "^", "%", "%4", ":", ";", ",", "!", "*", "&", "=", "+", "$", "~", "\u{a0}", "\u{201c}",
    "\u{201d}", "\u{bb}", "\x01", "\x1b", "\x7f", "\u{e9}", "\u{3002}", "@@", "#/?", " @ ", "//",
    "://",
];

/// Scheme families people put credentials in.
const SCHEMES: &[&str] = &[
    "postgres://",
    "postgresql://",
    "jdbc:postgresql://",
    "jdbc:mysql://",
    "mysql://",
    "mongodb://",
    "mongodb+srv://",
    "redis://",
    "rediss://",
    "amqp://",
    "amqps://",
    "s3a://",
    "s3://",
    "git+ssh://",
    "git+https://",
    "ssh://",
    "sftp://",
    "ftp://",
    "http://",
    "https://",
    "ldap://",
    "smtp://",
    "sqlserver://",
];

/// Whole lines, each a variant of its own: auth forms, tokens, query and
/// path secrets, and the contexts a URI is written in.
const LINES: &[&str] = &[
    // Tokens as the user name.
    "git clone https://⟦ghp_Qw1Ex2Rt3Yu4Io5Pa6Sd7Fg8Hj9Kl0Zx1Cv2B⟧@github.com/o/r.git",
    "https://⟦github_pat_11AQw2Er3Ty4Ui5Op6As7Df8Gh9Jk0Lz⟧@github.com/o/r",
    "https://⟦glpat-Rk8w2Ls3nX9pQ4vT7yZq⟧@gitlab.example.com/g/r.git",
    "https://⟦xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy⟧@slack.example.com/",
    "s3://⟦AKIAQX7ZWUT3EXAMPLE5⟧@bucket.example.com/k",
    "https://⟦sk_live_4eC39HqLyjWDarjtT1zdp7dc⟧@api.example.com/",
    "https://⟦4e07408562bedb8b60ce05c1decfe3ad16b72230⟧:x-oauth-basic@github.com/o/r",
    "https://x-access-token:⟦ghs_Mn3Bv4Cx5Zl6Kj7Hg8Fd9Sa0Pq1Wo2Ei3Ru4⟧@github.com/o/r.git",
    "https://⟦Zr4Kp9Lm2Xq7Wn3Vb8Ts5Yc1Hd6⟧@registry.example.com/v2/",
    // Empty user, percent-encoded password, `$` that is no placeholder.
    "redis://:⟦Rd5Is9Pw%40x%2Fy⟧@cache.example.com:6379/0",
    "ftp://bob:⟦$uperS3cretQx9⟧@ftp.example.com/pub/",
    "amqp://app:⟦Mq1%20Pw7%23Zt⟧@mq.example.com/vhost",
    // Query and fragment secrets.
    "https://api.example.com/v1?page=2&access_token=⟦Tk7Qa2Zx9Lm4⟧&x=1",
    "https://api.example.com/v1?PASSWORD=⟦Pw3Qz8Lk2Jd5⟧",
    "https://api.example.com/v1?api_key=⟦Ak4Rt7Yp2Wq9⟧;lang=en",
    "https://maps.example.com/js?key=⟦AIzaSyQk3Lm8Np2Rt7Vx1Zc4Bd9Fg6Hj0Kl5Mq⟧",
    "https://b.s3.amazonaws.com/k?X-Amz-Credential=⟦AKIAQK7Z3LX8EXAMPLE%2F20250317⟧&X-Amz-Signature=⟦Sg5Hk2Lp9Qw3Zx8⟧",
    "https://acct.blob.core.windows.net/c/b?sv=2022-11-02&sig=⟦Az9Sas3Qm7Kw1%3D⟧",
    "https://app.example.com/cb#access_token=⟦Fr4Gm8Tk2Lq6⟧&token_type=bearer",
    "https://storage.googleapis.com/b/o?X-Goog-Signature=⟦Gs7Ht3Jw9Kq2⟧",
    "https://api.example.com/?client_secret=⟦Cs2Vb6Nm9Qz3⟧&client_id=abc",
    // Webhooks whose path is the secret.
    "https://hooks.slack.com/services/⟦T03QZ8WLD/B09Q7G3QZ/wQ8Kq2LmX4tRp8sWn3bYc7Zz⟧",
    "https://discord.com/api/webhooks/⟦998877665544332211/Zb3dEf6hIj9kLm2nOp5qRs8tQq⟧",
    "https://outlook.office.com/webhook/⟦a1b2c3d4-Qz7w-IncomingWebhook-Xp4Lm9⟧",
    "https://acme.webhook.office.com/webhookb2/⟦f9e8d7c6-Wq3z-Hook-Lm8Kp2⟧",
    "https://api.telegram.org/bot⟦987654321:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDzzz⟧/getMe",
    // The contexts a URI is written in.
    "see \"postgres://u:⟦Qt1Ab\"Qt2Ef⟧@db.example.com/x\" here",
    "(postgres://u:⟦Pr1Ab)Pr2Ef⟧@db.example.com/x)",
    "<postgres://u:⟦An1Ab>Cd22Ef⟧@db.example.com/x>",
    "<URL:postgres://u:⟦Ur1AbUr2Ef⟧@db.example.com/x>",
    "[db](postgres://u:⟦Md1AbMd2Ef⟧@db.example.com/x)",
    "<a href=\"postgres://u:⟦Hr1Ab&amp;Cd32Ef⟧@db.example.com/x\">db</a>",
    "{\"url\": \"postgres://u:⟦Js1Ab\\\"Cd42Ef⟧@db.example.com/x\"}",
    "`postgres://u:⟦Bt1AbBt2Ef⟧@db.example.com/x`",
    "two: ftp://a:⟦Tw1AbTw2Ef⟧@h.example.com/ and ftp://b:⟦Tw3GhTw4Kl⟧@h.example.com/",
    "ftp://u:⟦Mu1Ab@Cd2@Ef3Gh⟧@h.example.com/x",
    "amqp://guest:⟦Sp1Ab@Cd w0Ef2⟧@mq.example.com/v",
    "ftp://u:⟦Ws1Ab x@y.com z Cd52Ef⟧@db.example.com/path",
    "a <postgres://u:⟦Br1Ab\nBr2Ef⟧@db.example.com/x> b",
    "a <postgres://u:\n⟦Br3AbBr4Ef⟧@db.example.com/x> b",
    "a <postgres://u:⟦Br5AbBr6Ef⟧\n@db.example.com/x> b",
    "a <URL: ftp://deploy:⟦Br7Ab-\nBr8Ef⟧@ftp.example.com/pub/> b",
    "crlf: ftp://u:⟦Cr1AbCr2Ef⟧@h.example.com/\r\nnext",
    "lone cr: ftp://u:⟦Lc1AbLc2Ef⟧@h.example.com/\rnext ftp://v:⟦Lc3GhLc4Kl⟧@h.example.com/",
    "suppressed ftp://u:⟦Sx1AbSx2Ef⟧@h.example.com/ urilint: ignore",
    "mailto:someone@example.org?subject=x&token=⟦Ml1AbMl2Ef⟧",
    // Found by red-teaming: passwords that start or end with a delimiter,
    // an email address as the user, a lone CR.
    "see postgres://user:⟦#Rt1AbRt2Ef⟧@db.example.com/app",
    "https://bob:⟦/Rt3AbRt4Ef⟧@db.example.com/x https://bob:⟦?Rt5AbRt6Ef⟧@db.example.com/x",
    "https://bob:⟦Rt7AbRt8Ef/⟧@db.example.com/x https://bob:⟦@Rt9AbRt0Ef@⟧@db.example.com/x",
    "see <postgres://user:⟦\"Rq1AbRq2Ef⟧@db.example.com/app>",
    "ftp://⟦alice@corp.example.com:Em1AbEm2Ef⟧@ftp.example.com/",
    "smtp://⟦alice@corp.example.com:Em3AbEm4Ef⟧@smtp.example.com:587",
    "see https://bob:⟦Lr1Ab\rLr2Ef⟧@db.example.com/x",
    "https://x.example.com/?password=`⟦Bq1AbBq2Ef⟧`&a=1",
    // URIs inside URIs, plain and percent-encoded, and comma-joined.
    "https://example.com/?next=https://bob:⟦Ns1AbNs2Ef⟧@db.example.com/x",
    "https://web.archive.org/web/2020/https://bob:⟦Ns3AbNs4Ef⟧@db.example.com/x",
    "https://example.com/?u=https%3A%2F%2Fbob%3A⟦Ns5AbNs6Ef⟧%40db.example.com%2Fx",
    "https://bob:⟦Cj1AbCj2Ef⟧@db.example.com/x,https://bob:⟦Cj3AbCj4Ef⟧@db.example.com/x",
    // More parameter forms.
    "https://x.example.com/login?user[password]=⟦Pf1AbPf2Ef⟧&client_secret[]=⟦Pf3AbPf4Ef⟧",
    "jdbc:sqlserver://db.example.com:1433;user=bob;password=⟦Pf5AbPf6Ef⟧;",
    "https://x.example.com/?accessToken=⟦Pf7AbPf8Ef⟧&oauth_signature=⟦Pf9AbPf0Ef⟧",
    "https://x.example.com/#/cb?token=⟦Sp3AbSp4Ef⟧ https://x.example.com/#!/login?password=⟦Sp5AbSp6Ef⟧",
    "https://x.example.com/a;jsessionid=⟦Js3AbJs4Ef⟧?q=1",
    // Webhooks written another way.
    "https://HOOKS.SLACK.COM/services/⟦T0WQ1/B0WQ2/Wh1AbWh2Ef⟧",
    "https://hooks.slack.com⟦/%73ervices/T0WQ3/B0WQ4/Wh3AbWh4Ef⟧",
    "https://hooks.slack.com⟦/x/../services/T0WQ5/B0WQ6/Wh5AbWh6Ef⟧",
    "https://hooks.slack.com⟦//services/T0WQ7/B0WQ8/Wh7AbWh8Ef⟧",
    "https://discord.com/api/v10/webhooks/⟦5550001234/Wh9AbWh0Ef⟧",
    "https://api.telegram.org/file/bot⟦777333:Tg1AbTg2Ef⟧/photos/x.jpg",
    "https://⟦eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.Jw1AbJw2EfJw3GhJw4Ij⟧@api.example.com/",
    // A published sample (a note) and a value no weak name vouches for (no
    // finding): redacted all the same (issue 30).
    "https://jwt.io/#debugger-io?token=⟦eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.Sm1AbSm2EfSm3GhSm4Ij⟧",
    "https://www.acme.net/papers/report.pdf?key=⟦9d41c0e7b2a85f36e1d4c7a0b9e3f562⟧",
    // Parameter names red-teaming found unrecognized (issue 31, S5).
    "https://x.example.com/?secret_token=⟦Sn1AbSn2Ef⟧&passphrase=⟦Pq1AbPq2Ef⟧&bearer_token=⟦Br9AbBr0Ef⟧",
    "https://x.example.com/?github_token=⟦Gh1AbGh2Ef⟧&db_pass=⟦Db1AbDb2Ef⟧&pw=⟦Pw7AbPw8Ef⟧",
    // An `@` written as a reference or an escape a reader decodes, an
    // e-mail user whose password starts with a delimiter, a password of
    // digits and `/` after an access key id (issue 31, S1, S3, S4).
    "see https://alice:⟦En1AbEn2Ef⟧&#64;db.example.com/x and https://bob:⟦En3AbEn4Ef⟧&#x40;db.example.com/",
    "{\"url\": \"https://alice:⟦Je1AbJe2Ef⟧\\u0040db.example.com/x\"} https://carol:⟦Cm1AbCm2Ef⟧&commat;db.example.com/",
    "smtp://⟦alice@corp.example.com:#Ha1AbHa2Ef⟧@smtp.example.net/ smtp://⟦alice@corp.example.com:?Ha3AbHa4Ef⟧@smtp.example.net/",
    "ftp://⟦alice@corp.example.com:Ea1AbEa2Ef⟧&#64;ftp.example.com/ https://bob:⟦Ez1AbEz2Ef⟧&#000000064;db.example.com/ https://bob:⟦Yu1AbYu2Ef⟧\\U00000040db.example.com/",
    "s3a://⟦AKIAZR4KQ8WLM2EXAMP7:7/K7MDENG/Ak1AbAk2Ef⟧@bucket/path",
    // A token as the user of a network-path reference, on a line shown
    // for another finding (S7).
    "http://h.example.com:99999/ //⟦ghp_Zt1AbZt2EfZt3GhZt4IjZt5KlZt6MnZt7Op⟧@github.com/",
    // A documented prefix is a token in the user position whatever its
    // length, and as any query value whatever the parameter's name.
    "https://⟦ghp_Sh1AbSh2Ef⟧@github.com/o/r https://api.example.com/v1?q=⟦ghp_Qv1AbQv2EfQv3GhQv4IjQv5KlQv6MnQv7OpQ⟧&x=1",
    // Tokens in a path: a documented token, a JSON Web Token (issue 31).
    "https://api.example.com/v1/⟦ghp_Pt1AbPt2EfPt3GhPt4IjPt5KlPt6MnPt7Op⟧/repos \
     https://app.example.com/verify/⟦eyJraWQiOiJKdzBBYiJ9.eyJzdWIiOiJKdzFBYkp3MkVmIn0.Jw3GhJw4IjJw5KlJw6MnJw7OpQ⟧",
    // Webhooks written with JSON's escaped slashes or a browser's
    // backslashes, and on `www.discord.com`.
    // (Short lines, so that `--show-secrets` shows them whole.)
    "\"https:\\/\\/hooks.slack.com\\/services\\/⟦T0\\/B0\\/Sb3Gh⟧\"",
    "https:\\\\hooks.slack.com\\services\\⟦T0\\B0\\Sw3Gh⟧ x",
    "https://www.discord.com/api/webhooks/⟦918273645546372819/Dw1AbDw2EfDw3GhDw4Ij⟧",
    // An escaped `@` after a space or a quote in the password, or in a
    // URI inside another; a long password with a `/` early (issue 31).
    "https://u:⟦Wt1Ab Wt2Ef⟧&#64;db.example.com/ https://u:⟦Qs1Ab\"Qs2Ef⟧\\u0040db.example.com/",
    "https://r.example.com/?next=https://u:⟦Ne1AbNe2Ef⟧&#64;db.example.com/",
    // A webhook and a token whose path a browser reads with `\` for `/`.
    "https://hooks.slack.com\\services\\⟦T0\\B0\\Bk3Gh⟧ x",
    "https://api.example.com\\v1\\⟦ghp_Bp1AbBp2EfBp3GhBp4IjBp5KlBp6MnBp7Op⟧\\r",
    // A webhook and a token inside another URI, plain and encoded.
    "https://r.example.com/?next=https://hooks.slack.com/services/⟦T0/B0/Nw3GhNw4Ij⟧&x=1",
    "https://r.example.com/?u=https%3A%2F%2Fhooks.slack.com%2Fservices%2F⟦T0%2FB0%2FNe3GhNe4Ij⟧&x=1",
    "https://r.example.com/?next=https://api.example.com/v1/⟦ghp_Nt1AbNt2EfNt3GhNt4IjNt5KlNt6MnNt7Op⟧/r",
    // Credentials of a URI percent-encoded three times inside another.
    "https://r.example.com/?next=https%25253A%25252F%25252Fadmin%25253A⟦Tr1AbTr2Ef⟧%252540db.example.com",
    // Credentials of a URI percent-encoded twice inside another.
    "https://r.example.com/login?next=https%253A%252F%252Fadmin%253A⟦Dd1AbDd2Ef⟧%2540db.example.com%252Fx",
    // Oracle's JDBC form, on a line shown for another finding (S2).
    "jdbc:oracle:thin:scott/⟦Or1AbOr2Ef⟧@//db.example.com:1521/svc and http://h.example.com:99999/",
    "http://h.example.com:99999/ JDBC:ORACLE:thin:scott/⟦Or3Ab@Or4Ef⟧@//db.example.com:1521/svc",
    "http://h.example.com:99999/ jdbc:oracle:oci:scott/⟦\"Or5Ab Or6Ef\"⟧@//db.example.com:1521/svc",
    // A JDBC URL in angle brackets, broken over lines (S2).
    "<jdbc:mysql://user:⟦Jm1AbJm2Ef\n  Jm3GhJm4Ij⟧@db.example.com:3306/db> and http://h.example.com:99999/",
    // Issue 49: escapes of `:`, `_`, `=`, `?` a reader decodes (HTML
    // character references, JSON and JavaScript escapes).
    "https://u&colon;⟦Ec1AbEc2Cd⟧@h.example.com/x",
    "https://u&#58;⟦Ec3AbEc4Cd⟧@h.example.com/x",
    "https://u\\u003A⟦Ec5AbEc6Cd⟧@h.example.com/x",
    "https://h.example.com/?access\\u005ftoken=⟦Ec7AbEc8Cd⟧",
    "https://h.example.com/?token\\u003d⟦Ec9AbEd1Cd⟧",
    "https://h.example.com/p\\u003ftoken=⟦Ed2AbEd3Cd⟧",
    // A Slack hook written with backslashes: a parser reads its path as
    // the host, lower-cased, and says so.
    "https://hooks.slack.com\\services\\⟦T0SH1AB\\B0SH2CD\\Sh3AbSh4CdSh5Ef⟧",
    // A password that starts with digits and `/`, and one after an
    // e-mail user name that starts with `:/`.
    "https://user:⟦123/Dg1AbDg2Cd⟧@host.example.com/x",
    "https://alice@corp.example.com:⟦/Em1AbEm2Cd⟧@host.example.com/x",
    // A quoted URI broken after the password's first characters.
    "\"https://u:⟦Qb1Ab\n  Qb2Cd⟧@host.example.com/x\" http://y.example.com:99999/",
    // No slashes after the scheme.
    "https:u:⟦Ns1AbNs2Cd⟧@host.example.com/x",
    // A red team's second pass (issue 49): a password of digits then `?`,
    // an e-mail user with a port's digits, parameters inside values,
    // escapes escaped again, percent-encoded or behind `&amp;`.
    "https://user:⟦123?Rt1AbRt2Cd⟧@host.example.com/",
    "https://alice@corp.example.com:⟦123/Rt3AbRt4Cd⟧@host.example.com/",
    "https://h.example.com/?next=/x?token=⟦Rt5AbRt6Cd⟧",
    "https://h.example.com/#!token=⟦Rt7AbRt8Cd⟧ and https://h.example.com/?data.token=⟦Rv1AbRv2Cd⟧",
    "\"https://alice\\\\u003a⟦Rt9AbRu1Cd⟧\\\\u0040host.example.com/\"",
    "https://alice%5Cu003a⟦Ru2AbRu3Cd⟧%5Cu0040host.example.com/",
    "https://alice&amp;colon;⟦Ru4AbRu5Cd⟧&amp;commat;host.example.com/",
    "\"https://alice\\072⟦Rv3AbRv4Cd⟧\\100host.example.com/\"",
    "mailto:u:⟦Rw1AbRw2Cd⟧@host.example.com",
    "https://hooks.slack.com/services%2F⟦T0RW3AB%2FB0RW4CD%2FRw5AbRw6Cd⟧",
    "https://hooks%2Eslack.com/services/⟦T0RW7AB/B0RW8CD/Rw9AbRx1Cd⟧",
    // A terminal escape on a shown line.
    "esc \u{1b}[2J\u{1b}]0;title\u{7} \u{202e}txt.exe here",
];

/// The corpus: the input, and the secrets in it (marks removed).
fn corpus() -> (Vec<u8>, Vec<Vec<u8>>) {
    let mut marked: Vec<String> = Vec::new();
    for (i, d) in DELIMITERS.iter().enumerate() {
        marked.push(format!(
            "db: postgres://admin:⟦Dl{i}Ab{d}Dr{i}Ef⟧@db{i}.example.com:5432/prod"
        ));
    }
    for (i, s) in SCHEMES.iter().enumerate() {
        marked.push(format!("{s}user{i}:⟦Sc{i}Qz7Wp⟧@host{i}.example.com/x"));
    }
    // Each scheme's credential through the encodings a reader sees
    // through, whatever the file is read as (issue 31): an escaped `@`,
    // inside another URI plain or percent-encoded, JSON's escaped
    // slashes, broken over lines in `<...>`, quoted.
    for (i, s) in SCHEMES.iter().enumerate() {
        let pw = |t: usize| format!("Vx{t}{i:02}Ab");
        let encoded: String = s
            .bytes()
            .map(|b| match b {
                b':' => "%3A".to_string(),
                b'/' => "%2F".to_string(),
                b'+' => "%2B".to_string(),
                b => (b as char).to_string(),
            })
            .collect();
        let slashed = s.replace('/', "\\/");
        marked.extend([
            format!("{s}u{i}:⟦{}⟧&#64;h{i}.example.com/x", pw(1)),
            format!("{s}u{i}:⟦{}⟧\\u0040h{i}.example.com/x", pw(2)),
            format!(
                "https://r.example.com/?next={s}u{i}:⟦{}⟧@h{i}.example.com/x",
                pw(3)
            ),
            format!(
                "https://r.example.com/?next={encoded}u{i}%3A⟦{}⟧%40h{i}.example.com%2Fx",
                pw(4)
            ),
            format!("\"{slashed}u{i}:⟦{}⟧@h{i}.example.com\\/x\"", pw(5)),
            format!("<{s}u{i}:⟦{}\n  Zq{i}Wv⟧@h{i}.example.com/x>", pw(6)),
            format!("\"{s}u{i}:⟦{}⟧@h{i}.example.com/x\"", pw(7)),
        ]);
    }
    marked.extend(LINES.iter().map(|s| s.to_string()));
    let mut input = Vec::new();
    let mut secrets = Vec::new();
    for line in &marked {
        // An unrelated finding starts each line, so every line is shown as
        // a snippet even when its own URI's rule is not selected.
        input.extend_from_slice(b"http://x.example.com:99999/ ");
        let mut rest = line.as_str();
        while let Some(open) = rest.find('⟦') {
            input.extend_from_slice(&rest.as_bytes()[..open]);
            let close = rest.find('⟧').expect("closed mark");
            let secret = rest.as_bytes()[open + '⟦'.len_utf8()..close].to_vec();
            input.extend_from_slice(&secret);
            secrets.push(secret);
            rest = &rest[close + '⟧'.len_utf8()..];
        }
        input.extend_from_slice(rest.as_bytes());
        input.extend_from_slice(b"\n\n");
    }
    // A password of over 4 KiB with spaces in it (issue 49).
    let long: Vec<String> = (0..460).map(|k| format!("Lp{k}Ab")).collect();
    input.extend_from_slice(b"http://x.example.com:99999/ https://u:");
    input.extend_from_slice(long.join(" ").as_bytes());
    input.extend_from_slice(b"@host.example.com/x\n\n");
    secrets.push(long.join(" ").into_bytes());
    // Invalid UTF-8 in a password.
    input.extend_from_slice(b"x postgres://u:Iv1Ab\xff\xfeIv2Ef@db.example.com/x\n\n");
    secrets.push(b"Iv1Ab\xff\xfeIv2Ef".to_vec());
    (input, secrets)
}

/// A mail archive with secrets in quoted-printable, base64 and HTML parts,
/// in plain and RFC 2047 encoded subjects, and in a Message-ID.
fn archive() -> (Vec<u8>, Vec<Vec<u8>>) {
    let b64 = |s: &str| {
        const T: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let b = s.as_bytes();
        let mut out = String::new();
        for c in b.chunks(3) {
            let n = (u32::from(c[0]) << 16)
                | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
                | u32::from(*c.get(2).unwrap_or(&0));
            for k in 0..4 {
                out.push(if k <= c.len() {
                    T[(n >> (18 - 6 * k)) as usize & 63] as char
                } else {
                    '='
                });
            }
        }
        out
    };
    let mbox = format!(
        "From a@example.org Mon Jan  1 00:00:00 2024\n\
         Message-ID: <1@example.org>\n\
         Subject: new db is postgres://admin:Sj1AbSj2Ef@db.example.com/prod\n\
         Content-Type: text/plain; charset=utf-8\n\
         Content-Transfer-Encoding: quoted-printable\n\
         \n\
         Use postgres://admin:Qp1Ab=3DQp2=\nQpEf@db.example.com/prod today.\n\
         \n\
         From b@example.org Mon Jan  1 00:00:00 2024\n\
         Message-ID: <postgres://x:Id1AbId2Ef@h.example.com/>\n\
         Subject: =?utf-8?B?{}?=\n\
         Content-Type: text/plain; charset=utf-8\n\
         Content-Transfer-Encoding: base64\n\
         \n\
         {}\n\
         \n\
         From c@example.org Mon Jan  1 00:00:00 2024\n\
         Message-ID: <3@example.org>\n\
         Subject: html\n\
         Content-Type: text/html; charset=utf-8\n\
         \n\
         <p><a href=\"https://u:Ht1Ab&amp;Ht2Ef@h.example.com/?token=Ht3GhIj4Kl&amp;x=1\">x</a>\n\
         https://hooks.slack.com/services/T0Qz/B0Wx/Ht5MnOp6Qr</p>\n",
        b64("subject ftp://u:Sb1AbSb2Ef@h.example.com/ \u{1b}[31mred"),
        b64("body https://ghp_Bs1Qw2Er3Ty4Ui5Op6As7Df8Gh9@github.com/o/r\n"),
    );
    let secrets = [
        "Sj1AbSj2Ef",
        "Qp1Ab=Qp2QpEf",
        "Id1AbId2Ef",
        "Sb1AbSb2Ef",
        "ghp_Bs1Qw2Er3Ty4Ui5Op6As7Df8Gh9",
        "Ht1Ab&Ht2Ef",
        "Ht3GhIj4Kl",
        "T0Qz/B0Wx/Ht5MnOp6Qr",
    ];
    (
        mbox.into_bytes(),
        secrets.iter().map(|s| s.as_bytes().to_vec()).collect(),
    )
}

/// The pieces of a secret that must never be printed: its runs of four or
/// more ASCII letters and digits that hold a digit (the delimiters between
/// them are the point of the corpus, and words such as a token's `github`
/// or `live` prefix are common in output anyway).
fn pieces(secret: &[u8]) -> Vec<String> {
    secret
        .split(|b| !b.is_ascii_alphanumeric())
        .filter(|run| run.len() >= 4 && run.iter().any(u8::is_ascii_digit))
        .map(|run| String::from_utf8(run.to_vec()).unwrap())
        .collect()
}

/// Whether `piece` of a secret is in `output` (`lower`: the same, lower
/// case): in any case, as a parser lower-cases what it reads as a host;
/// a piece of four or five characters as it is written, or a hexadecimal
/// fingerprint (gitlab's) would hold one by chance.
fn leaked(output: &str, lower: &str, piece: &str) -> bool {
    match piece.len() >= 6 {
        true => lower.contains(&piece.to_lowercase()),
        false => output.contains(piece),
    }
}

struct Run {
    what: String,
    output: String,
}

fn urilint(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    // `--isolated` (no config from the machine) goes after the subcommand.
    let mut all = vec![args[0], "--isolated"];
    all.extend_from_slice(&args[1..]);
    let mut cmd = Command::cargo_bin("urilint").unwrap();
    cmd.current_dir(dir).args(&all);
    if let Some(input) = stdin {
        cmd.write_stdin(input.to_vec());
    }
    let out = cmd.output().unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "urilint {all:?}: {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let mut output = String::from_utf8_lossy(&out.stdout).into_owned();
    output.push_str(&String::from_utf8_lossy(&out.stderr));
    Run {
        what: all.join(" "),
        output,
    }
}

/// Every way of printing the inputs in `dir` (`text` and `mail` files in it).
fn every_output(dir: &Path, input: &[u8], show: bool) -> Vec<Run> {
    let mut runs = Vec::new();
    let show = if show { &["--show-secrets"][..] } else { &[] };
    let with =
        |args: &[&str]| -> Vec<String> { args.iter().chain(show).map(|s| s.to_string()).collect() };
    let mut argsets: Vec<Vec<String>> = Vec::new();
    for format in [
        "human", "json", "jsonl", "sarif", "github", "junit", "gitlab",
    ] {
        for file in ["text", "mail", "."] {
            argsets.push(with(&[
                "check", "--color", "never", "--format", format, file,
            ]));
        }
    }
    for file in ["text", "mail"] {
        argsets.push(with(&["check", "--select", "invalid-port", file]));
        argsets.push(with(&[
            "check",
            "--ignore",
            "embedded-password,embedded-token,secret-in-query,secret-in-path",
            file,
        ]));
    }
    for file in ["text", "."] {
        argsets.push(with(&["check", "--statistics", file]));
        argsets.push(with(&[
            "check",
            "--color",
            "never",
            "--select",
            "all",
            "--unsafe-fixes",
            "--diff",
            file,
        ]));
    }
    for args in [
        &["extract"][..],
        &["extract", "--format", "jsonl"],
        &["extract", "--format", "csv"],
        &["extract", "--normalize"],
        &["extract", "--unique"],
        &["extract", "--unique", "--normalize", "--format", "jsonl"],
    ] {
        for file in ["text", "mail", "."] {
            let mut a = with(args);
            a.push(file.to_string());
            argsets.push(a);
        }
    }
    for args in &argsets {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        runs.push(urilint(dir, &args, None));
    }
    // Standard input: the human snippets come from a spool.
    runs.push(urilint(
        dir,
        &with(&["check", "-"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        Some(input),
    ));
    // What `--fix` says of a copy it fixes (the fixed file is the user's
    // own text, secrets and all).
    std::fs::write(dir.join("fixme"), input).unwrap();
    runs.push(urilint(
        dir,
        &with(&[
            "check",
            "--select",
            "all",
            "--unsafe-fixes",
            "--fix",
            "fixme",
        ])
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>(),
        None,
    ));
    std::fs::remove_file(dir.join("fixme")).unwrap();
    // `--output-file`: what it writes, and what is said around it.
    let mut run = urilint(
        dir,
        &with(&[
            "check",
            "--format",
            "json",
            "--output-file",
            "out.json",
            "text",
        ])
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>(),
        None,
    );
    run.output
        .push_str(&std::fs::read_to_string(dir.join("out.json")).unwrap());
    std::fs::remove_file(dir.join("out.json")).unwrap();
    runs.push(run);
    // A baseline never stores a secret, even with secrets shown.
    for extra in [&[][..], &["--show-secrets"]] {
        let mut args = vec!["check", "--write-baseline", "base.json", "text", "mail"];
        args.extend_from_slice(extra);
        let mut run = urilint(dir, &args, None);
        run.output
            .push_str(&std::fs::read_to_string(dir.join("base.json")).unwrap());
        if !show.is_empty() {
            continue; // the baseline is checked without --show-secrets only
        }
        runs.push(run);
    }
    runs
}

fn setup() -> (tempfile::TempDir, Vec<u8>, Vec<Vec<u8>>) {
    let dir = tempfile::tempdir().unwrap();
    let (text, mut secrets) = corpus();
    let (mail, mail_secrets) = archive();
    std::fs::write(dir.path().join("text"), &text).unwrap();
    std::fs::write(dir.path().join("mail"), &mail).unwrap();
    secrets.extend(mail_secrets);
    (dir, text, secrets)
}

#[test]
fn the_corpus_is_large_and_each_secret_is_distinctive() {
    let (_dir, text, secrets) = setup();
    assert!(secrets.len() >= 300, "{} variants", secrets.len());
    let mut seen = BTreeSet::new();
    for s in &secrets {
        let p = pieces(s);
        assert!(
            !p.is_empty(),
            "{:?} has nothing to look for",
            String::from_utf8_lossy(s)
        );
        for piece in p {
            assert!(seen.insert(piece.clone()), "{piece} is in two secrets");
        }
    }
    // A piece found in the input outside the secrets, or in what urilint
    // prints of itself (SARIF carries the rules' docs), proves nothing.
    let mut outside = text.clone();
    for s in &secrets {
        while let Some(at) = outside.windows(s.len()).position(|w| w == &s[..]) {
            outside.splice(at..at + s.len(), std::iter::empty());
        }
    }
    let outside = String::from_utf8_lossy(&outside).into_owned();
    let empty = tempfile::tempdir().unwrap();
    std::fs::write(empty.path().join("a"), "http://x.example.com:99999/\n").unwrap();
    let docs = urilint(empty.path(), &["check", "--format", "sarif", "a"], None).output;
    for piece in seen {
        assert!(
            !outside.contains(&piece) && !docs.contains(&piece),
            "{piece} is not only in a secret"
        );
    }
}

#[test]
fn no_secret_reaches_any_output() {
    let (dir, text, secrets) = setup();
    let mut leaks = Vec::new();
    for run in every_output(dir.path(), &text, false) {
        let output = run.output.to_lowercase();
        for s in &secrets {
            for piece in pieces(s) {
                if leaked(&run.output, &output, &piece) {
                    leaks.push(format!(
                        "`urilint {}` prints {piece} of {:?}",
                        run.what,
                        String::from_utf8_lossy(s)
                    ));
                }
            }
        }
        // Control characters from the input never reach a terminal.
        let terminal = run.what.contains("human")
            || run.what.contains("github")
            || !run.what.contains("--format");
        if run.what.starts_with("check") && terminal {
            for c in ['\u{1b}', '\u{7}', '\u{202e}'] {
                assert!(
                    !run.output.contains(c),
                    "`urilint {}` passes {c:?} through",
                    run.what
                );
            }
        }
    }
    assert!(
        leaks.is_empty(),
        "{} leaks:\n{}",
        leaks.len(),
        leaks.join("\n")
    );
}

#[test]
fn every_secret_is_shown_with_show_secrets() {
    let (dir, text, secrets) = setup();
    let all: String = every_output(dir.path(), &text, true)
        .into_iter()
        .map(|r| r.output)
        .collect();
    // A source line is shown cut to its first hundreds of characters:
    // a secret of 4 KiB is seen by its first pieces.
    let missing: Vec<String> = secrets
        .iter()
        .filter(|s| match s.len() > 1024 {
            true => !pieces(s).iter().any(|p| all.contains(p.as_str())),
            false => !pieces(s).iter().all(|p| all.contains(p.as_str())),
        })
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .collect();
    assert!(
        missing.is_empty(),
        "never printed even with --show-secrets: {missing:?}"
    );
}

/// A webhook's path is hidden under any scheme, as `secret-in-path`
/// reports it under any (red team, issue 35's stop: `ftp://` and `wss://`
/// webhooks and a `tps://` bot token were reported and shown).
#[test]
fn webhook_paths_are_hidden_whatever_the_scheme() {
    let dir = tempfile::tempdir().unwrap();
    let text = "x ftp://hooks.slack.com/services/TZQAA/BZQBB/ZQCCJJqq7 y
                wss://hooks.slack.com/services/TZQAB/BZQBC/ZQDDKKqq8
                tps://api.telegram.org/bot123456789:ZQ9K56W3QQrr9/getMe
";
    std::fs::write(dir.path().join("m.md"), text).unwrap();
    for format in ["human", "jsonl", "sarif"] {
        let run = urilint(
            dir.path(),
            &["check", "--select", "all", "--format", format, "m.md"],
            None,
        );
        assert!(
            run.output.matches("secret-in-path").count() >= 3,
            "{}",
            run.output
        );
        for secret in ["ZQCCJJqq7", "ZQDDKKqq8", "ZQ9K56W3QQrr9"] {
            assert!(!run.output.contains(secret), "{format}: {}", run.output);
        }
    }
}

/// A token written percent-encoded is the token a server decodes
/// (RFC 3986 s2.1): found and hidden as the plain one is (red team, issue
/// 35's stop).
#[test]
fn a_percent_encoded_token_is_a_token() {
    let dir = tempfile::tempdir().unwrap();
    let text = "AMQP://g%68p_16C7e42F292c6912E7710c838347Ae178B4a@github.com/\n";
    std::fs::write(dir.path().join("t"), text).unwrap();
    let run = urilint(dir.path(), &["extract", "t"], None);
    assert_eq!(run.output, "AMQP://****@github.com/\n");
    let run = urilint(dir.path(), &["check", "--format", "jsonl", "t"], None);
    let rules: Vec<String> = run
        .output
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["rule"].to_string())
        .collect();
    assert_eq!(rules, ["\"embedded-token\""]);
    assert!(!run.output.contains("16C7e42F"), "{}", run.output);
}

/// What the locator must not take for a credential: prose after a URI with
/// a port, and parameters whose values are no secrets.
#[test]
fn prose_and_plain_values_are_not_secrets() {
    let dir = tempfile::tempdir().unwrap();
    let text = "run on http://0.0.0.0:3000, contact admin@example.com\n\
                see http://localhost:8080, or mail me@example.org\n\
                http://example.com:8080; alice@example.com\n\
                api at http://host:port and user: alice@example.com\n\
                http://example.com/ or write to me@example.org\n\
                https://x.example.com/?pass=1&auth=true&secret=false&signature=none&key=value\n\
                pip install git+ssh://git@gitlab.example.com:/team/lib.git@v2.1#egg=lib\n\
                mailto:a&#64;b.example.org https://medium.com/@user\n\
                https://app.example.com/cb?state=eyJyZXR1cm5UbyI6Ii9kYXNoYm9hcmQifQ&q=pypi-security-q4-2019-request\n\
                https://npm_admin@registry.example.com/ https://blog.example.com/2019/09/pypi-security-q4-2019.html\n";
    std::fs::write(dir.path().join("t"), text).unwrap();
    let run = urilint(dir.path(), &["extract", "t"], None);
    assert_eq!(
        run.output,
        "http://0.0.0.0:3000\nhttp://localhost:8080\nhttp://example.com:8080\nhttp://host:port\n\
         http://example.com/\nhttps://x.example.com/?pass=****&auth=****&secret=****&signature=****&key=****\n\
         git+ssh://git@gitlab.example.com:/team/lib.git@v2.1#egg=lib\nmailto:a&#64;b.example.org\n\
         https://medium.com/@user\n\
         https://app.example.com/cb?state=eyJyZXR1cm5UbyI6Ii9kYXNoYm9hcmQifQ&q=pypi-security-q4-2019-request\n\
         https://npm_admin@registry.example.com/\nhttps://blog.example.com/2019/09/pypi-security-q4-2019.html\n"
    );
    let run = urilint(
        dir.path(),
        &[
            "check",
            "--select",
            "embedded-password,secret-in-query,embedded-token,secret-in-path",
            "t",
        ],
        None,
    );
    assert_eq!(run.output, "All checks passed: 1 file, 12 URIs.\n");
}

/// SPEC E6: a URI longer than the cap is reported cut; a secret that runs
/// over the cut is redacted to the end of its line in the snippet.
#[test]
fn a_secret_over_the_cut_stays_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let pad = "a".repeat(65_536 - 40);
    let long_pw = "Lp1AbLp2Ef".repeat(8_000);
    // Longer than the userinfo's bounded scan, shorter than the cut
    // (issue 31, S6).
    let mid_pw = "Lq1AbLq2Ef".repeat(501) + "@Lq3AbLq4Ef";
    // A `/` or `+` early in it, as a cloud key may have.
    let slash_pw = "Ls1A/b+".to_string() + &"Ls2AbLs3Ef".repeat(501);
    let text = format!(
        "see https://db.example.com/{pad}?token=Ct1AbCt2EfCt3GhCt4IjCt5KlCt6MnCt7OpCt8Qr and http://h.example.com:99999/\n\
         https://user:{long_pw}@db.example.com/x and http://h.example.com:99999/\n\
         https://user:{mid_pw}@db.example.com/x and http://h.example.com:99999/\n\
         https://user:{slash_pw}@db.example.com/x and http://h.example.com:99999/\n"
    );
    std::fs::write(dir.path().join("t"), &text).unwrap();
    for args in [
        &["check", "--color", "never", "t"][..],
        &["check", "--select", "invalid-port", "t"],
        &["check", "--format", "jsonl", "t"],
        &["extract", "t"],
    ] {
        let run = urilint(dir.path(), args, None);
        for piece in [
            "Ct1Ab", "Ct2Ef", "Ct4Ij", "Ct8Qr", "Lp1Ab", "Lp2Ef", "Lq1Ab", "Lq2Ef", "Ls1A",
            "Ls2Ab", "Ls3Ef",
        ] {
            assert!(
                !run.output.contains(piece),
                "`urilint {}` prints {piece}",
                run.what
            );
        }
    }
}

/// A file's name may hold a secret, as a browser or a crawler saves a page
/// (`index.html?access_token=...`): every output names it redacted
/// (issue 31, S8).
#[test]
fn a_secret_in_a_file_name_stays_hidden() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("site")).unwrap();
    std::fs::write(
        dir.path().join("site/index.html?access_token=Fn1AbFn2Ef"),
        "see http://h.example.com:99999/ here\n",
    )
    .unwrap();
    for args in [
        &["check", "--color", "never", "site"][..],
        &["check", "--format", "jsonl", "site"],
        &["check", "--format", "sarif", "site"],
        &["check", "--format", "github", "site"],
        &["extract", "--format", "jsonl", "site"],
        &["extract", "--count", "--format", "jsonl", "site"],
    ] {
        let run = urilint(dir.path(), args, None);
        assert!(
            run.output.contains("access_token=****"),
            "`urilint {}`: {}",
            run.what,
            run.output
        );
        assert!(
            !run.output.contains("Fn1Ab"),
            "`urilint {}` prints the secret",
            run.what
        );
    }
}

/// A token as the user of a network-path reference (no scheme, so no URI
/// to the scanner) on a line shown for another finding: hidden in the
/// snippet and in `--diff`, alone or before GitHub's `x-oauth-basic`
/// (issue 31, S7).
#[test]
fn a_token_before_a_network_path_host_stays_hidden() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("t"),
        "HTTP://H.EXAMPLE.COM/ //ghp_Xo1AbXo2EfXo3GhXo4IjXo5KlXo6MnXo7Op:x-oauth-basic@github.com/\n\
         HTTP://H.EXAMPLE.COM/ //ghp_Xp1AbXp2EfXp3GhXp4IjXp5KlXp6MnXp7Op@github.com/\n",
    )
    .unwrap();
    for args in [
        &["check", "--select", "all", "--color", "never", "t"][..],
        &["check", "--select", "all", "--diff", "t"],
    ] {
        let run = urilint(dir.path(), args, None);
        // The snippet shows it redacted; `--diff` leaves out the hunk that
        // would have to show it (issue 34), and says so.
        let shown = if args.contains(&"--diff") {
            "the fix at line 1 is left out of the diff"
        } else {
            "//****"
        };
        assert!(
            run.output.contains(shown),
            "`urilint {}`: {}",
            run.what,
            run.output
        );
        for piece in ["Xo1Ab", "Xo7Op", "Xp1Ab", "Xp7Op"] {
            assert!(
                !run.output.contains(piece),
                "`urilint {}` prints {piece}",
                run.what
            );
        }
    }
}

/// Issue 49: the corpus read as each format that keeps escapes as text or
/// decodes them (Markdown, HTML, AsciiDoc, reStructuredText, JSON5, a
/// Jinja template, a man page), through every check format and extract.
/// CI runs Markdown; `URILINT_SECRETS_FULL=1` runs them all.
#[test]
fn no_secret_reaches_any_output_in_any_format() {
    let (_dir, text, secrets) = setup();
    let all = ["md", "json5", "html", "adoc", "rst", "j2", "1"];
    let exts: &[&str] = match std::env::var_os("URILINT_SECRETS_FULL") {
        Some(_) => &all,
        None => &all[..1],
    };
    let dir = tempfile::tempdir().unwrap();
    for ext in exts {
        std::fs::write(dir.path().join(format!("corpus.{ext}")), &text).unwrap();
    }
    let mut leaks = Vec::new();
    let mut runs = Vec::new();
    for format in ["human", "json", "sarif", "github", "junit", "gitlab"] {
        runs.push(urilint(
            dir.path(),
            &[
                "check", "--select", "all", "--color", "never", "--format", format, ".",
            ],
            None,
        ));
    }
    runs.push(urilint(
        dir.path(),
        &["check", "--select", "all", "--unsafe-fixes", "--diff", "."],
        None,
    ));
    for args in [
        &["extract"][..],
        &["extract", "--format", "jsonl", "--unique"],
    ] {
        let mut a = args.to_vec();
        a.push(".");
        runs.push(urilint(dir.path(), &a, None));
    }
    for run in runs {
        let output = run.output.to_lowercase();
        for s in &secrets {
            for piece in pieces(s) {
                if leaked(&run.output, &output, &piece) {
                    leaks.push(format!("`urilint {}` prints {piece}", run.what));
                }
            }
        }
    }
    leaks.dedup();
    assert!(
        leaks.is_empty(),
        "{} leaks:\n{}",
        leaks.len(),
        leaks.join("\n")
    );
}
