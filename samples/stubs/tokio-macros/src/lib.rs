//! `#[tokio::test]` and `#[tokio::main]` for the stand-in tokio: the
//! `async fn`'s body becomes an `async move` block given to a blocking
//! call, so that it is checked as it would be with tokio.

use proc_macro::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};

fn rewrite(item: TokenStream, test: bool) -> TokenStream {
    let mut out: Vec<TokenTree> = Vec::new();
    if test {
        out.push(TokenTree::Punct(Punct::new('#', Spacing::Alone)));
        out.push(TokenTree::Group(Group::new(Delimiter::Bracket, "::core::prelude::v1::test".parse().unwrap())));
    }
    let tokens: Vec<TokenTree> = item.into_iter().collect();
    let last = tokens.len().saturating_sub(1);
    for (i, t) in tokens.into_iter().enumerate() {
        match &t {
            TokenTree::Ident(id) if id.to_string() == "async" => continue,
            TokenTree::Group(g) if i == last && g.delimiter() == Delimiter::Brace => {
                let mut inner: TokenStream = "async move".parse().unwrap();
                inner.extend([t.clone()]);
                let call = TokenTree::Group(Group::new(Delimiter::Parenthesis, inner));
                let mut block: TokenStream = TokenStream::new();
                block.extend([
                    TokenTree::Punct(Punct::new(':', Spacing::Joint)),
                    TokenTree::Punct(Punct::new(':', Spacing::Alone)),
                    TokenTree::Ident(Ident::new("tokio", Span::call_site())),
                    TokenTree::Punct(Punct::new(':', Spacing::Joint)),
                    TokenTree::Punct(Punct::new(':', Spacing::Alone)),
                    TokenTree::Ident(Ident::new("__block_on", Span::call_site())),
                    call,
                ]);
                out.push(TokenTree::Group(Group::new(Delimiter::Brace, block)));
            }
            _ => out.push(t),
        }
    }
    out.into_iter().collect()
}

#[proc_macro_attribute]
pub fn test(_args: TokenStream, item: TokenStream) -> TokenStream {
    rewrite(item, true)
}

#[proc_macro_attribute]
pub fn main(_args: TokenStream, item: TokenStream) -> TokenStream {
    rewrite(item, false)
}
