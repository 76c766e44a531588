//! The URI model against RFC 3986's own examples and a table of our own.

use urilint::schemes::Registry;
use urilint::uri::{Component, ErrorKind, HostKind, Uri, is_ipv6, normalize, resolve};

fn get<'a>(uri: &Uri<'a>, c: Component) -> Option<&'a str> {
    uri.get(c).map(|b| std::str::from_utf8(b).unwrap())
}

#[test]
fn rfc3986_s1_1_2_examples_are_valid() {
    let cases: &[(&str, &str, Option<&str>, &str)] = &[
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            "ftp",
            Some("ftp.is.co.za"),
            "/rfc/rfc1808.txt",
        ),
        (
            "http://www.ietf.org/rfc/rfc2396.txt",
            "http",
            Some("www.ietf.org"),
            "/rfc/rfc2396.txt",
        ),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            "ldap",
            Some("[2001:db8::7]"),
            "/c=GB",
        ),
        (
            "mailto:John.Doe@example.com",
            "mailto",
            None,
            "John.Doe@example.com",
        ),
        (
            "news:comp.infosystems.www.servers.unix",
            "news",
            None,
            "comp.infosystems.www.servers.unix",
        ),
        ("tel:+1-816-555-1212", "tel", None, "+1-816-555-1212"),
        ("telnet://192.0.2.16:80/", "telnet", Some("192.0.2.16"), "/"),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            "urn",
            None,
            "oasis:names:specification:docbook:dtd:xml:4.1.2",
        ),
    ];
    for &(text, scheme, host, path) in cases {
        let uri = Uri::parse(text.as_bytes());
        assert_eq!(uri.validate(), Ok(()), "{text}");
        assert_eq!(get(&uri, Component::Scheme), Some(scheme), "{text}");
        assert_eq!(get(&uri, Component::Host), host, "{text}");
        assert_eq!(get(&uri, Component::Path), Some(path), "{text}");
    }
    let ldap = Uri::parse(b"ldap://[2001:db8::7]/c=GB?objectClass?one");
    assert_eq!(get(&ldap, Component::Query), Some("objectClass?one"));
    assert_eq!(ldap.host_kind(), HostKind::Ipv6);
    assert_eq!(
        Uri::parse(b"telnet://192.0.2.16:80/").host_kind(),
        HostKind::Ipv4
    );
    assert_eq!(Uri::parse(b"telnet://192.0.2.16:80/").port(), Some(80));
}

#[test]
fn rfc3986_s3_component_example() {
    let uri = Uri::parse(b"foo://example.com:8042/over/there?name=ferret#nose");
    assert_eq!(get(&uri, Component::Scheme), Some("foo"));
    assert_eq!(get(&uri, Component::Authority), Some("example.com:8042"));
    assert_eq!(get(&uri, Component::Host), Some("example.com"));
    assert_eq!(get(&uri, Component::Port), Some("8042"));
    assert_eq!(get(&uri, Component::Path), Some("/over/there"));
    assert_eq!(get(&uri, Component::Query), Some("name=ferret"));
    assert_eq!(get(&uri, Component::Fragment), Some("nose"));
    let urn = Uri::parse(b"urn:example:animal:ferret:nose");
    assert_eq!(
        get(&urn, Component::Path),
        Some("example:animal:ferret:nose")
    );
    assert_eq!(urn.span(Component::Authority), None);
}

#[test]
fn userinfo_user_and_password() {
    let uri = Uri::parse(b"ftp://foo:bar:baz@host/");
    assert_eq!(get(&uri, Component::Userinfo), Some("foo:bar:baz"));
    assert_eq!(get(&uri, Component::User), Some("foo"));
    assert_eq!(get(&uri, Component::Password), Some("bar:baz"));
    // RFC 1738 s3.1: empty user and empty password differ from none.
    let uri = Uri::parse(b"ftp://@host.com/");
    assert_eq!(
        (get(&uri, Component::User), get(&uri, Component::Password)),
        (Some(""), None)
    );
    let uri = Uri::parse(b"ftp://foo:@host.com/");
    assert_eq!(
        (get(&uri, Component::User), get(&uri, Component::Password)),
        (Some("foo"), Some(""))
    );
    let uri = Uri::parse(b"ftp://host.com/");
    assert_eq!(get(&uri, Component::Userinfo), None);
}

/// Base URI of RFC 3986 s5.4.
const BASE: &[u8] = b"http://a/b/c/d;p?q";

#[test]
fn rfc3986_s5_4_1_normal_examples() {
    let cases = [
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ];
    for (r, want) in cases {
        assert_eq!(
            String::from_utf8(resolve(BASE, r.as_bytes()).unwrap()).unwrap(),
            want,
            "{r:?}"
        );
    }
}

