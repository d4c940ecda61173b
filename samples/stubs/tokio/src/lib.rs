//! A std-only stand-in for tokio: the types and signatures the sample
//! workspace uses, with the bounds that matter to the borrow checker
//! (`spawn` wants `Send + 'static`), so that `cargo check` judges the
//! samples' ownership as it would against tokio.  Nothing here runs:
//! bodies are `unimplemented!()`.  Not a runtime; see samples/README.md.

pub use tokio_macros::{main, test};

#[doc(hidden)]
pub fn __block_on<F: std::future::Future>(_f: F) -> F::Output {
    unimplemented!("stand-in")
}

pub mod task {
    use std::future::Future;
    use std::marker::PhantomData;
    use std::pin::Pin;
    use std::task::{Context, Poll};

    pub struct JoinHandle<T>(PhantomData<T>);
    #[derive(Clone, Debug)]
    pub struct AbortHandle(());
    #[derive(Debug)]
    pub struct JoinError(());

    impl std::fmt::Display for JoinError {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("task failed")
        }
    }
    impl std::error::Error for JoinError {}

    impl<T> JoinHandle<T> {
        pub fn abort(&self) {}
        pub fn abort_handle(&self) -> AbortHandle {
            AbortHandle(())
        }
        pub fn is_finished(&self) -> bool {
            false
        }
    }
    impl<T> Unpin for JoinHandle<T> {}
    impl<T> Future for JoinHandle<T> {
        type Output = Result<T, JoinError>;
        fn poll(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Self::Output> {
            unimplemented!("stand-in")
        }
    }
    impl AbortHandle {
        pub fn abort(&self) {}
    }

    pub fn spawn<F>(_future: F) -> JoinHandle<F::Output>
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        JoinHandle(PhantomData)
    }

    pub fn spawn_blocking<F, R>(_f: F) -> JoinHandle<R>
    where
        F: FnOnce() -> R + Send + 'static,
        R: Send + 'static,
    {
        JoinHandle(PhantomData)
    }
}

pub use task::spawn;

pub mod runtime {
    #[derive(Clone, Debug)]
    pub struct Handle(());
    impl Handle {
        pub fn current() -> Handle {
            Handle(())
        }
        pub fn spawn<F>(&self, future: F) -> crate::task::JoinHandle<F::Output>
        where
            F: std::future::Future + Send + 'static,
            F::Output: Send + 'static,
        {
            crate::task::spawn(future)
        }
    }
}

pub mod time {
    use std::time::Duration;
    pub use std::time::Instant;

    pub async fn sleep(_d: Duration) {}
    pub struct Interval(());
    impl Interval {
        pub async fn tick(&mut self) -> Instant {
            unimplemented!("stand-in")
        }
    }
    pub fn interval(_period: Duration) -> Interval {
        Interval(())
    }
    pub async fn timeout<F: std::future::Future>(_d: Duration, f: F) -> Result<F::Output, Elapsed> {
        Ok(f.await)
    }
    #[derive(Debug)]
    pub struct Elapsed(());
}

pub mod io {
    pub use std::io::{Error, ErrorKind, Result};
    pub trait AsyncWriteExt {
        #[allow(async_fn_in_trait)]
        async fn write_all(&mut self, _buf: &[u8]) -> Result<()> {
            unimplemented!("stand-in")
        }
    }
    impl AsyncWriteExt for crate::net::TcpStream {}
}

pub mod net {
    use std::net::SocketAddr;

    pub trait ToSocketAddrs {}
    impl ToSocketAddrs for SocketAddr {}
    impl ToSocketAddrs for (&str, u16) {}
    impl ToSocketAddrs for &str {}
    impl ToSocketAddrs for String {}

    pub struct TcpListener(());
    pub struct TcpStream(());
    impl TcpListener {
        pub async fn bind<A: ToSocketAddrs>(_addr: A) -> std::io::Result<TcpListener> {
            unimplemented!("stand-in")
        }
        pub async fn accept(&self) -> std::io::Result<(TcpStream, SocketAddr)> {
            unimplemented!("stand-in")
        }
    }
}

pub mod sync {
    use std::marker::PhantomData;
    use std::ops::{Deref, DerefMut};

