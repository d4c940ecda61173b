// SPDX-License-Identifier: Apache-2.0

//! Small helpers that are not on any request path.

pub mod format;
