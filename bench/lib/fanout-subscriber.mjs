// One process of /ws subscribers for the fan-out benchmark (forked by bench/suites/fanout.mjs, driven over IPC).
// 'start' {urls, sockets: [urlIndex, trackingNumber, localAddress][], concurrency}: opens one socket per entry (to urls[urlIndex],
// from the loopback source address localAddress, so that 50,000 sockets do not run out of one address's ephemeral
// ports) and subscribes it; answers 'ready' once every subscription is confirmed. From then on each location_update's
// delay is measured: its arrival here minus its fix's device time, which the sender set to the moment it sent the
// POST. 'finish' {expected: {trackingNumber: fixes accepted}}: waits until every socket has what it should have (or
// drainMs passes) and answers 'done' with the counts.
import WebSocket from 'ws';

/** @type {{ socket: WebSocket, trackingNumber: string, got: number, confirmedAt: number }[]} */
const subs = [];
/** Delays in ms, one per location_update received. */
const delays = [];
/** When each of them arrived (ms since the epoch), to see when the slow ones came, and which fix it was ('trackingNumber deviceTimeMs'). */
const arrivals = [];
const fixes = [];
let received = 0;
let otherMessages = 0;
/**
 * Updates of fixes from before the subscription (the server replays a package's last position to a new subscriber,
 * decision 065): not deliveries of this run's fixes, which are all sent after every subscription is confirmed.
 */
let replayed = 0;
let errors = 0;

const send = (/** @type {any} */ m) => process.send?.(m);

/**
 * @param {string[]} urls
 * @param {[number, string, string | null][]} sockets
 */
async function start(urls, sockets, concurrency = 200) {
  const wsUrls = urls.map((url) => `${url.replace(/^http/, 'ws')}/ws`);
  let next = 0;
  // 200 handshakes at a time (by default): fast, without a connection storm.
  await Promise.all(
    Array.from({ length: Math.min(concurrency, sockets.length) }, async () => {
      while (next < sockets.length) {
        const [urlIndex, trackingNumber, localAddress] = sockets[next++];
        // No compression offered: the server has it off, and the subscribers are to be cheap.
        const options = { perMessageDeflate: false, ...(localAddress ? { localAddress } : {}) };
        const sub = { socket: new WebSocket(wsUrls[urlIndex], options), trackingNumber, got: 0, confirmedAt: Infinity };
        subs.push(sub);
        await new Promise((ok, fail) => {
          sub.socket.once('error', fail);
          sub.socket.once('open', () => sub.socket.send(JSON.stringify({ type: 'subscribe', trackingId: trackingNumber })));
          sub.socket.on('message', (raw) => {
            const m = JSON.parse(raw.toString());
            if (m.type === 'subscription_confirmed') {
              sub.confirmedAt = performance.timeOrigin + performance.now();
              return ok(undefined);
            }
            if (m.type === 'location_update' && m.trackingId === trackingNumber) {
              const now = performance.timeOrigin + performance.now();
              const recordedMs = Date.parse(m.data.recordedAt);
              if (!(recordedMs >= sub.confirmedAt)) {
                replayed += 1;
                return;
              }
              delays.push(now - recordedMs);
              arrivals.push(Math.round(now));
              fixes.push(`${trackingNumber} ${recordedMs}`);
              sub.got += 1;
              received += 1;
            } else {
              otherMessages += 1;
              if (m.type === 'error') fail(new Error(`subscribe ${trackingNumber}: ${m.message}`));
            }
          });
        }).catch((err) => {
          errors += 1;
          throw err;
        });
        sub.socket.on('error', () => (errors += 1));
        sub.socket.on('close', () => (errors += 1));
      }
    }),
  );
}

/** @param {Record<string, number>} expected */
async function finish(expected, drainMs) {
  const deadline = Date.now() + drainMs;
  const short = () => subs.reduce((n, s) => n + Math.max(0, (expected[s.trackingNumber] ?? 0) - s.got), 0);
  while (short() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const lost = short();
  const extra = subs.reduce((n, s) => n + Math.max(0, s.got - (expected[s.trackingNumber] ?? 0)), 0);
  const expectedTotal = subs.reduce((n, s) => n + (expected[s.trackingNumber] ?? 0), 0);
  for (const s of subs) s.socket.terminate();
  send({ type: 'done', sockets: subs.length, expected: expectedTotal, received, lost, extra, otherMessages, replayed, errors, delays, arrivals, fixes });
}

process.on('message', (/** @type {any} */ m) => {
  if (m.type === 'start') {
    start(m.urls, m.sockets, m.concurrency).then(
      () => send({ type: 'ready', sockets: subs.length }),
      (err) => send({ type: 'failed', message: String(err?.message ?? err) }),
    );
  } else if (m.type === 'finish') {
    void finish(m.expected, m.drainMs);
  } else if (m.type === 'exit') {
    process.exit(0);
  }
});
