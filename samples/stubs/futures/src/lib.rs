//! Stand-in for futures: `Stream` and the `StreamExt` adapters the
//! samples use (see samples/README.md).

pub use std::future::Future;

pub mod stream {
    use std::pin::Pin;
    use std::task::{Context, Poll};

    pub trait Stream {
        type Item;
        fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>>;
    }

    impl<S: Stream + Unpin + ?Sized> Stream for Box<S> {
        type Item = S::Item;
        fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<S::Item>> {
            unimplemented!("stand-in")
        }
    }
    impl<P> Stream for Pin<P>
    where
        P: std::ops::DerefMut + Unpin,
        P::Target: Stream,
    {
        type Item = <P::Target as Stream>::Item;
        fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
            unimplemented!("stand-in")
        }
    }

    pub struct Map<S, F>(S, F);
    impl<S: Stream, T, F: FnMut(S::Item) -> T> Stream for Map<S, F> {
        type Item = T;
        fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<T>> {
            unimplemented!("stand-in")
        }
    }
    pub struct Next<'a, S: ?Sized>(&'a mut S);
    impl<S: Stream + Unpin + ?Sized> std::future::Future for Next<'_, S> {
        type Output = Option<S::Item>;
        fn poll(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Self::Output> {
            unimplemented!("stand-in")
        }
    }

    pub trait StreamExt: Stream {
        fn map<T, F: FnMut(Self::Item) -> T>(self, f: F) -> Map<Self, F>
        where
            Self: Sized,
        {
            Map(self, f)
        }
        fn next(&mut self) -> Next<'_, Self>
        where
            Self: Unpin,
        {
            Next(self)
        }
        fn boxed<'a>(self) -> Pin<Box<dyn Stream<Item = Self::Item> + Send + 'a>>
        where
            Self: Sized + Send + 'a,
        {
            Box::pin(self)
        }
    }
    impl<S: Stream + ?Sized> StreamExt for S {}
}

pub use stream::{Stream, StreamExt};
