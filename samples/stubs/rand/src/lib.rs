//! Stand-in for rand: `thread_rng()` and `Rng::gen_range` (see
//! samples/README.md).

pub trait Rng {
    fn gen_range<T: PartialOrd + Copy, R: SampleRange<T>>(&mut self, range: R) -> T {
        range.low()
    }
    fn gen<T: Default>(&mut self) -> T {
        T::default()
    }
}

pub trait SampleRange<T> {
    fn low(&self) -> T;
}
impl<T: Copy> SampleRange<T> for std::ops::Range<T> {
    fn low(&self) -> T {
        self.start
    }
}
impl<T: Copy> SampleRange<T> for std::ops::RangeInclusive<T> {
    fn low(&self) -> T {
        *self.start()
    }
}

pub struct ThreadRng(());
impl Rng for ThreadRng {}

pub fn thread_rng() -> ThreadRng {
    ThreadRng(())
}
