//! The integration tests, one binary: each module is one area of behaviour
//! (formerly a test binary of its own; one binary links once).

mod adversarial;
mod cli_check;
mod cli_extract;
mod cli_formats;
mod cli_mail;
mod cli_tree;
mod cli_ux;
mod common;
mod differential;
mod fix;
mod fix_prop;
mod formats;
mod formats_prop;
mod fuzz_regressions;
mod hostile_html;
mod layers;
mod linear;
mod link_lists;
mod links;
mod mail;
mod memory;
mod readme;
mod real_docs;
mod rfc_examples;
mod rule_examples;
mod scan_cases;
mod secrets;
mod secrets_prop;
mod site_models;
mod site_mutations;
mod spark;
mod stream;
mod streams;
mod uri;
mod wheel;
