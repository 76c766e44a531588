//! `urilint.toml`, `.urilint.toml` or `pyproject.toml`'s `[tool.urilint]`,
//! found upward from the files checked up to the repository root: rule
//! selection, severities, rule options, excluded paths and user regex
//! rules (SPEC sections 4 and 13). Command-line flags win over it.
//!
//! ```toml
//! extend-select = ["non-default-port", "style"]
//! exclude = ["vendor", "docs/generated/**"]
//! ignore = ["url-prefix"]
//! fail-on = "error"
//!
//! [severity]
//! non-default-port = "note"
//!
//! [rules.non-default-port]
//! allowed-ports = [8080]
//! allowed-hosts = ["localhost"]
//!
//! [rules.unsafe-character]
//! profile = "rfc1738"
//!
//! [[custom-rules]]
//! id = "no-staging-links"
//! severity = "error"
//! message = "links to the staging server"
//! component = "host"
//! regex = '^staging\.example\.com$'
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::rules::{CustomRule, LinterBuilder, RuleOptions, Severity};
use crate::uri::Component;

/// A parsed config file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    /// Rules to enable instead of the default set: ids, group names
    /// (`security`, `correctness`, `portability`, `style`) or `all`.
    pub select: Option<Vec<String>>,
    /// Rules to enable on top of the selection (ids, groups or `all`).
    #[serde(default)]
    pub extend_select: Vec<String>,
    /// Rules to disable (ids, groups or `all`).
    #[serde(default)]
    pub ignore: Vec<String>,
    /// Report notes of every enabled rule, not only of selected ones.
    #[serde(default)]
    pub show_notes: bool,
    /// Paths to leave out of walks: a pattern without `/` matches a name
    /// anywhere, one with `/` a path relative to this file's folder.
    #[serde(default)]
    pub exclude: Vec<String>,
    /// The lowest severity that makes the exit status 1.
    pub fail_on: Option<Severity>,
    /// Severity per rule id.
    #[serde(default)]
    pub severity: BTreeMap<String, Severity>,
    /// Options of single rules.
    #[serde(default)]
    pub rules: RuleTables,
    /// User regex rules.
    #[serde(default)]
    pub custom_rules: Vec<CustomRuleConfig>,
    /// `[formats]`: how files whose name matches a glob are read
    /// (`"*.inc" = "html"`), ahead of the format their name says.
    #[serde(default)]
    pub formats: BTreeMap<String, String>,
    /// `[per-file-ignores]`: rules not checked in files whose path
    /// matches a glob (`"docs/legacy/**" = ["non-default-port"]`), as in
    /// ruff.
    #[serde(default)]
    pub per_file_ignores: BTreeMap<String, Vec<String>>,
    /// `[schemes]`: a project's own schemes (`myapp = { port = 7000 }`,
    /// `note = { syntax = "opaque" }`), known to the scanner and the rules.
    #[serde(default)]
    pub schemes: BTreeMap<String, SchemeConfig>,
    /// `[links]`: link integrity (SPEC section 11).
    #[serde(default)]
    pub links: LinksConfig,
    /// `[extract]`: the filters of `urilint extract`.
    #[serde(default)]
    pub extract: ExtractConfig,
    /// A baseline file (`--baseline`), relative to this file's folder.
    pub baseline: Option<PathBuf>,
}

/// A `pyproject.toml`, for its `[tool.urilint]` table; the other tools'
/// tables are theirs (no unknown key is an error outside ours).
#[derive(Deserialize)]
struct Pyproject {
    tool: Option<Tools>,
}

#[derive(Deserialize)]
struct Tools {
    urilint: Option<Config>,
}

