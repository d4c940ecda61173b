// SPDX-License-Identifier: Apache-2.0

//! Wire protocols understood by the frontend.

pub mod openai;
