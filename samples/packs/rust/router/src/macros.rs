//! Tokens a proc macro emits: the serialization inside `quote!` runs in
//! the user's code, not in the loop that builds it (poem's MCP tool
//! macro, held-out look-alikes).

pub fn describe(methods: &[Method]) -> Vec<TokenStream> {
    let mut out = Vec::with_capacity(methods.len());
    for method in methods {
        let ty = &method.request_type;
        out.push(quote! {
            Tool {
                input_schema: {
                    let schema = SchemaGenerator::default().into_root_schema_for::<#ty>();
                    serde_json::to_value(schema).expect("input schema")
                },
            }
        });
    }
    out
}
