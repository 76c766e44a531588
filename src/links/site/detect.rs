//! Each generator's markers, and what its config says of its pages
//! (SPEC section 11a). A config that cannot be read leaves its site
//! known but unread: its links are unchecked, never broken.

use std::path::Path;
use std::sync::Arc;

use super::{
    Site, antora, docsify, docusaurus, eleventy, hugo, jekyll, mdbook, mkdocs, myst, nextra,
    quarto, sphinx, starlight, try_read_config, vitepress,
};
use crate::links::tree::Listing;

/// The site whose config file is in folder `dir` (listed in `listing`).
pub(crate) fn detect(
    dir: &Path,
    listing: &Listing,
    sub: &dyn Fn(&str) -> Option<Arc<Listing>>,
) -> Option<Site> {
    if listing.contains("book.toml") {
        return Some(mdbook::mdbook(dir));
    }
    if listing.contains("_quarto.yml") {
        return Some(quarto::quarto(dir));
    }
    if listing.contains("myst.yml") {
        return Some(myst::mystmd(dir));
    }
    // Jupyter Book 1: Sphinx with MyST, configured in `_config.yml`.
    if listing.contains("_toc.yml") && listing.contains("_config.yml") {
        return Some(myst::jupyter_book(dir));
    }
    if listing.contains("antora.yml") {
        return Some(antora::antora(dir));
    }
    if let Some(name) = ["mkdocs.yml", "mkdocs.yaml"]
        .into_iter()
        .find(|n| listing.contains(n))
    {
        return Some(mkdocs::mkdocs(dir, name));
    }
    if listing.contains(".vitepress")
        && let Some(vp) = sub(".vitepress")
        && let Some(name) = ["config.ts", "config.mts", "config.js", "config.mjs"]
            .into_iter()
            .find(|n| vp.contains(n))
    {
        return Some(vitepress::vitepress(
            dir,
            &dir.join(".vitepress").join(name),
        ));
    }
    if let Some(name) = [
        "astro.config.mjs",
        "astro.config.ts",
        "astro.config.js",
        "astro.config.mts",
    ]
    .into_iter()
    .find(|n| listing.contains(n))
    {
        let text = try_read_config(&dir.join(name)).unwrap_or_default();
        if text.contains("starlight") {
            let mut site = starlight::starlight(dir);
            if let Ok(re) =
                regex::Regex::new(r"(?m)^\s*'?([a-z]{2,3}(?:-[a-zA-Z]{2,4})?)'?\s*:\s*\{\s*label")
            {
                site.locales = re
                    .captures_iter(&text)
                    .map(|c| c[1].to_string())
                    .filter(|l| l != "root")
                    .collect();
            }
            return Some(site);
        }
    }
    for name in [
        "docusaurus.config.js",
        "docusaurus.config.ts",
        "docusaurus.config.mjs",
    ] {
        if listing.contains(name) {
            return Some(docusaurus::docusaurus(dir, dir, name));
        }
        // A repository's `docs/` beside the site in `website/`.
        if listing.contains("website")
            && let Some(w) = sub("website")
            && w.contains(name)
        {
            return Some(docusaurus::docusaurus(dir, &dir.join("website"), name));
        }
    }
    if let Some(name) = [
        "next.config.js",
        "next.config.mjs",
        "next.config.ts",
        "next.config.cjs",
    ]
    .into_iter()
    .find(|n| listing.contains(n))
    {
        let text = try_read_config(&dir.join(name)).unwrap_or_default();
        if text.contains("nextra") {
            return Some(nextra::nextra(dir, &text));
        }
    }
    if let Some(name) = eleventy::CONFIGS.iter().find(|n| listing.contains(n)) {
        return Some(eleventy::eleventy(dir, name));
    }
    if listing.contains("index.html") {
        let text = try_read_config(&dir.join("index.html")).unwrap_or_default();
        if docsify::configures(&text) {
            return Some(docsify::docsify(dir, &text));
        }
    }
    if let Some(site) = hugo::hugo_or_zola(dir, listing, sub) {
        return Some(site);
    }
    if listing.contains("conf.py") {
        // Only a Sphinx configuration: other projects have a `conf.py`.
        let text = try_read_config(&dir.join("conf.py")).unwrap_or_default();
        if text.contains("sphinx") || text.contains("html_theme") {
            let mut site = sphinx::sphinx(dir, &text);
            myst::sphinx_myst(&mut site, &text);
            return Some(site);
        }
    }
    if listing.contains("_config.yml") {
        return Some(jekyll::jekyll(dir));
    }
    None
}