#[test]
fn rfc3986_s5_4_2_abnormal_examples() {
    let cases = [
        ("../../../g", "http://a/g"),
        ("../../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"), // strict parsers (s5.4.2)
    ];
    for (r, want) in cases {
        assert_eq!(
            String::from_utf8(resolve(BASE, r.as_bytes()).unwrap()).unwrap(),
            want,
            "{r:?}"
        );
    }
    // A base without an authority: `..//g` must stay a path (RFC 3986 s3.3).
    let cases = [("..//g", "a:/.//g"), ("/..//g", "a:/.//g")];
    for (r, want) in cases {
        let got = resolve(b"a:/b/c", r.as_bytes()).unwrap();
        assert_eq!(String::from_utf8(got).unwrap(), want, "{r:?}");
    }
}

#[test]
fn every_ipv6address_form_of_appendix_a() {
    let valid = [
        "1:2:3:4:5:6:7:8",     // 6( h16 ":" ) ls32
        "1:2:3:4:5:6:1.2.3.4", // ... with an IPv4 ls32
        "::2:3:4:5:6:7:8",     // "::" 5( h16 ":" ) ls32
        "::2:3:4:5:6:1.2.3.4",
        "1::3:4:5:6:7:8", // [ h16 ] "::" 4( h16 ":" ) ls32
        "::3:4:5:6:7:8",
        "1:2::4:5:6:7:8", // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        "1:2:3::5:6:7:8", // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        "1:2:3:4::6:7:8", // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
        "1:2:3:4:5::7:8", // [ *4( h16 ":" ) h16 ] "::" ls32
        "1:2:3:4:5::1.2.3.4",
        "1:2:3:4:5:6::8",  // [ *5( h16 ":" ) h16 ] "::" h16
        "1:2:3:4:5:6:7::", // [ *6( h16 ":" ) h16 ] "::"
        "::",
        "::1",
        "1::",
        "2001:db8::7",
        "::ffff:192.0.2.128",
        "fe80::1%25eth0", // RFC 6874 zone
        "ABCD:ef01::0",
    ];
    for a in valid {
        assert!(is_ipv6(a.as_bytes()), "{a} should be valid");
        let uri = format!("http://[{a}]/");
        assert_eq!(
            Uri::parse(uri.as_bytes()).host_kind(),
            HostKind::Ipv6,
            "{uri}"
        );
    }
    let invalid = [
        "",
        ":",
        ":::",
        "1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:8:9",
        "1::2:3:4:5:6:7:8", // "::" must stand for at least one group
        "1::2::3",
        "12345::",
        "g::",
        "1.2.3.4::",   // IPv4 only at the end
        "::1.2.3.256", // not a dec-octet
        "::01.2.3.4",  // leading zero
        "1:2:3:4:5:6:7:1.2.3.4",
        "fe80::1%eth0", // zone must be %25-encoded
        "fe80::1%25",
    ];
    for a in invalid {
        assert!(!is_ipv6(a.as_bytes()), "{a} should be invalid");
    }
}

#[test]
fn ip_literals_ipvfuture_and_ipv4() {
    assert_eq!(
        Uri::parse(b"http://[v7.fe80::a+en1]/").host_kind(),
        HostKind::IpvFuture
    );
    assert_eq!(
        Uri::parse(b"http://[v.x]/").host_kind(),
        HostKind::BadLiteral
    );
    assert_eq!(
        Uri::parse(b"http://[::1/").host_kind(),
        HostKind::BadLiteral
    );
    assert_eq!(
        Uri::parse(b"http://255.255.255.255/").host_kind(),
        HostKind::Ipv4
    );
    for reg in [
        "256.1.1.1",
        "1.2.3",
        "010.0.0.1",
        "0x7f.0.0.1",
        "3232235777",
        "example.com",
        "1.2.3.4.5",
    ] {
        let uri = format!("http://{reg}/");
        assert_eq!(
            Uri::parse(uri.as_bytes()).host_kind(),
            HostKind::RegName,
            "{reg}"
        );
    }
}

