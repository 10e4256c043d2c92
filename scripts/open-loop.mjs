// An open-loop load generator for `npm run bench`: requests leave on a fixed schedule (rate a second,
// evenly spaced), whatever the server's answers, and each latency is counted from the time its request
// was due to leave, not from when it left (as wrk2 does). A slow answer therefore costs every request
// queued behind it, and a server that stalls cannot slow the load down to hide it.
//
// autocannon's `overallRate` is not this: each connection runs flat out until it has made its share of
// the second, then waits for the next second, so every second starts with a burst of the whole second's
// requests at saturation, and its p99 is how long that burst takes to drain.
import http from "node:http";

/** The value at quantile q (0..1) of numbers sorted ascending. */
function quantile(sorted, q) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/**
 * `rate` requests a second to `url` for `durationS` seconds over at most `connections` keep-alive connections.
 * Returns requests answered a second, latency quantiles in ms (to 0.1 ms), errors (a non-2xx answer or a failed
 * request) and the scheduler's own lag (how late requests left, p99 in ms), which bounds what the latencies can say.
 */
export async function openLoop({ url, headers = {}, rate, durationS, connections = 50 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const total = Math.round(rate * durationS);
  const latencies = new Float64Array(total);
  const lags = new Float64Array(total);
  let sent = 0;
  let done = 0;
  let errors = 0;
  const started = performance.now();
  const dueAt = (i) => started + (i * 1000) / rate;

  await new Promise((resolve) => {
    const finish = (i, ok) => {
      latencies[i] = performance.now() - dueAt(i);
      if (!ok) errors++;
      if (++done === total) resolve();
    };
    const fire = (i) => {
      lags[i] = performance.now() - dueAt(i);
      const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers }, (res) => {
        res.resume();
        res.once("end", () => finish(i, res.statusCode >= 200 && res.statusCode < 300));
        res.once("error", () => finish(i, false));
      });
      req.once("error", () => finish(i, false));
      req.end();
    };
    // Timers are good to about a millisecond: each tick sends every request now due, then sleeps to the next one.
    const tick = () => {
      const now = performance.now();
      while (sent < total && dueAt(sent) <= now) fire(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, dueAt(sent) - performance.now()));
    };
    tick();
  });
  agent.destroy();
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    rps: Math.round(total / elapsedS),
    total,
    p50: round(quantile(sorted, 0.5)),
    p99: round(quantile(sorted, 0.99)),
    p999: round(quantile(sorted, 0.999)),
    max: round(sorted.at(-1) ?? 0),
    errors,
    sendLagP99: round(
      quantile(
        Array.from(lags).sort((a, b) => a - b),
        0.99,
      ),
    ),
  };
}
