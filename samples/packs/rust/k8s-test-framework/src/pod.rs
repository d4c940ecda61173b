// A test framework kept as a crate of its own (vector's
// lib/k8s-test-framework, held-out findings judged wrong): test code, no
// finding.
pub async fn get_node(output: &[u8]) -> Result<String, String> {
    let pod: serde_json::Value = serde_json::from_slice(output).map_err(|e| e.to_string())?;
    Ok(pod["spec"]["nodeName"].as_str().unwrap_or_default().to_string())
}
