//! Planted clone sites for `audit --verify`.
pub mod request;
pub mod conn;
pub mod router;
pub mod lexer;
pub mod copyref;
pub mod inplace;
pub mod flowexit;

#[cfg(feature = "never")]
pub mod gated;
