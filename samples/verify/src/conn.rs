pub struct Key(pub String);

impl Clone for Key {
    fn clone(&self) -> Self {
        Key(self.0.clone())
    }
}

pub struct Conn {
    pub key: Key,
    pub peer: String,
}

impl Drop for Conn {
    fn drop(&mut self) {}
}

/// `Conn` implements Drop: a field cannot be moved out of it (E0509).
pub fn key_of(c: Conn) -> Key {
    c.key.clone()
}

/// A plain owned String at its last use: the compiler agrees.
pub fn greeting(name: String) -> String {
    let owned = name.clone();
    format!("hello {}", owned)
}
