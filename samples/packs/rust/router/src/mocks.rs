//! Helpers for the crate's tests: `#[cfg(test)] mod mocks;` in
//! lib.rs makes all of this test code, so no rule applies here.
use regex::Regex;

pub fn count_tags(lines: &[String]) -> usize {
    let mut n = 0;
    for line in lines {
        let re = Regex::new("[A-Z]+").unwrap();
        n += re.find_iter(line).count();
    }
    n
}
