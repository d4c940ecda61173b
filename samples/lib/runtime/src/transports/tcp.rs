// SPDX-License-Identifier: Apache-2.0

//! TCP response-stream transport. This file is stored with CRLF line endings
//! on purpose (see samples/README.md).

use std::net::SocketAddr;
use std::sync::Arc;

use bytes::Bytes;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, Mutex};
use tokio_util::sync::CancellationToken;

pub struct TcpStreamServer {
    addr: SocketAddr,
    streams: Arc<Mutex<Vec<mpsc::Sender<Bytes>>>>,
    shutdown_token: CancellationToken,
}

impl TcpStreamServer {
    pub async fn bind(addr: SocketAddr, shutdown_token: CancellationToken) -> anyhow::Result<Self> {
        let listener = TcpListener::bind(addr).await?;
        let streams = Arc::new(Mutex::new(Vec::new()));
        let accept_streams = streams.clone();
        let accept_token = shutdown_token.clone();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = accept_token.cancelled() => break,
                    Ok((socket, _)) = listener.accept() => {
                        let (frame_tx, frame_rx) = mpsc::channel::<Bytes>(64);
                        accept_streams.lock().await.push(frame_tx.clone());
                        tokio::spawn(write_frames(socket, frame_rx));
                    }
                }
            }
        });
        Ok(Self { addr, streams, shutdown_token })
    }

    pub async fn broadcast(&self, frame: Bytes) {
        let streams = self.streams.lock().await.clone();
        for stream in streams {
            let _ = stream.send(frame.clone()).await;
        }
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

async fn write_frames(mut socket: TcpStream, mut frames: mpsc::Receiver<Bytes>) {
    while let Some(frame) = frames.recv().await {
        let header = (frame.len() as u32).to_be_bytes();
        if socket.write_all(&header).await.is_err() || socket.write_all(&frame).await.is_err() {
            break;
        }
    }
}

pub fn encode_response(payload: &serde_json::Value) -> Bytes {
    let body = payload.clone();
    Bytes::from(serde_json::to_vec(&body).unwrap_or_default())
}
