//! Stand-in for axum: the extractors, SSE types, `Router` and `serve`
//! the sample service uses (see samples/README.md).

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

pub struct Json<T>(pub T);

pub mod extract {
    pub struct State<S>(pub S);
}

pub mod response {
    pub mod sse {
        #[derive(Debug)]
        pub struct Error(());
        impl std::fmt::Display for Error {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("sse error")
            }
        }
        impl std::error::Error for Error {}

        #[derive(Default, Debug)]
        pub struct Event(());
        impl Event {
            pub fn data<T: AsRef<str>>(self, _data: T) -> Event {
                self
            }
            pub fn json_data<T: serde::Serialize>(self, _data: T) -> Result<Event, Error> {
                Ok(self)
            }
        }

        pub struct Sse<S>(S);
        impl<S> Sse<S> {
            pub fn new(stream: S) -> Sse<S> {
                Sse(stream)
            }
        }
    }
}

pub struct Router<S = ()>(std::marker::PhantomData<S>);

impl<S> Router<S> {
    pub fn new() -> Router<S> {
        Router(std::marker::PhantomData)
    }
    pub fn with_state<S2>(self, _state: S) -> Router<S2> {
        Router(std::marker::PhantomData)
    }
}

pub struct Serve(());
pub struct WithGracefulShutdown(());

pub fn serve(_listener: tokio::net::TcpListener, _app: Router) -> Serve {
    Serve(())
}

impl Serve {
    pub fn with_graceful_shutdown<F: Future<Output = ()> + Send + 'static>(self, _signal: F) -> WithGracefulShutdown {
        WithGracefulShutdown(())
    }
}

impl Future for Serve {
    type Output = std::io::Result<()>;
    fn poll(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Self::Output> {
        unimplemented!("stand-in")
    }
}

impl Future for WithGracefulShutdown {
    type Output = std::io::Result<()>;
    fn poll(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Self::Output> {
        unimplemented!("stand-in")
    }
}
