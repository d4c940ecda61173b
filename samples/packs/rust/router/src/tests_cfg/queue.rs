// A crate's module of test configurations: seeds and fixtures its test
// suites load (loco's src/tests_cfg, a held-out finding judged wrong) --
// test code for the perf-review rules.
pub async fn seed_data(path: &std::path::Path) -> Result<String, std::io::Error> {
    std::fs::read_to_string(path)
}
