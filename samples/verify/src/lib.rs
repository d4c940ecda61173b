//! Planted clone sites for `audit --verify`.
pub mod request;
pub mod conn;
pub mod router;

#[cfg(feature = "never")]
pub mod gated;
