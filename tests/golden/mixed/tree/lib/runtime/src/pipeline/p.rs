let tx = self.event_tx.clone();
let cfg = config.clone();
let x = y.clone();
