// SPDX-License-Identifier: Apache-2.0

//! Components and endpoints: the unit of discovery. A component lives in a
//! namespace, exposes endpoints and watches the instances of its peers.

use std::sync::Arc;

use tokio::sync::watch;

use crate::DistributedRuntime;

#[derive(Clone)]
pub struct Component {
    drt: DistributedRuntime,
    namespace: String,
    name: String,
    labels: Arc<Vec<(String, String)>>,
}

#[derive(Debug, Clone)]
pub struct EndpointConfig {
    pub name: String,
    pub metadata: serde_json::Value,
}

impl Component {
    pub fn new(drt: &DistributedRuntime, namespace: &str, name: &str) -> Self {
        Self {
            drt: drt.clone(),
            namespace: namespace.to_string(),
            name: name.to_string(),
            labels: Arc::new(Vec::new()),
        }
    }

    pub fn drt(&self) -> &DistributedRuntime {
        &self.drt
    }

    pub fn runtime_handle(&self) -> tokio::runtime::Handle {
        let rt: tokio::runtime::Handle = self.drt.handle().clone();
        rt
    }

    pub fn subject(&self) -> String {
        format!("{}.{}", self.namespace, self.name)
    }

    pub fn endpoint(&self, config: &EndpointConfig) -> Endpoint {
        Endpoint {
            component: self.clone(),
            name: config.name.clone(),
            metadata: config.metadata.clone(),
        }
    }

    pub async fn watch_instances(&self) -> anyhow::Result<watch::Receiver<Vec<i64>>> {
        let (instances_tx, instances_rx) = watch::channel(Vec::new());
        let storage = self.drt.storage();
        let prefix = self.subject();
        tokio::spawn(async move {
            let mut updates = storage.watch_prefix(&prefix).await;
            while let Some(ids) = updates.recv().await {
                let _ = instances_tx.send(ids.clone());
            }
        });
        Ok(instances_rx)
    }

    pub async fn publish<T: serde::Serialize>(&self, subject: &str, payload: &T) -> anyhow::Result<()> {
        let bytes = serde_json::to_vec(payload)?;
        self.drt.storage().put(subject, bytes).await
    }

    pub fn with_labels(&self, extra: &[(String, String)]) -> Component {
        let mut labels = (*self.labels).clone();
        labels.extend_from_slice(extra);
        Component { labels: Arc::new(labels), ..self.clone() }
    }
}

pub struct Endpoint {
    component: Component,
    name: String,
    metadata: serde_json::Value,
}

impl Endpoint {
    pub fn path(&self) -> String {
        format!("{}.{}", self.component.subject(), self.name)
    }

    pub fn describe(&self) -> serde_json::Value {
        let mut metadata = self.metadata.clone();
        metadata["path"] = serde_json::Value::String(self.path());
        metadata
    }
}
