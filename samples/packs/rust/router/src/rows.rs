//! JSON kept as a database column: the text is the stored form, made once
//! per row or setting written -- not a per-event serialization to save
//! (lapdev's settings and rows, held-out precision sample 54).
use std::collections::HashMap;

pub struct Db;
impl Db {
    pub async fn update_config(&self, _key: &str, _value: &str) -> Result<(), String> {
        Ok(())
    }
}

pub struct Set<T>(pub T);
pub struct WorkspaceRow {
    pub name: Set<String>,
    pub env: Set<Option<String>>,
}
impl WorkspaceRow {
    pub async fn insert(self, _db: &Db) -> Result<(), String> {
        Ok(())
    }
}

// A setting written by a store's write named so (`update_config`,
// `insert_row`, `save_state`, ...), per request of an admin route.
pub async fn update_hostnames(db: &Db, hostnames: HashMap<String, String>) -> Result<(), String> {
    db.update_config("hostnames", &serde_json::to_string(&hostnames).map_err(|e| e.to_string())?)
        .await
}

// A row per service, its env a JSON column, stored by a method on the
// record (`Row { .. }.insert(&db)`).
pub async fn create_services(db: &Db, services: Vec<(String, HashMap<String, String>)>) -> Result<(), String> {
    for (name, env) in services {
        WorkspaceRow {
            name: Set(name),
            env: Set(serde_json::to_string(&env).ok()),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

pub struct Query;
impl Query {
    pub fn bind(&self, _db: &Db, _conversation: &i64, _content: &str) -> &Self {
        self
    }
    pub async fn one(&self) -> Result<(), String> {
        Ok(())
    }
}
pub fn new_chat() -> Query {
    Query
}

// A query's parameter: each tool result stored as a chat row, its JSON
// the column's value (`new_chat().bind(&tx, .., &result_json)`: bionic-gpt's
// tool results and OAuth scopes, held-out precision sample 55).
pub async fn store_results(db: &Db, conversation: i64, results: Vec<Vec<String>>) -> Result<(), String> {
    for images in results {
        let result_json = serde_json::to_string(&images).map_err(|e| e.to_string())?;
        new_chat().bind(db, &conversation, &result_json).one().await?;
    }
    Ok(())
}

pub async fn store_scopes(db: &Db, conversation: i64, scopes: Vec<Vec<String>>) -> Result<(), String> {
    for scope in scopes {
        new_chat()
            .bind(db, &conversation, &serde_json::to_string(&scope).map_err(|e| e.to_string())?)
            .one()
            .await?;
    }
    Ok(())
}
