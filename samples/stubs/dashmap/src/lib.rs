//! Stand-in for dashmap (see samples/README.md).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::RwLock;

#[derive(Debug, Default)]
pub struct DashMap<K, V>(RwLock<HashMap<K, V>>);

impl<K: Eq + Hash, V> DashMap<K, V> {
    pub fn new() -> Self {
        DashMap(RwLock::new(HashMap::new()))
    }
    pub fn insert(&self, key: K, value: V) -> Option<V> {
        self.0.write().unwrap().insert(key, value)
    }
    pub fn remove(&self, key: &K) -> Option<(K, V)> {
        self.0.write().unwrap().remove_entry(key)
    }
    pub fn len(&self) -> usize {
        self.0.read().unwrap().len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
