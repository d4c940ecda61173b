//! Stand-in for tokio-util's CancellationToken (see samples/README.md).

pub mod sync {
    #[derive(Clone, Debug, Default)]
    pub struct CancellationToken {
        _shared: std::sync::Arc<()>,
    }

    impl CancellationToken {
        pub fn new() -> Self {
            CancellationToken::default()
        }
        pub fn child_token(&self) -> CancellationToken {
            CancellationToken::default()
        }
        pub fn cancel(&self) {}
        pub fn is_cancelled(&self) -> bool {
            false
        }
        pub async fn cancelled(&self) {}
    }
}