/// `[extract]`: which URIs `urilint extract` lists; a flag given on the
/// command line replaces the key's list.
///
/// ```toml
/// [extract]
/// scheme = ["http", "https"]
/// host = ["*.example.org", "example.org"]
/// match = ['/docs/']
/// exclude-match = ['\.(png|jpg)$']
/// ```
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ExtractConfig {
    /// `--scheme`.
    #[serde(default, deserialize_with = "one_or_more")]
    pub scheme: Vec<String>,
    /// `--host`.
    #[serde(default, deserialize_with = "one_or_more")]
    pub host: Vec<String>,
    /// `--match`.
    #[serde(default, rename = "match", deserialize_with = "one_or_more")]
    pub matching: Vec<String>,
    /// `--exclude-match`.
    #[serde(default, deserialize_with = "one_or_more")]
    pub exclude_match: Vec<String>,
}

/// A list of strings, or one string for a list of one (`scheme =
/// "https"`), as the flag takes one value.
fn one_or_more<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Strings;
    impl<'de> serde::de::Visitor<'de> for Strings {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string or a list of strings")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Vec<String>, E> {
            Ok(vec![v.to_string()])
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Vec<String>, A::Error> {
            let mut out = Vec::new();
            while let Some(s) = seq.next_element::<String>()? {
                out.push(s);
            }
            Ok(out)
        }
    }
    d.deserialize_any(Strings)
}

impl ExtractConfig {
    /// The filters it gives.
    pub fn spec(&self) -> crate::filter::FilterSpec {
        crate::filter::FilterSpec {
            scheme: self.scheme.clone(),
            host: self.host.clone(),
            matching: self.matching.clone(),
            excluding: self.exclude_match.clone(),
        }
    }
}

/// `[links]`: how relative links are checked (SPEC section 11). Paths
/// are relative to the config file's folder.
///
/// ```toml
/// [links]
/// root = "site"
/// site = ["https://docs.example.com/=site"]
/// source-extensions = ["md", "rst"]
/// fragments = true
/// ```
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LinksConfig {
    /// The folder `/`-rooted references resolve against (`--root`).
    pub root: Option<PathBuf>,
    /// Sites whose absolute URIs are checked as files: `URL=DIR`.
    #[serde(default)]
    pub site: Vec<String>,
    /// The extensions of page sources, instead of
    /// [`crate::links::SOURCE_EXTENSIONS`].
    pub source_extensions: Option<Vec<String>>,
    /// Check fragments (`false` is `--no-fragments`).
    pub fragments: Option<bool>,
    /// Globs of targets a generator makes: they exist on the built site
    /// (`"api/**"`, `"*.pdf"`), matched against the path from the working
    /// directory and the reference's path.
    #[serde(default)]
    pub generated: Vec<String>,
    /// Globs of ids a plug-in makes (`"r-*"`).
    #[serde(default)]
    pub anchors: Vec<String>,
    /// `"strict"` turns the model-fit gate off (`--links strict`, SPEC
    /// section 11b).
    pub mode: Option<LinkMode>,
}

/// How broken links are judged (SPEC section 11b).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LinkMode {
    /// A group of links of one shape and place that almost never resolve
    /// is left unchecked, as a convention urilint does not model.
    #[default]
    Default,
    /// Every broken link is reported.
    Strict,
}

impl LinksConfig {
    /// The `site` entries, their folders relative to `base`.
    pub fn sites(&self, base: &Path) -> Result<Vec<crate::links::SiteMap>, String> {
        self.site
            .iter()
            .map(|s| {
                let mut m: crate::links::SiteMap =
                    s.parse().map_err(|e| format!("[links] site: {e}"))?;
                m.dir = base.join(&m.dir);
                Ok(m)
            })
            .collect()
    }
}

/// Rules left out per file ([`Config::per_file_ignores`]).
#[derive(Clone, Debug, Default)]
pub struct PerFileIgnores(crate::pathglobs::PathGlobs<Vec<String>>);

impl PerFileIgnores {
    /// Whether `rule` is ignored in the file at `path`.
    pub fn ignores(&self, path: &Path, rule: &str) -> bool {
        !self.0.is_empty()
            && self
                .0
                .matches(path)
                .into_iter()
                .any(|ids| ids.iter().any(|r| r == rule || r == "all"))
    }
}