    pub struct Mutex<T: ?Sized>(std::sync::Mutex<T>);
    pub struct MutexGuard<'a, T: ?Sized>(&'a mut T);
    impl<T> Mutex<T> {
        pub fn new(value: T) -> Self {
            Mutex(std::sync::Mutex::new(value))
        }
    }
    impl<T: ?Sized> Mutex<T> {
        pub async fn lock(&self) -> MutexGuard<'_, T> {
            unimplemented!("stand-in")
        }
    }
    impl<T: Default> Default for Mutex<T> {
        fn default() -> Self {
            Mutex::new(T::default())
        }
    }
    impl<T: ?Sized> Deref for MutexGuard<'_, T> {
        type Target = T;
        fn deref(&self) -> &T {
            self.0
        }
    }
    impl<T: ?Sized> DerefMut for MutexGuard<'_, T> {
        fn deref_mut(&mut self) -> &mut T {
            self.0
        }
    }

    pub struct RwLock<T: ?Sized>(std::sync::RwLock<T>);
    pub struct RwLockReadGuard<'a, T: ?Sized>(&'a T);
    pub struct RwLockWriteGuard<'a, T: ?Sized>(&'a mut T);
    impl<T> RwLock<T> {
        pub fn new(value: T) -> Self {
            RwLock(std::sync::RwLock::new(value))
        }
    }
    impl<T: ?Sized> RwLock<T> {
        pub async fn read(&self) -> RwLockReadGuard<'_, T> {
            unimplemented!("stand-in")
        }
        pub async fn write(&self) -> RwLockWriteGuard<'_, T> {
            unimplemented!("stand-in")
        }
    }
    impl<T: Default> Default for RwLock<T> {
        fn default() -> Self {
            RwLock::new(T::default())
        }
    }
    impl<T: ?Sized> Deref for RwLockReadGuard<'_, T> {
        type Target = T;
        fn deref(&self) -> &T {
            self.0
        }
    }
    impl<T: ?Sized> Deref for RwLockWriteGuard<'_, T> {
        type Target = T;
        fn deref(&self) -> &T {
            self.0
        }
    }
    impl<T: ?Sized> DerefMut for RwLockWriteGuard<'_, T> {
        fn deref_mut(&mut self) -> &mut T {
            self.0
        }
    }

    pub mod mpsc {
        use super::PhantomData;

        pub mod error {
            pub struct SendError<T>(pub T);
            impl<T> std::fmt::Debug for SendError<T> {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("SendError { .. }")
                }
            }
            impl<T> std::fmt::Display for SendError<T> {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("channel closed")
                }
            }
            impl<T> std::error::Error for SendError<T> {}
            #[derive(Debug, PartialEq, Eq)]
            pub enum TryRecvError {
                Empty,
                Disconnected,
            }
            #[derive(Debug)]
            pub enum TrySendError<T> {
                Full(T),
                Closed(T),
            }
        }

        pub struct Sender<T>(PhantomData<fn(T)>);
        pub struct Receiver<T>(PhantomData<T>);
        pub struct UnboundedSender<T>(PhantomData<fn(T)>);
        pub struct UnboundedReceiver<T>(PhantomData<T>);

        impl<T> Clone for Sender<T> {
            fn clone(&self) -> Self {
                Sender(PhantomData)
            }
        }
        impl<T> Clone for UnboundedSender<T> {
            fn clone(&self) -> Self {
                UnboundedSender(PhantomData)
            }
        }

        pub fn channel<T>(_buffer: usize) -> (Sender<T>, Receiver<T>) {
            (Sender(PhantomData), Receiver(PhantomData))
        }
        pub fn unbounded_channel<T>() -> (UnboundedSender<T>, UnboundedReceiver<T>) {
            (UnboundedSender(PhantomData), UnboundedReceiver(PhantomData))
        }

        impl<T> Sender<T> {
            pub async fn send(&self, _value: T) -> Result<(), error::SendError<T>> {
                unimplemented!("stand-in")
            }
            pub fn try_send(&self, _value: T) -> Result<(), error::TrySendError<T>> {
                unimplemented!("stand-in")
            }
            pub fn is_closed(&self) -> bool {
                false
            }
        }
        impl<T> UnboundedSender<T> {
            pub fn send(&self, _value: T) -> Result<(), error::SendError<T>> {
                unimplemented!("stand-in")
            }
        }
        impl<T> Receiver<T> {
            pub async fn recv(&mut self) -> Option<T> {
                unimplemented!("stand-in")
            }
            pub fn try_recv(&mut self) -> Result<T, error::TryRecvError> {
                unimplemented!("stand-in")
            }
        }
        impl<T> UnboundedReceiver<T> {
            pub async fn recv(&mut self) -> Option<T> {
                unimplemented!("stand-in")
            }
            pub fn try_recv(&mut self) -> Result<T, error::TryRecvError> {
                unimplemented!("stand-in")
            }
        }
    }

    pub mod oneshot {
        use super::PhantomData;
        use std::future::Future;
        use std::pin::Pin;
        use std::task::{Context, Poll};

        pub mod error {
            #[derive(Debug)]
            pub struct RecvError(pub(crate) ());
            impl std::fmt::Display for RecvError {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("channel closed")
                }
            }
            impl std::error::Error for RecvError {}
        }

        pub struct Sender<T>(PhantomData<fn(T)>);
        pub struct Receiver<T>(PhantomData<T>);
        pub fn channel<T>() -> (Sender<T>, Receiver<T>) {
            (Sender(PhantomData), Receiver(PhantomData))
        }
        impl<T> Sender<T> {
            pub fn send(self, _value: T) -> Result<(), T> {
                unimplemented!("stand-in")
            }
        }
        impl<T> Unpin for Receiver<T> {}
        impl<T> Future for Receiver<T> {
            type Output = Result<T, error::RecvError>;
            fn poll(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Self::Output> {
                unimplemented!("stand-in")
            }
        }
    }

    pub mod watch {
        use super::PhantomData;
        use std::ops::Deref;

        pub mod error {
            #[derive(Debug)]
            pub struct SendError<T>(pub T);
            #[derive(Debug)]
            pub struct RecvError(pub(crate) ());
        }

        pub struct Sender<T>(PhantomData<T>);
        pub struct Receiver<T>(PhantomData<T>);
        pub struct Ref<'a, T>(&'a T);
        impl<T> Clone for Receiver<T> {
            fn clone(&self) -> Self {
                Receiver(PhantomData)
            }
        }
        impl<T> Deref for Ref<'_, T> {
            type Target = T;
            fn deref(&self) -> &T {
                self.0
            }
        }
        pub fn channel<T>(_init: T) -> (Sender<T>, Receiver<T>) {
            (Sender(PhantomData), Receiver(PhantomData))
        }
        impl<T> Sender<T> {
            pub fn send(&self, _value: T) -> Result<(), error::SendError<T>> {
                unimplemented!("stand-in")
            }
            pub fn subscribe(&self) -> Receiver<T> {
                Receiver(PhantomData)
            }
            pub fn borrow(&self) -> Ref<'_, T> {
                unimplemented!("stand-in")
            }
        }
        impl<T> Receiver<T> {
            pub fn borrow(&self) -> Ref<'_, T> {
                unimplemented!("stand-in")
            }
            pub fn borrow_and_update(&mut self) -> Ref<'_, T> {
                unimplemented!("stand-in")
            }
            pub async fn changed(&mut self) -> Result<(), error::RecvError> {
                unimplemented!("stand-in")
            }
        }
    }
}

