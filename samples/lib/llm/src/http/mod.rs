// SPDX-License-Identifier: Apache-2.0

//! OpenAI-compatible HTTP frontend.

pub mod service;
