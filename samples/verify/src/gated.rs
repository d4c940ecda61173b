use crate::request::{submit, Request};

pub fn gated(req: Request) -> usize {
    let c = req.clone();
    submit(c)
}
