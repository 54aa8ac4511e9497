//! Embeds every file of `variants/` in the binary, so `varia play chess`
//! works from any directory. No variant is named in the Rust sources.
use std::{env, fs, path::Path};

fn main() {
    println!("cargo:rerun-if-changed=variants");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut names: Vec<String> = fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".variant"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("/// (file name, text) of every file in `variants/`.\npub const FILES: &[(&str, &str)] = &[\n");
    for n in &names {
        out.push_str(&format!(
            "    ({n:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/variants/{n}\"))),\n"
        ));
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").unwrap()).join("builtin.rs");
    fs::write(dest, out).unwrap();
}
