pub struct Ring {
    buf: Vec<u64>,
}

// SAFETY: Ring owns its buffer and has no interior mutability.
unsafe impl Sync for Ring {}

unsafe impl Send for Ring {} // expect: crate-hygiene/unsafe-without-safety

impl Ring {
    pub fn first(&self) -> u64 {
        // SAFETY: the constructor never builds an empty ring.
        unsafe { *self.buf.get_unchecked(0) }
    }

    pub fn last(&self) -> u64 {
        unsafe { *self.buf.get_unchecked(self.buf.len() - 1) } // expect: crate-hygiene/unsafe-without-safety
    }

    pub fn second(&self) -> u64 {
        // SAFETY: rings hold at least two slots.
        let v = unsafe { *self.buf.get_unchecked(1) };
        v
    }

    /// # Safety
    /// `i` must be in bounds.
    pub unsafe fn at(&self, i: usize) -> u64 {
        // SAFETY: the caller promises `i` is in bounds.
        unsafe { *self.buf.get_unchecked(i) }
    }
}

pub fn describe() -> &'static str {
    "unsafe { } in a string is not code"
}

pub struct Slot(*mut u8);

// SAFETY: a Slot owns its byte; nothing else points at it.
unsafe impl Send for Slot {}
unsafe impl Sync for Slot {}
