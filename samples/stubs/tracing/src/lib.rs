//! Stand-in for tracing: spans, `Instrument` and the event macros, whose
//! arguments are evaluated by reference as tracing's are (`%x`, `?x`,
//! `name = value`, format strings).  See samples/README.md.

use std::future::Future;

#[derive(Clone, Debug)]
pub struct Span(());

impl Span {
    pub fn none() -> Span {
        Span(())
    }
    pub fn current() -> Span {
        Span(())
    }
    pub fn enter(&self) -> Entered<'_> {
        Entered { _span: self }
    }
    pub fn in_scope<T>(&self, f: impl FnOnce() -> T) -> T {
        f()
    }
}

pub struct Entered<'a> {
    _span: &'a Span,
}

pub struct Instrumented<F>(F, Span);

impl<F: Future> Future for Instrumented<F> {
    type Output = F::Output;
    fn poll(self: std::pin::Pin<&mut Self>, _: &mut std::task::Context<'_>) -> std::task::Poll<F::Output> {
        unimplemented!("stand-in")
    }
}

pub trait Instrument: Sized {
    fn instrument(self, span: Span) -> Instrumented<Self> {
        Instrumented(self, span)
    }
    fn in_current_span(self) -> Instrumented<Self> {
        Instrumented(self, Span(()))
    }
}
impl<T: Sized> Instrument for T {}

#[doc(hidden)]
pub fn __use<T: ?Sized>(_: &T) {}

/// The fields of an event or span: each value is borrowed, as tracing's
/// macros borrow them; a trailing format string and its arguments go to
/// `format_args!`.
#[doc(hidden)]
#[macro_export]
macro_rules! __fields {
    () => {};
    ($(,)? $name:ident $(.$rest:ident)* = %$value:expr $(, $($tail:tt)*)?) => { $crate::__use(&$value); $($crate::__fields!($($tail)*);)? };
    ($(,)? $name:ident $(.$rest:ident)* = ?$value:expr $(, $($tail:tt)*)?) => { $crate::__use(&$value); $($crate::__fields!($($tail)*);)? };
    ($(,)? $name:ident $(.$rest:ident)* = $value:expr $(, $($tail:tt)*)?) => { $crate::__use(&$value); $($crate::__fields!($($tail)*);)? };
    ($(,)? %$value:ident $(, $($tail:tt)*)?) => { $crate::__use(&$value); $($crate::__fields!($($tail)*);)? };
    ($(,)? ?$value:ident $(, $($tail:tt)*)?) => { $crate::__use(&$value); $($crate::__fields!($($tail)*);)? };
    ($(,)? $value:ident $(, $($tail:tt)*)?) => { $crate::__use(&$value); $($crate::__fields!($($tail)*);)? };
    ($(,)? $fmt:literal $($args:tt)*) => { let _ = ::std::format_args!($fmt $($args)*); };
}

#[macro_export]
macro_rules! event {
    ($($fields:tt)*) => {{ $crate::__fields!($($fields)*); }};
}
#[macro_export]
macro_rules! trace { ($($fields:tt)*) => { $crate::event!($($fields)*) }; }
#[macro_export]
macro_rules! debug { ($($fields:tt)*) => { $crate::event!($($fields)*) }; }
#[macro_export]
macro_rules! info { ($($fields:tt)*) => { $crate::event!($($fields)*) }; }
#[macro_export]
macro_rules! warn { ($($fields:tt)*) => { $crate::event!($($fields)*) }; }
#[macro_export]
macro_rules! error { ($($fields:tt)*) => { $crate::event!($($fields)*) }; }

#[macro_export]
macro_rules! span {
    ($name:literal $(, $($fields:tt)*)?) => {{ $($crate::__fields!($($fields)*);)? $crate::Span::none() }};
}
#[macro_export]
macro_rules! info_span { ($($t:tt)*) => { $crate::span!($($t)*) }; }
#[macro_export]
macro_rules! debug_span { ($($t:tt)*) => { $crate::span!($($t)*) }; }
#[macro_export]
macro_rules! trace_span { ($($t:tt)*) => { $crate::span!($($t)*) }; }
