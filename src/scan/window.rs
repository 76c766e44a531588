//! The buffer a streaming scan reads into, kept per thread between inputs:
//! a tree of small files would otherwise allocate one for each file, grow
//! it by doubling (a copy each time) as a chunk comes in, and free it.

use std::cell::RefCell;
use std::ops::{Deref, DerefMut};

/// The largest buffer kept for the next input: a chunk and a long URI's
/// look-back fit; one grown for a longer URI is let go.
const KEPT: usize = 1 << 20;

thread_local! {
    static SPARE: RefCell<Option<Vec<u8>>> = const { RefCell::new(None) };
}

/// A buffer taken from this thread's spare, given back empty when dropped.
#[derive(Debug, Default)]
pub(super) struct Window(Vec<u8>);

impl Window {
    /// This thread's spare buffer, or a new one.
    pub(super) fn take() -> Window {
        Window(
            SPARE
                .try_with(|s| s.borrow_mut().take())
                .ok()
                .flatten()
                .unwrap_or_default(),
        )
    }
}

impl Deref for Window {
    type Target = Vec<u8>;

    fn deref(&self) -> &Vec<u8> {
        &self.0
    }
}

impl DerefMut for Window {
    fn deref_mut(&mut self) -> &mut Vec<u8> {
        &mut self.0
    }
}

impl Drop for Window {
    fn drop(&mut self) {
        let mut buf = std::mem::take(&mut self.0);
        if buf.capacity() == 0 || buf.capacity() > KEPT {
            return;
        }
        buf.clear();
        // Not while the thread is being torn down.
        let _ = SPARE.try_with(|s| *s.borrow_mut() = Some(buf));
    }
}

#[cfg(test)]
mod tests {
    use super::Window;

    #[test]
    fn a_buffer_is_handed_on_empty_and_a_huge_one_is_not_kept() {
        let mut w = Window::take();
        w.extend_from_slice(b"secret bytes");
        let at = w.as_ptr();
        drop(w);
        let w = Window::take();
        assert!(w.is_empty());
        assert_eq!(w.as_ptr(), at);
        assert!(w.capacity() >= 12);
        drop(w);
        let mut big = Window::take();
        big.reserve(super::KEPT + 1);
        drop(big);
        assert_eq!(Window::take().capacity(), 0);
    }
}