/// `tokio::select!`, checked as the real one is: each branch's future
/// is made, its output matched against the branch's pattern, and the
/// handler's value is the macro's (handlers may `break`/`continue` the
/// caller's loop).  Which branch "runs" is left to a function the
/// checker cannot see through.
#[macro_export]
macro_rules! select {
    (@munch [$($done:tt)*] biased; $($rest:tt)*) => {
        $crate::select!(@munch [$($done)*] $($rest)*)
    };
    (@munch [$($done:tt)*] else => $handler:expr $(,)?) => {
        $crate::select!(@emit [$($done)*] $handler)
    };
    (@munch [$($done:tt)*] $p:pat = $fut:expr, if $cond:expr => $handler:block $(,)? $($rest:tt)*) => {
        $crate::select!(@munch [$($done)* ($p, $fut, $cond, $handler)] $($rest)*)
    };
    (@munch [$($done:tt)*] $p:pat = $fut:expr => $handler:block $(,)? $($rest:tt)*) => {
        $crate::select!(@munch [$($done)* ($p, $fut, true, $handler)] $($rest)*)
    };
    (@munch [$($done:tt)*] $p:pat = $fut:expr, if $cond:expr => $handler:expr, $($rest:tt)*) => {
        $crate::select!(@munch [$($done)* ($p, $fut, $cond, $handler)] $($rest)*)
    };
    (@munch [$($done:tt)*] $p:pat = $fut:expr => $handler:expr, $($rest:tt)*) => {
        $crate::select!(@munch [$($done)* ($p, $fut, true, $handler)] $($rest)*)
    };
    (@munch [$($done:tt)*] $p:pat = $fut:expr, if $cond:expr => $handler:expr) => {
        $crate::select!(@munch [$($done)* ($p, $fut, $cond, $handler)])
    };
    (@munch [$($done:tt)*] $p:pat = $fut:expr => $handler:expr) => {
        $crate::select!(@munch [$($done)* ($p, $fut, true, $handler)])
    };
    (@munch [$($done:tt)*]) => {
        $crate::select!(@emit [$($done)*] ::core::panic!("all branches are disabled"))
    };
    (@emit [$(($p:pat, $fut:expr, $cond:expr, $handler:expr))*] $otherwise:expr) => {{
        let __branch: usize = $crate::__select_branch();
        $crate::select!(@chain __branch, 0usize, [$(($p, $fut, $cond, $handler))*] $otherwise)
    }};
    (@chain $b:ident, $i:expr, [($p:pat, $fut:expr, $cond:expr, $handler:expr) $($rest:tt)*] $otherwise:expr) => {
        if $b == $i && $cond {
            match $crate::__output($fut).await {
                $p => $handler,
                #[allow(unreachable_patterns)]
                _ => $otherwise,
            }
        } else {
            $crate::select!(@chain $b, $i + 1usize, [$($rest)*] $otherwise)
        }
    };
    (@chain $b:ident, $i:expr, [] $otherwise:expr) => {
        $otherwise
    };
    ($($tokens:tt)*) => {
        $crate::select!(@munch [] $($tokens)*)
    };
}

#[doc(hidden)]
pub fn __select_branch() -> usize {
    unimplemented!("stand-in")
}

#[doc(hidden)]
pub fn __output<F: std::future::IntoFuture>(f: F) -> F::IntoFuture {
    f.into_future()
}
