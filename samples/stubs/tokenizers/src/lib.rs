//! Stand-in for HF tokenizers (see samples/README.md).

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Result<T> = std::result::Result<T, Error>;

pub struct Tokenizer(());
pub struct Encoding(Vec<u32>);

impl Tokenizer {
    pub fn from_file<P: AsRef<std::path::Path>>(_file: P) -> Result<Tokenizer> {
        unimplemented!("stand-in")
    }
    pub fn encode<'s, E: Into<String>>(&self, _input: E, _add_special_tokens: bool) -> Result<Encoding> {
        unimplemented!("stand-in")
    }
    pub fn decode(&self, _ids: &[u32], _skip_special_tokens: bool) -> Result<String> {
        unimplemented!("stand-in")
    }
}

impl Encoding {
    pub fn get_ids(&self) -> &[u32] {
        &self.0
    }
}
