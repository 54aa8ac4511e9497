//! Embeds every rule file of `variants/` and `variants/catalogue/`, and the values files beside
//! them, in the binary, so `varia play chess`
//! works from any directory. No variant is named in the Rust sources.
use std::{env, fs, path::Path};

fn main() {
    println!("cargo:rerun-if-changed=variants");
    println!("cargo:rerun-if-changed=variants/catalogue");
    // Read when the script runs, not when it was compiled: a build script
    // compiled in another checkout (a copied target directory) would list
    // that checkout's files.
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("variants");
    // (name, path relative to variants/): the seed games and the prelude at
    // the top, the catalogue of other variants in `catalogue/`; one namespace.
    let mut names: Vec<(String, String)> = Vec::new();
    // The values files beside them (`NAME.values.toml`, written by `varia
    // tune`): a built-in name reads its own, as a path would.
    let mut values: Vec<(String, String)> = Vec::new();
    for sub in ["", "catalogue/"] {
        let Ok(rd) = fs::read_dir(root.join(sub)) else {
            continue;
        };
        for e in rd.filter_map(|e| e.ok()) {
            let n = e.file_name().to_string_lossy().into_owned();
            if n.ends_with(".variant") {
                names.push((n.clone(), format!("{sub}{n}")));
            } else if n.ends_with(".values.toml") {
                values.push((n.clone(), format!("{sub}{n}")));
            }
        }
    }
    names.sort();
    for w in names.windows(2) {
        assert!(
            w[0].0 != w[1].0,
            "two built-in files are named {}: {} and {}",
            w[0].0,
            w[0].1,
            w[1].1
        );
    }
    let mut out = String::from("/// (file name, text) of every file in `variants/`.\npub const FILES: &[(&str, &str)] = &[\n");
    for (n, rel) in &names {
        out.push_str(&format!(
            "    ({n:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/variants/{rel}\"))),\n"
        ));
    }
    out.push_str("];\n");
    values.sort();
    out.push_str("/// (file name, text) of every values file beside them.\npub const VALUES: &[(&str, &str)] = &[\n");
    for (n, rel) in &values {
        out.push_str(&format!(
            "    ({n:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/variants/{rel}\"))),\n"
        ));
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").unwrap()).join("builtin.rs");
    fs::write(dest, out).unwrap();
}
