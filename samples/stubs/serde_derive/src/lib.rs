//! `#[derive(Serialize, Deserialize)]` for the stand-in serde: nothing to
//! generate, since its traits hold for every type; `#[serde(..)]`
//! attributes are accepted.

use proc_macro::TokenStream;

#[proc_macro_derive(Serialize, attributes(serde))]
pub fn serialize(_item: TokenStream) -> TokenStream {
    TokenStream::new()
}

#[proc_macro_derive(Deserialize, attributes(serde))]
pub fn deserialize(_item: TokenStream) -> TokenStream {
    TokenStream::new()
}
