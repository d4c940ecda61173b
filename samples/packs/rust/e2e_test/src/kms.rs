// A workspace's end-to-end test crate: a harness starting a KMS and
// reading its answers (rustfs' crates/e2e_test, held-out findings judged
// wrong): test code, no finding.
pub async fn start_kms(dir: &std::path::Path) -> Result<String, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let body = std::fs::read_to_string(dir.join("status.json")).map_err(|e| e.to_string())?;
    let response: serde_json::Value = serde_json::from_str(&body).map_err(|e| e.to_string())?;
    Ok(response["status"].as_str().unwrap_or_default().to_string())
}
