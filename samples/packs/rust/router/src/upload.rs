//! The async code that calls store.rs's plain fns.
use crate::store::{self, Index, Store};
use std::path::Path;

pub struct Field {
    pub name: String,
    pub data: Vec<u8>,
}

pub trait Describe {
    fn describe(&self) -> String;
}

pub async fn upload(store: &Store, fields: Vec<Field>, handle: Box<dyn Describe>) -> std::io::Result<()> {
    let _banner = store::read_banner(Path::new("banner.txt"));
    for field in &fields {
        store.save(&field.name, &field.data)?;
        let _index = Index::open(&store.root);
        let _ = handle.describe();
        let _ = store::load_manifest(&store.root);
        let offloaded = Store { root: store.root.join("copy") };
        let (name, data) = (field.name.to_owned(), field.data.to_owned());
        tokio::task::spawn_blocking(move || offloaded.save_offloaded(&name, &data));
    }
    Ok(())
}

pub async fn reload(store: Store, mut signals: tokio::sync::mpsc::Receiver<()>) {
    while signals.recv().await.is_some() {
        let _ = store.setup_dirs();
    }
}

pub async fn wait_ready(path: &Path) -> String {
    loop {
        if let Some(url) = store::read_ready_file(path) {
            return url;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

pub async fn shutdown_all(stores: Vec<Store>) {
    for store in &stores {
        let _ = store.flush_index();
    }
}

pub async fn run_job(path: &Path, job: &Job) -> std::io::Result<()> {
    loop {
        let _lock = store::hash_lock(path);
        match job.run().await {
            Ok(Retry::No) => return Ok(()),
            Ok(Retry::Yes) => {}
            Err(e) => return Err(e),
        }
    }
}
