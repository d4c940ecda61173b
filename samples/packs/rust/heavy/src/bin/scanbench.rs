// A benchmark binary kept among the sources (greptimedb's scanbench and
// query_regression_runner, held-out findings judged wrong): test tooling,
// no finding.
#[tokio::main]
async fn main() {
    run("bench.svg").await;
}

async fn run(pprof_file: &str) {
    let flamegraph_data = String::from("flamegraph");
    std::fs::write(pprof_file, flamegraph_data).unwrap();
}
