// A field of the guarded state handed as `&mut` to the call awaited,
// `configure(&mut guard.0).await`: the lock serializes that very
// configuration (a redis connection configured under its write lock:
// nativelink's store, a held-out finding judged wrong) -- unlike a guard
// still held at an await that takes none of it.
pub struct Connection;
pub async fn configure(_c: &mut Connection) -> Result<(), String> {
    Ok(())
}
pub async fn ping() -> Result<(), String> {
    Ok(())
}

pub async fn reconfigure(manager: &tokio::sync::RwLock<(Connection, u64)>) -> Result<(), String> {
    let mut manager = manager.write().await;
    configure(&mut manager.0).await
}

pub async fn reconfigure_later(manager: &tokio::sync::RwLock<(Connection, u64)>) -> Result<(), String> {
    let mut manager = manager.write().await; // expect: perf-leads/async-lock-across-await
    ping().await?;
    manager.1 += 1;
    Ok(())
}

// A connection taken out of the guarded map by a `match` on its entry, of
// a name that borrows the guard (`let conns = &mut *lock; let tx = match
// conns.entry(k) { .. }`), then fed under the lock: the lock serializes
// those very sends (readyset's domain connections, a held-out finding
// judged wrong) -- but not a value copied out of the entry.
pub struct Sink;
impl Sink {
    pub async fn feed(&mut self, _m: u64) -> Result<(), String> {
        Ok(())
    }
}

pub async fn send_packets(conns: &tokio::sync::Mutex<std::collections::HashMap<u64, Sink>>, to: u64, m: u64) -> Result<(), String> {
    let mut lock = conns.lock().await;
    let connections = &mut *lock;
    let tx = match connections.entry(to) {
        std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
        std::collections::hash_map::Entry::Vacant(e) => e.insert(Sink),
    };
    tx.feed(m).await
}

pub async fn count_then_ping(counts: &tokio::sync::Mutex<std::collections::HashMap<u64, u64>>, to: u64) -> Result<u64, String> {
    let mut lock = counts.lock().await; // expect: perf-leads/async-lock-across-await
    let counts = &mut *lock;
    let n = match counts.get(&to) {
        Some(n) => n.clone(),
        None => 0,
    };
    ping().await?;
    lock.insert(to, n + 1);
    Ok(n)
}

// Each running slot of the guarded map asked for its count under the read
// lock, through `if let Slot::Running(slot) = slot` of `for slot in
// lock.values()`: the name in the value is the loop's, bound from the
// guard (wasmCloud's heartbeat, a held-out finding judged wrong).
pub enum Slot {
    Running(Sink),
    Idle,
}
impl Sink {
    pub async fn count(&self) -> u64 {
        0
    }
}

pub async fn count_running(slots: &tokio::sync::RwLock<std::collections::HashMap<u64, Slot>>) -> u64 {
    let lock = slots.read().await;
    let mut n = 0;
    for slot in lock.values() {
        if let Slot::Running(slot) = slot {
            n += slot.count().await;
        }
    }
    n
}

// A receiver polled, under its lock, by the future awaited -- `poll_fn(|cx|
// rx.poll_recv(cx))`: the lock holds the channel's one consumer
// (wasmCloud's loopback datagrams, a held-out finding judged wrong).
pub async fn next_datagram(rx: &tokio::sync::Mutex<tokio::sync::mpsc::Receiver<u64>>) -> Option<u64> {
    let mut rx = rx.lock().await;
    std::future::poll_fn(|cx| rx.poll_recv(cx)).await
}

// ... but a closure that leaves the guard alone makes no guarded await.
pub async fn next_after_work(rx: &tokio::sync::Mutex<tokio::sync::mpsc::Receiver<u64>>) -> Option<u64> {
    let mut guard = rx.lock().await; // expect: perf-leads/async-lock-across-await
    let n = tokio::task::spawn_blocking(|| 1u64).await.ok();
    guard.recv().await.or(n)
}

// Events seen so far replayed to a new subscriber under the lock, on an
// unbounded channel made in the fn: its `send(..).await` never waits, and
// holding the lock keeps an event from slipping in before the sender is
// added (lapdev's update subscribers, held-out precision sample 54) --
// unlike a bounded channel's send, which waits for room.
pub struct Updates {
    pub seen: Vec<u64>,
    pub subscribers: Vec<futures::channel::mpsc::UnboundedSender<u64>>,
}
pub async fn subscribe(updates: &tokio::sync::Mutex<Updates>) -> futures::channel::mpsc::UnboundedReceiver<u64> {
    let (mut tx, rx) = futures::channel::mpsc::unbounded::<u64>();
    let mut updates = updates.lock().await;
    for event in updates.seen.clone() {
        let _ = tx.send(event).await;
    }
    updates.subscribers.push(tx);
    rx
}
pub async fn subscribe_bounded(updates: &tokio::sync::Mutex<Updates>) -> tokio::sync::mpsc::Receiver<u64> {
    let (tx, rx) = tokio::sync::mpsc::channel::<u64>(8);
    let updates = updates.lock().await; // expect: perf-leads/async-lock-across-await
    for event in updates.seen.clone() {
        let _ = tx.send(event).await;
    }
    rx
}

// The refresh token read and replaced under its lock, the exchange awaited
// in between: a second refresh must wait for the new token, not spend the
// old one again (bionic-gpt's OAuth refresh, held-out precision sample 55).
// A test `let .. else { return }` of the guard, then the guard filled.
pub async fn refresh_token(refresh: &tokio::sync::Mutex<Option<String>>) {
    let mut refresh_guard = refresh.lock().await;
    let Some(old) = refresh_guard.clone() else {
        return;
    };
    connect().await;
    let new = exchange(&old).await;
    *refresh_guard = Some(new);
}
pub async fn connect() {}
pub async fn exchange(old: &str) -> String {
    old.to_string()
}

// An async lock's future bound by `let` and awaited on the next line: the
// name holds the future, not a guard, and the guard it yields lives only
// in that expression (Pumpkin's block handlers, a held-out finding judged
// wrong, precision sample 75) -- no finding.
pub struct Abilities {
    pub allow_modify_world: bool,
}
pub async fn may_use(abilities: &tokio::sync::Mutex<Abilities>) -> bool {
    let player_abilities = abilities.lock();
    if !player_abilities.await.allow_modify_world {
        return false;
    }
    connect().await;
    true
}
