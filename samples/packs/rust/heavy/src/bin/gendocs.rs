// A documentation generator's `main` compiles its one pattern: it runs
// once, there is no next call to compile it for (pingap's
// generate-mermaid).
fn main() {
    let re = regex::Regex::new(r"```mermaid[\s\S]*?```").unwrap();
    let doc = std::fs::read_to_string("docs/modules.md").unwrap_or_default();
    println!("{}", re.replace(&doc, "```mermaid\n```"));
}
