//! Rule-pack samples: a crate with a wide re-export surface and a large file.

pub mod big;
pub mod items;

pub use items::{ // expect: crate-hygiene/reexports
    item01, item02, item03, item04, item05, item06,
    item07, item08, item09, item10, item11, item12,
    item13, item14, item15, item16, item17, item18,
    item19, item20, item21, item22, item23, item24,
    item25, item26, item27, item28, item29, item30,
    item31, item32, item33, item34, item35, item36,
    item37, item38, item39, item40, item41, item42,
    item43, item44, item45, item46, item47, item48,
    item49, item50, item51, item52,
};
pub(crate) use items::item01 as first; // not public: not counted