/// A scheme a project adds.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchemeConfig {
    /// Its default port.
    pub port: Option<u16>,
    /// `hierarchical` (the default) or `opaque`.
    pub syntax: Option<crate::schemes::Syntax>,
}

/// `[rules.<id>]` tables: the rules that take options.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RuleTables {
    /// Options of `non-default-port` (also honoured by `well-known-port`).
    #[serde(default)]
    pub non_default_port: PortOptions,
    /// Options of `unsafe-character`.
    #[serde(default)]
    pub unsafe_character: UnsafeOptions,
}

/// Ports and hosts the port rules accept.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PortOptions {
    /// Ports that are fine wherever they appear.
    #[serde(default)]
    pub allowed_ports: Vec<u32>,
    /// Hosts whose explicit ports are fine: names, globs
    /// (`*.internal.example.com`), addresses and CIDR ranges (`10.0.0.0/8`).
    #[serde(default)]
    pub allowed_hosts: Vec<String>,
}

/// `unsafe-character`'s profile.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnsafeOptions {
    /// `rfc3986` (default) or `rfc1738`, which also flags `~`.
    pub profile: Option<Profile>,
}

/// Which RFC's list of unsafe characters to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Profile {
    /// RFC 3986: `~` is unreserved.
    Rfc3986,
    /// RFC 1738 s2.2: `~` is unsafe.
    Rfc1738,
}

/// A `[[custom-rules]]` entry.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomRuleConfig {
    /// Kebab-case id.
    pub id: String,
    /// Default `warning`.
    pub severity: Option<Severity>,
    /// Message of its findings.
    pub message: String,
    /// `uri` (default), `scheme`, `host`, `port`, `path` or `query`.
    pub component: Option<String>,
    /// The pattern, in the `regex` crate's syntax.
    pub regex: String,
}

/// A config file that cannot be used, with its path.
#[derive(Debug)]
pub struct ConfigError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for ConfigError {}

/// The names a config file may have, looked for in this order in each
/// folder (`pyproject.toml` only when it has a `[tool.urilint]` table).
pub const CONFIG_NAMES: &[&str] = &["urilint.toml", ".urilint.toml", "pyproject.toml"];

/// Whether a `pyproject.toml` has a `[tool.urilint]` table (one that
/// cannot be read or parsed has none: it is not ours to report).
fn has_tool_table(path: &Path) -> bool {
    #[derive(Deserialize)]
    struct Shallow {
        tool: Option<toml::Table>,
    }
    crate::walk::read_capped(path, 16 << 20)
        .ok()
        .and_then(|text| toml::from_str::<Shallow>(&text).ok())
        .and_then(|p| p.tool)
        .is_some_and(|t| t.contains_key("urilint"))
}

