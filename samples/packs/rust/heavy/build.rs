// The crate's build script, run once by cargo before it compiles (kanidm's
// server/lib/build.rs, a held-out finding judged wrong): no finding.
fn main() {
    let re = regex::Regex::new(r#"uuid!\("([^"]+)"#).unwrap();
    println!("cargo:rerun-if-changed=src/lib.rs {}", re.as_str());
}
