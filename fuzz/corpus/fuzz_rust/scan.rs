// x.clone() in a comment
/* /* nested */ y.clone() */
fn route(req: Request, ctx: &Ctx) -> Result<()> {
    let s = r#"raw "str" z.clone()"#;
    let c = '"'; let q: &'a str = "a.clone()";
    let h = req.clone();
    for item in items.clone() {
        let v = item
            .payload
            .clone();
        tokio::spawn(async move { tx.send(v.clone()).await });
    }
    let p = Arc::clone(&self.pool);
    let w = Request::clone(&req);
    xs.iter().map(|x| x.clone()).collect::<Vec<_>>();
    while let Some(m) = rx.recv().await { m.clone(); }
    foo(a.b().c[0].clone(), &d.clone());
}
impl<T> Handler for Router<T> where T: Send {
    #[allow(clippy::redundant_clone)]
    fn handle(&self) { self.blocks.clone(); }
}
#[cfg(test)]
mod tests {
    #[test]
    fn t() { let z = y.clone(); }
}
