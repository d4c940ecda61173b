// A field given by its own name (field init shorthand) in the record a
// page is rendered from, the page being the answer (AppFlowy's
// SSO detail page, a held-out finding judged wrong).
pub struct DetailPage {
    pub model: String,
    pub mapping_json: String,
}

pub fn render_page(page: DetailPage) -> Result<String, String> {
    Ok(format!("{}: {}", page.model, page.mapping_json))
}

pub struct PageRequest {
    pub model: String,
    pub mapping: serde_json::Value,
}

pub async fn detail_page(req: PageRequest) -> Result<String, String> {
    let mapping_json = serde_json::to_string_pretty(&req.mapping).unwrap_or_default();
    render_page(DetailPage {
        model: req.model,
        mapping_json,
    })
}
