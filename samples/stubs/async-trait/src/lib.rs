//! `#[async_trait]` for the sample workspace: each `async fn` of a trait
//! or impl becomes a fn returning a boxed `Send` future that borrows
//! `self` for its lifetime, as async-trait's expansion does, so that the
//! traits can be used as `dyn`.  Handles what the samples write (no
//! generics on the methods, references only in `self`).

use proc_macro::{Delimiter, Group, TokenStream, TokenTree};

fn ts(s: &str) -> TokenStream {
    s.parse().expect("valid tokens")
}

/// `&self` / `&mut self` become `&'async_trait self` / `&'async_trait mut self`.
fn params(group: &Group) -> TokenTree {
    let mut out = TokenStream::new();
    let tokens: Vec<TokenTree> = group.stream().into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        if let TokenTree::Punct(p) = &tokens[i] {
            if p.as_char() == '&' && i == 0 {
                out.extend([tokens[i].clone()]);
                out.extend(ts("'async_trait"));
                i += 1;
                continue;
            }
        }
        out.extend([tokens[i].clone()]);
        i += 1;
    }
    TokenTree::Group(Group::new(Delimiter::Parenthesis, out))
}

fn rewrite_body(body: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = body.into_iter().collect();
    let mut out = TokenStream::new();
    let mut i = 0;
    while i < tokens.len() {
        let is_async_fn = matches!(&tokens[i], TokenTree::Ident(a) if a.to_string() == "async")
            && matches!(tokens.get(i + 1), Some(TokenTree::Ident(f)) if f.to_string() == "fn");
        if !is_async_fn {
            out.extend([tokens[i].clone()]);
            i += 1;
            continue;
        }
        // async fn NAME ( PARAMS ) [-> RET] ( ; | { BODY } )
        let name = tokens[i + 2].clone();
        let args = match &tokens[i + 3] {
            TokenTree::Group(g) => params(g),
            other => other.clone(),
        };
        let mut j = i + 4;
        let mut ret = TokenStream::new();
        if matches!(&tokens[j], TokenTree::Punct(p) if p.as_char() == '-') {
            j += 2;
            while j < tokens.len() {
                match &tokens[j] {
                    TokenTree::Punct(p) if p.as_char() == ';' => break,
                    TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => break,
                    t => ret.extend([t.clone()]),
                }
                j += 1;
            }
        } else {
            ret = ts("()");
        }
        out.extend(ts("fn"));
        out.extend([name]);
        out.extend(ts("<'async_trait>"));
        out.extend([args]);
        let mut output = ts("-> ::core::pin::Pin<::std::boxed::Box<dyn ::core::future::Future<Output = ");
        output.extend(ret);
        output.extend(ts("> + ::core::marker::Send + 'async_trait>>"));
        out.extend(output);
        match &tokens[j] {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                let mut future = ts("async move");
                future.extend([tokens[j].clone()]);
                let mut inner = ts("::std::boxed::Box::pin");
                inner.extend([TokenTree::Group(Group::new(Delimiter::Parenthesis, future))]);
                out.extend([TokenTree::Group(Group::new(Delimiter::Brace, inner))]);
            }
            t => out.extend([t.clone()]),
        }
        i = j + 1;
    }
    out
}

#[proc_macro_attribute]
pub fn async_trait(_args: TokenStream, item: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = item.into_iter().collect();
    let last = tokens.len().saturating_sub(1);
    let mut out = TokenStream::new();
    for (i, t) in tokens.into_iter().enumerate() {
        match t {
            TokenTree::Group(g) if i == last && g.delimiter() == Delimiter::Brace => {
                out.extend([TokenTree::Group(Group::new(Delimiter::Brace, rewrite_body(g.stream())))]);
            }
            t => out.extend([t]),
        }
    }
    out
}
