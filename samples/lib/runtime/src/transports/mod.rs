// SPDX-License-Identifier: Apache-2.0

//! Response-stream transports between workers and frontends.

pub mod tcp;
