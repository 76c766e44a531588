//! Folders with configs of their own under the paths checked (SPEC section
//! 13, issue 34): each file is checked with the config nearest it, as ruff
//! checks a monorepo. The run's inputs are split by config; each part is
//! checked by a checker of its config, and the records merged back into
//! the run's order.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use urilint::config::Config;
use urilint::walk::{self, Input};

use super::{Failure, usage};

/// The inputs of one config: `config` is `None` for the run's own (found
/// upward from the paths' common folder), else a config file below it.
pub(super) struct Part {
    pub(super) config: Option<PathBuf>,
    pub(super) inputs: Vec<Result<Input, walk::Error>>,
}

/// Splits `inputs` by the config nearest each file in the folders below
/// `start` (the folder the run's config was looked for from, where any
/// config above it was found already): one part, the run's own, when no
/// folder under `start` has a config. Unreadable paths and standard
/// input stay with the run's config.
pub(super) fn split(inputs: Vec<Result<Input, walk::Error>>, start: &Path) -> Vec<Part> {
    let cwd = std::env::current_dir().unwrap_or_default();
    let mut nearest: HashMap<PathBuf, Option<PathBuf>> = HashMap::new();
    let mut parts: Vec<Part> = vec![Part {
        config: None,
        inputs: Vec::new(),
    }];
    for input in inputs {
        let config = match &input {
            Ok(Input::File { path, .. }) => {
                let folder =
                    urilint::paths::lexical(&cwd.join(path.parent().unwrap_or(Path::new(""))));
                config_below(&folder, start, &mut nearest)
            }
            _ => None,
        };
        match parts.iter_mut().find(|p| p.config == config) {
            Some(part) => part.inputs.push(input),
            None => parts.push(Part {
                config,
                inputs: vec![input],
            }),
        }
    }
    parts.retain(|p| p.config.is_none() || !p.inputs.is_empty());
    parts
}

/// The config file of `folder` or of its nearest ancestor strictly below
/// `start`, remembered by folder.
fn config_below(
    folder: &Path,
    start: &Path,
    nearest: &mut HashMap<PathBuf, Option<PathBuf>>,
) -> Option<PathBuf> {
    if folder == start || !folder.starts_with(start) {
        return None;
    }
    if let Some(known) = nearest.get(folder) {
        return known.clone();
    }
    let found = Config::in_folder(folder)
        .or_else(|| config_below(folder.parent().unwrap_or(start), start, nearest));
    nearest.insert(folder.to_path_buf(), found.clone());
    found
}

/// A nested config's `exclude` globs, kept to its folder: a name glob
/// (`vendor`) matches anywhere, so it becomes `**/vendor`, read from the
/// config's folder as a path glob is.
pub(super) fn scoped_excludes(config: &Config) -> Vec<String> {
    config
        .exclude
        .iter()
        .map(|p| match p.trim_end_matches('/').contains('/') {
            true => p.clone(),
            false => format!("**/{p}"),
        })
        .collect()
}

/// Loads a nested config, named from the working folder as the run's is.
pub(super) fn load(path: &Path) -> Result<(PathBuf, Config), Failure> {
    let cwd = std::env::current_dir().unwrap_or_default();
    let config = Config::load(path).map_err(|e| named(&cwd, e))?;
    Ok((super::shown_from(&cwd, path), config))
}

/// A config's error, its file named from the working folder `cwd`, as its
/// later errors name it.
pub(super) fn named(cwd: &Path, mut e: urilint::config::ConfigError) -> Failure {
    e.path = super::shown_from(cwd, &e.path);
    usage(e)
}
