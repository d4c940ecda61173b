use regex::Regex;
use std::sync::LazyLock;

// Compiled once per process: fine.
static WORD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\w+").unwrap());

// Compiled on every call of a hot-path function.
pub fn route_matches(path: &str) -> bool {
    let re = Regex::new(r"^/v1/(chat|completions)$").unwrap(); // expect: perf-review/regex-per-call
    re.is_match(path)
}

// Compiled on every iteration.
pub fn tag_all(lines: &[String]) -> usize {
    let mut n = 0;
    for line in lines {
        let re = Regex::new("[A-Z]+").unwrap(); // expect: perf-review/regex-in-loop expect: perf-review/regex-per-call
        n += re.find_iter(line).count();
    }
    n
}

// The pattern in a string or a comment is not code: Regex::new("x") in a comment.
pub fn describe() -> &'static str {
    "call Regex::new(pattern) once"
}

pub fn uses_static(s: &str) -> bool {
    WORD.is_match(s)
}

// The request's own pattern, compiled once per request: it cannot be
// compiled once per process (greptimedb's COPY FROM, a held-out finding
// judged wrong).
pub fn matching_files(req: &ChatRequest, names: &[String]) -> Vec<String> {
    let regex = req.pattern.as_ref().map(|x| Regex::new(x)).transpose().ok().flatten();
    names.iter().filter(|n| regex.as_ref().map_or(true, |r| r.is_match(n))).cloned().collect()
}

// A pattern made from each item of the loop, `format!(r"{subcrate}\s*=")`:
// a different regex every pass, nothing to compile once (loco's release
// tool, a held-out finding judged wrong).
pub fn bump_versions(content: &str, crates: &[&str], version: &str) -> String {
    let mut out = content.to_string();
    for subcrate in crates {
        let re = Regex::new(&format!(r#"{subcrate}\s*=\s*"[0-9.]+""#)).unwrap();
        out = re.replace_all(&out, format!("{subcrate} = \"{version}\"")).into_owned();
    }
    out
}

// Each configured rule's own pattern compiled once as the configuration
// loads, and kept with the rule (ferron's rewrite rules) -- no finding ...
pub struct Rule {
    pub regex: regex::Regex,
    pub to: String,
}

pub struct Entry {
    pub pattern: String,
    pub to: String,
}

pub fn load_rules(entries: &[Entry]) -> Vec<Rule> {
    let mut rules = Vec::new();
    for entry in entries {
        let regex = match regex::RegexBuilder::new(&entry.pattern).case_insensitive(true).build() {
            Ok(regex) => regex,
            Err(_) => continue,
        };
        rules.push(Rule { regex, to: entry.to.clone() });
    }
    rules
}

// ... while one compiled per pass and dropped is still found.
pub fn count_matching(lines: &[String], pattern: &str) -> usize {
    let mut n = 0;
    for line in lines {
        let re = regex::Regex::new(pattern).unwrap(); // expect: perf-review/regex-in-loop
        if re.is_match(line) {
            n += 1;
        }
    }
    n
}
