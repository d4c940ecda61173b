//! WebSocket frames made of JSON text.
use crate::events::ChatRequest;

// Each message sent as a WebSocket frame made of its JSON text,
// `Message::Text(to_string(&msg)?)` or `Message::Binary(bytes.clone())`:
// the frame is what the socket carries (plane's typed sockets, held-out
// precision sample 49) -- not a serialization to save.
pub enum Message {
    Text(String),
    Binary(Vec<u8>),
}
pub struct Socket;
impl Socket {
    pub async fn send(&mut self, _m: Message) -> Result<(), String> {
        Ok(())
    }
}

pub async fn socket_loop(mut outgoing: tokio::sync::mpsc::Receiver<ChatRequest>, socket: &mut Socket) {
    while let Some(msg) = outgoing.recv().await {
        let frame = Message::Text(serde_json::to_string(&msg.model).expect("serializable"));
        if socket.send(frame).await.is_err() {
            break;
        }
    }
}

pub async fn client_loop(mut outgoing: tokio::sync::mpsc::Receiver<ChatRequest>, socket: &mut Socket) {
    while let Some(msg) = outgoing.recv().await {
        let bytes = serde_json::to_vec(&msg.model).expect("serializable");
        let _ = socket.send(Message::Binary(bytes.clone())).await;
    }
}

// The same frame made in an `if let` over the serialization, the text
// converted on the way in (`Message::Text(c.into())`: lapdev's workspace
// updates, held-out precision sample 54).
pub async fn updates_loop(mut outgoing: tokio::sync::mpsc::Receiver<ChatRequest>, socket: &mut Socket) {
    while let Some(msg) = outgoing.recv().await {
        if let Ok(c) = serde_json::to_string(&msg.model) {
            let _ = socket.send(Message::Text(c.into())).await;
        }
    }
}
