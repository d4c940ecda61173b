use crate::request::{submit, Request};

pub struct Context {
    pub default_request: Request,
}

pub struct Router {
    pub pending: Option<Request>,
}

impl Router {
    /// `me` is `&mut Self`: the field sits behind a reference (E0507).
    pub fn take_pending(&mut self) -> Option<Request> {
        let me = &mut *self;
        let item = me.pending.clone();
        item
    }
}

/// `cx` is `&Context`: its field cannot be moved out (E0507).
pub fn route(cx: &Context) -> usize {
    let req = cx.default_request.clone();
    submit(req)
}

/// Matched through a reference: `r` is `&Request` (E0308 once the clone goes).
pub fn route_opt(opt: &Option<Request>) -> usize {
    if let Some(r) = opt {
        return submit(r.clone());
    }
    0
}
