// A command-line tool's own code (a file `cli_*`, a directory `cli`): one
// task runs on its runtime, so a blocking call holds up no request
// (spacedrive's CLI, screenpipe's `cli_pipe.rs`) -- no finding.
pub async fn handle_install(dir: std::path::PathBuf) -> std::io::Result<()> {
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("config.toml"), "enabled = true\n")?;
    Ok(())
}