#[test]
fn validation_says_which_component_fails_and_where() {
    let cases: &[(&str, Component, usize, ErrorKind)] = &[
        (
            "http://exa mple.com/",
            Component::Host,
            10,
            ErrorKind::InvalidChar(b' '),
        ),
        (
            "http://a@b@c/",
            Component::Userinfo,
            8,
            ErrorKind::InvalidChar(b'@'),
        ),
        (
            "http://h:8o/",
            Component::Port,
            10,
            ErrorKind::BadPort(b'o'),
        ),
        (
            "http://h:80:81/",
            Component::Port,
            11,
            ErrorKind::BadPort(b':'),
        ),
        (
            "http://[::1]x/",
            Component::Port,
            12,
            ErrorKind::AfterIpLiteral,
        ),
        ("http://[::g]/", Component::Host, 7, ErrorKind::BadIpLiteral),
        ("http://h/a%2", Component::Path, 10, ErrorKind::BadPercent),
        ("http://h/a%zz", Component::Path, 10, ErrorKind::BadPercent),
        (
            "http://h/a{b}",
            Component::Path,
            10,
            ErrorKind::InvalidChar(b'{'),
        ),
        (
            "http://h/a?b c",
            Component::Query,
            12,
            ErrorKind::InvalidChar(b' '),
        ),
        (
            "http://h/a#b#c",
            Component::Fragment,
            12,
            ErrorKind::InvalidChar(b'#'),
        ),
        (
            "http://h/caf\u{e9}",
            Component::Path,
            12,
            ErrorKind::InvalidChar(0xC3),
        ),
        ("1http://h/", Component::Scheme, 0, ErrorKind::BadScheme),
        (":a/b", Component::Path, 0, ErrorKind::ColonInFirstSegment),
    ];
    for &(text, component, offset, kind) in cases {
        let err = Uri::parse(text.as_bytes()).validate().unwrap_err();
        assert_eq!(
            (err.component, err.offset, err.kind),
            (component, offset, kind),
            "{text}"
        );
    }
    // `a:b/c` has the scheme `a`; `./a:b/c` is the relative path written safely.
    assert!(Uri::parse(b"a:b/c").validate().is_ok());
    assert!(Uri::parse(b"./a:b/c").validate().is_ok());
    let e = Uri::parse(b"http://h/a%zz").validate().unwrap_err();
    assert_eq!(
        e.to_string(),
        "path: `%` at offset 10 is not followed by two hex digits (RFC 3986 s2.1)"
    );
}

#[test]
fn valid_uris_of_our_own() {
    for text in [
        "http://example.com",
        "http://example.com:/",
        "http://example.com:8080/a/b?c=d&e=f#g",
        "https://user@example.com/",
        "file:///etc/passwd",
        "mailto:a@example.org?subject=hi%20there",
        "urn:isbn:0451450523",
        "http://[::1]:80/",
        "http://[v7.fe80::a+en1]/",
        "http://example.com/a%2Fb/~c/!$&'()*+,;=:@",
        "http://example.com/?q=/a?b",
        "//relative.example/x",
        "../a/b",
        "?q",
        "#f",
        "",
    ] {
        assert_eq!(Uri::parse(text.as_bytes()).validate(), Ok(()), "{text}");
    }
}

#[test]
fn normalization_examples() {
    let reg = Registry::builtin();
    let cases = [
        // RFC 3986 s6.2.2.1, s6.2.2.2, s6.2.2.3, s6.2.3
        ("HTTP://www.Example.com/", "http://www.example.com/"),
        (
            "http://example.com/%7Esmith/home.html",
            "http://example.com/~smith/home.html",
        ),
        ("http://example.com/a%3ab", "http://example.com/a%3Ab"),
        ("http://example.com/a/./b/../c", "http://example.com/a/c"),
        ("http://example.com", "http://example.com/"),
        ("http://example.com:/", "http://example.com/"),
        ("http://example.com:80/", "http://example.com/"),
        ("https://example.com:443/", "https://example.com/"),
        ("http://example.com:8080/", "http://example.com:8080/"),
        ("ftp://Example.COM:21/pub", "ftp://example.com/pub"),
        ("http://[2001:DB8::7]/", "http://[2001:db8::7]/"),
        (
            "http://User@Example.com/P%c3%a9",
            "http://User@example.com/P%C3%A9",
        ),
        ("mailto:John.Doe@Example.com", "mailto:John.Doe@Example.com"),
        ("http://example.com/a%zz", "http://example.com/a%zz"),
        ("http://EXAMPLE.com/?Q=%41#%7e", "http://example.com/?Q=A#~"),
        // Found by the uri fuzz target: dot removal must not turn a path
        // into an authority (RFC 3986 s3.3).
        ("/../..//ary-pxahTtp/x", "/.//ary-pxahTtp/x"),
        ("a:/..//b", "a:/.//b"),
        ("a:/.//b", "a:/.//b"),
        // Found by the uri fuzz target: with a stray `%`, decoding could
        // make a new triplet; such URIs only get their case normalized.
        ("http://a%3%39bC/%7e", "http://a%3%39bc/%7E"),
        ("http://a/%%41B", "http://a/%%41B"),
        // ... and a stray `%` that `..` removes does not count.
        ("http://h/x%c%a/../a%39b", "http://h/a9b"),
    ];
    for (input, want) in cases {
        let got = normalize(input.as_bytes(), reg);
        assert_eq!(String::from_utf8(got).unwrap(), want, "{input}");
        // Normalizing twice changes nothing.
        let twice = normalize(&normalize(input.as_bytes(), reg), reg);
        assert_eq!(String::from_utf8(twice).unwrap(), want, "{input} (twice)");
    }
}
