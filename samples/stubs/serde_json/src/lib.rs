//! Stand-in for serde_json: `Value` with its indexing and accessors,
//! `json!`, `to_vec`/`to_string`/`from_slice` (see samples/README.md).

use std::collections::BTreeMap;

pub type Map<K, V> = BTreeMap<K, V>;

#[derive(Clone, Debug, Default, PartialEq)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Value>),
    Object(Map<String, Value>),
}

#[derive(Debug)]
pub struct Error(());
impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("json error")
    }
}
impl std::error::Error for Error {}
pub type Result<T> = std::result::Result<T, Error>;

static NULL: Value = Value::Null;

impl Value {
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(v) => Some(v),
            _ => None,
        }
    }
    pub fn as_u64(&self) -> Option<u64> {
        None
    }
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(m) => m.get(key),
            _ => None,
        }
    }
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }
}

impl std::ops::Index<&str> for Value {
    type Output = Value;
    fn index(&self, key: &str) -> &Value {
        self.get(key).unwrap_or(&NULL)
    }
}
impl std::ops::IndexMut<&str> for Value {
    fn index_mut(&mut self, _key: &str) -> &mut Value {
        unimplemented!("stand-in")
    }
}
impl std::ops::Index<usize> for Value {
    type Output = Value;
    fn index(&self, i: usize) -> &Value {
        self.as_array().and_then(|v| v.get(i)).unwrap_or(&NULL)
    }
}

pub fn to_vec<T: ?Sized + serde::Serialize>(_value: &T) -> Result<Vec<u8>> {
    unimplemented!("stand-in")
}
pub fn to_string<T: ?Sized + serde::Serialize>(_value: &T) -> Result<String> {
    unimplemented!("stand-in")
}
pub fn to_value<T: serde::Serialize>(_value: T) -> Result<Value> {
    unimplemented!("stand-in")
}
pub fn from_slice<T: serde::de::DeserializeOwned>(_v: &[u8]) -> Result<T> {
    unimplemented!("stand-in")
}
pub fn from_str<T: serde::de::DeserializeOwned>(_s: &str) -> Result<T> {
    unimplemented!("stand-in")
}

#[doc(hidden)]
pub fn __to_value<T: ?Sized + serde::Serialize>(_value: &T) -> Value {
    Value::Null
}

/// `json!`: every value inside is serialized by reference, as serde_json's
/// macro does (`json!({"k": x})` borrows x and moves nothing).
#[macro_export]
macro_rules! json {
    (@object $m:ident) => {};
    (@object $m:ident $key:literal : { $($v:tt)* } $(, $($rest:tt)*)?) => {
        $m.insert(::std::string::String::from($key), $crate::json!({ $($v)* }));
        $($crate::json!(@object $m $($rest)*);)?
    };
    (@object $m:ident $key:literal : [ $($v:tt)* ] $(, $($rest:tt)*)?) => {
        $m.insert(::std::string::String::from($key), $crate::json!([ $($v)* ]));
        $($crate::json!(@object $m $($rest)*);)?
    };
    (@object $m:ident $key:literal : $v:expr $(, $($rest:tt)*)?) => {
        $m.insert(::std::string::String::from($key), $crate::__to_value(&$v));
        $($crate::json!(@object $m $($rest)*);)?
    };
    ({ $($t:tt)* }) => {{
        let mut __map = $crate::Map::new();
        $crate::json!(@object __map $($t)*);
        $crate::Value::Object(__map)
    }};
    ([ $($v:expr),* $(,)? ]) => { $crate::Value::Array(::std::vec![$($crate::__to_value(&$v)),*]) };
    (null) => { $crate::Value::Null };
    ($v:expr) => { $crate::__to_value(&$v) };
}
