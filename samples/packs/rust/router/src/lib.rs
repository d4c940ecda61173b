//! Rule-pack samples: a router crate.  Lines marked `expect:` are findings
//! the packs must report; every other line must give none.
#![allow(dead_code)] // expect: crate-hygiene/crate-allows
#![allow(unused_variables, unused_imports)]
#![allow(clippy::needless_return)]

pub mod aggregates;
pub mod archive;
pub mod blocking;
pub mod downloads;
pub mod dump;
pub mod engine;
pub mod buffers;
pub mod events;
pub mod growth;
pub mod guarded;
pub mod integrations;
pub mod locks;
pub mod logs;
pub mod pages;
pub mod servers;
pub mod queue;
pub mod macros;
pub mod regexes;
pub mod rows;
pub mod sockets;
pub mod store;
pub mod strings;
pub mod tasks;
pub mod test;
pub mod threads;
pub mod unsafe_code;
pub mod upload;
pub mod values;
// Declared for tests only: nothing in its own path or text says so.
#[cfg(test)]
mod mocks;
#[cfg(test)]
mod integration;

pub use locks::Table;
pub use tasks::{publish, Publisher};