/// The folder of a config file, which its globs are read from (the
/// working directory when there is none).
pub fn base_dir(config_path: Option<&Path>) -> PathBuf {
    match config_path.and_then(|p| p.parent()) {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

impl Config {
    /// Looks for a config file in `dir` and its ancestors, up to the
    /// repository root (the folder that holds `.git`), or the file
    /// system's when there is none: the nearest wins, `urilint.toml`
    /// before `.urilint.toml` before a `pyproject.toml` with a
    /// `[tool.urilint]` table (one without is passed by, as ruff does).
    pub fn discover(dir: &Path) -> Result<Option<(PathBuf, Config)>, ConfigError> {
        for d in dir.ancestors() {
            if let Some(path) = Config::in_folder(d) {
                return Config::load(&path).map(|c| Some((path, c)));
            }
            if d.join(".git").exists() {
                break;
            }
        }
        Ok(None)
    }

    /// The config file of the folder `dir` itself, if it has one (not
    /// read): `urilint.toml`, `.urilint.toml`, or a `pyproject.toml` with
    /// a `[tool.urilint]` table.
    pub fn in_folder(dir: &Path) -> Option<PathBuf> {
        CONFIG_NAMES.iter().map(|name| dir.join(name)).find(|path| {
            path.is_file()
                && (path.file_name().is_none_or(|n| n != "pyproject.toml") || has_tool_table(path))
        })
    }

    /// Reads and parses a config file. Unknown keys are errors that name
    /// the key and the file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let err = |message: String| ConfigError {
            path: path.to_path_buf(),
            message,
        };
        // A config of megabytes is no config (and `/dev/zero` none at all).
        let text = crate::walk::read_capped(path, 16 << 20).map_err(|e| err(e.to_string()))?;
        // toml's message draws the line under its error; one line of it
        // says where and what: `TOML parse error at line 2, column 10:
        // invalid type ...`.
        let said = |e: toml::de::Error| {
            let e = e.to_string();
            let lines: Vec<&str> = e.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
            match (lines.first(), lines.last()) {
                (Some(first), Some(last)) if lines.len() > 1 => err(format!("{first}: {last}")),
                _ => err(e.trim_end().to_string()),
            }
        };
        let config: Config = if path.file_name().is_some_and(|n| n == "pyproject.toml") {
            toml::from_str::<Pyproject>(&text)
                .map_err(said)?
                .tool
                .and_then(|t| t.urilint)
                .ok_or_else(|| err("no `[tool.urilint]` table".to_string()))?
        } else {
            toml::from_str(&text).map_err(said)?
        };
        config.custom_rules().map_err(err)?;
        config.rule_ids().map_err(err)?;
        let base = path.parent().unwrap_or(Path::new("."));
        crate::walk::Exclude::default()
            .add(base, &config.exclude)
            .map_err(|e| err(format!("`exclude`: {e}")))?;
        config.format_globs(base).map_err(err)?;
        config.per_file_ignores(base).map_err(err)?;
        config.registry().map_err(err)?;
        config.rule_options().map_err(err)?;
        config.links.sites(base).map_err(err)?;
        crate::filter::Filters::new(&config.extract.spec(), &|key| format!("`[extract]` {key}"))
            .map_err(err)?;
        Ok(config)
    }

    /// Checks that every rule id the file names is a rule's: an error
    /// names the key (SPEC section 4 as amended in 3a).
    fn rule_ids(&self) -> Result<(), String> {
        let custom: Vec<&str> = self.custom_rules.iter().map(|c| c.id.as_str()).collect();
        let known = |id: &str| crate::rules::head(id).is_some() || custom.contains(&id);
        let lists = [
            ("select", self.select.as_deref().unwrap_or_default()),
            ("extend-select", &self.extend_select[..]),
            ("ignore", &self.ignore[..]),
        ];
        for (key, ids) in lists {
            if let Some(id) = ids
                .iter()
                .find(|id| !crate::rules::is_selector(id, &custom))
            {
                return Err(format!(
                    "`{key}`: unknown rule or group `{id}` (see `urilint rules`){}",
                    crate::rules::suggestion(id, &custom)
                ));
            }
        }
        for id in self.severity.keys() {
            if !known(id) {
                return Err(format!(
                    "`[severity]`: unknown rule `{id}` (see `urilint rules`){}",
                    crate::rules::suggestion(id, &custom)
                ));
            }
        }
        for (glob, ids) in &self.per_file_ignores {
            if let Some(id) = ids.iter().find(|id| !known(id) && *id != "all") {
                return Err(format!(
                    "`[per-file-ignores]` \"{glob}\": unknown rule `{id}` (see `urilint rules`){}",
                    crate::rules::suggestion(id, &custom)
                ));
            }
        }
        Ok(())
    }

    /// `[per-file-ignores]`, compiled, read from the config file in
    /// `base` as `exclude` is ([`PathGlobs`](crate::pathglobs::PathGlobs)).
    pub fn per_file_ignores(&self, base: &Path) -> Result<PerFileIgnores, String> {
        let mut globs = crate::pathglobs::PathGlobs::default();
        globs
            .add_all(
                base,
                self.per_file_ignores
                    .iter()
                    .map(|(g, ids)| (g.as_str(), ids.clone())),
            )
            .map_err(|e| format!("`[per-file-ignores]` {e}"))?;
        Ok(PerFileIgnores(globs))
    }

    /// The built-in scheme registry with `[schemes]` added.
    pub fn registry(&self) -> Result<std::sync::Arc<crate::schemes::Registry>, String> {
        use crate::schemes::{Registry, Scheme, Status, Syntax};
        if self.schemes.is_empty() {
            return Ok(Registry::shared());
        }
        let extra = self.schemes.iter().map(|(name, c)| Scheme {
            name: name.clone(),
            port: c.port,
            syntax: c.syntax.unwrap_or(Syntax::Hierarchical),
            // A project's own opaque scheme is one its text uses bare.
            bare: c.syntax == Some(Syntax::Opaque),
            rfc: "config [schemes]".to_string(),
            status: Status::Provisional,
        });
        Registry::builtin()
            .with(extra)
            .map(std::sync::Arc::new)
            .map_err(|e| format!("[schemes]: {e}"))
    }

    /// The `[formats]` globs, compiled, read from the config file in
    /// `base` (SPEC section 9).
    pub fn format_globs(&self, base: &Path) -> Result<crate::format::FormatGlobs, String> {
        crate::format::FormatGlobs::new(
            base,
            self.formats.iter().map(|(g, f)| (g.as_str(), f.as_str())),
        )
    }

    /// The user regex rules, compiled.
    pub fn custom_rules(&self) -> Result<Vec<CustomRule>, String> {
        self.custom_rules
            .iter()
            .map(|c| {
                let component = match c.component.as_deref().unwrap_or("uri") {
                    "uri" => Component::Uri,
                    "scheme" => Component::Scheme,
                    "host" => Component::Host,
                    "port" => Component::Port,
                    "path" => Component::Path,
                    "query" => Component::Query,
                    other => {
                        return Err(format!(
                            "custom rule `{}`: component `{other}` is not one of uri, scheme, host, port, path, query",
                            c.id
                        ));
                    }
                };
                let severity = c.severity.unwrap_or(Severity::Warning);
                CustomRule::new(&c.id, severity, &c.message, component, &c.regex).map_err(|e| e.to_string())
            })
            .collect()
    }

    /// The rule options this config sets; an error names an
    /// `allowed-hosts` entry that is not a host, glob or CIDR range.
    pub fn rule_options(&self) -> Result<RuleOptions, String> {
        let allowed_hosts = self
            .rules
            .non_default_port
            .allowed_hosts
            .iter()
            .map(|h| h.parse())
            .collect::<Result<_, crate::hosts::HostPatternError>>()
            .map_err(|e| format!("`[rules.non-default-port]` allowed-hosts: {e}"))?;
        Ok(RuleOptions {
            rfc1738: self.rules.unsafe_character.profile == Some(Profile::Rfc1738),
            allowed_ports: self.rules.non_default_port.allowed_ports.clone(),
            allowed_hosts,
        })
    }

    /// A linter builder set up from this config; the caller applies
    /// command-line flags on top, so they win.
    pub fn linter_builder(&self) -> Result<LinterBuilder, String> {
        let mut b = crate::rules::Linter::builder()
            .options(self.rule_options()?)
            .registry(self.registry()?);
        if let Some(select) = &self.select {
            b = b.select(select.iter().cloned());
        }
        b = b
            .extend_select(self.extend_select.iter().cloned())
            .ignore(self.ignore.iter().cloned())
            .show_notes(self.show_notes);
        for (id, sev) in &self.severity {
            b = b.severity(id.clone(), *sev);
        }
        for rule in self.custom_rules()? {
            b = b.custom_rule(rule);
        }
        Ok(b)
    }
}
