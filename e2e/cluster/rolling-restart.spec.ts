import { expect, test } from "@playwright/test";
import { writeFileSync } from "node:fs";
import pg from "pg";
import { clientToken, embeddedUrl } from "../api/server-process";
import { achBody, newKey, onlyInClusterRun, restartServer, serverUrls, waitReady } from "./cluster";

onlyInClusterRun();

/**
 * Issue 15, zero-loss restarts: steady load through the balancer (keyed
 * payments, reads, keyed deposits) while the two servers are restarted in
 * turn 10 times, the 5th and 10th by kill -9. Every request succeeds, or
 * fails retryably and then succeeds when retried with the same key; money
 * moves exactly once per acknowledged request.
 */
const RESTARTS = 10;
const KILL_ROUNDS = new Set([4, 9]);
const LOOPS = 4;
const PAYER = "1000123460";
const PAYEE = "1000123456";
/**
 * A crashed process's Idempotency-Key claim is released after 60 s (decisions §5), and each kill can orphan a claim
 * anew: a key retried through the first kill may be taken over by a request on the other server just before that one
 * is killed in turn (seen in CI: 409 from 15:05:14 to 15:06:45, the takeover at 15:06:16 cut by the second kill).
 */
const RETRY_BUDGET_MS = KILL_ROUNDS.size * 60_000 + 30_000;

type Outcome = { status: number; body: string; ms: number; at: number };
type Tally = { ok: number; retried: number; statuses: Record<string, number>; unexpected: string[]; latencies: Outcome[] };

async function send(url: string, init: RequestInit): Promise<Outcome> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    return { status: res.status, body: await res.text(), ms: Date.now() - started, at: started };
  } catch (error) {
    return { status: 0, body: String(error), ms: Date.now() - started, at: started };
  }
}

/** Retryable: no answer, the balancer's 502/503, the app's 503, or the key still in flight on a dead server. */
function retryable(o: Outcome): boolean {
  return o.status === 0 || o.status === 502 || o.status === 503 || (o.status === 409 && o.body.includes("REQUEST_IN_PROGRESS"));
}

async function untilDone(tally: Tally, label: string, request: () => Promise<Outcome>, ok: number[]): Promise<Outcome | null> {
  const deadline = Date.now() + RETRY_BUDGET_MS;
  for (let attempt = 0; ; attempt++) {
    const outcome = await request();
    tally.latencies.push(outcome);
    tally.statuses[outcome.status] = (tally.statuses[outcome.status] ?? 0) + 1;
    if (ok.includes(outcome.status)) {
      tally.ok++;
      return outcome;
    }
    if (!retryable(outcome) || Date.now() > deadline) {
      tally.unexpected.push(`${label}: ${outcome.status} ${outcome.body.slice(0, 200)}`);
      return null;
    }
    tally.retried++;
    await new Promise((r) => setTimeout(r, Math.min(2000, 50 * 2 ** attempt)));
  }
}

async function balance(base: string, auth: string, account: string): Promise<number> {
  const res = await fetch(`${base}/v1/accounts/${account}`, { headers: { authorization: auth } });
  const body = (await res.json()) as { availableBalance: { amount: string } };
  return Math.round(Number(body.availableBalance.amount) * 100);
}

test("10 rolling restarts under steady load lose and double nothing", async ({ baseURL }) => {
  test.setTimeout(600_000);
  const base = baseURL!;
  const auth = `Bearer ${await clientToken(base)}`;
  const headers = { authorization: auth, "content-type": "application/json" };
  const payerBefore = await balance(base, auth, PAYER);
  const payeeBefore = await balance(base, auth, PAYEE);
  const tally: Tally = { ok: 0, retried: 0, statuses: {}, unexpected: [], latencies: [] };
  const paid: string[] = [];
  let paidMinor = 0;
  let depositedMinor = 0;
  const restartWindows: Array<[number, number]> = [];
  let running = true;

  const loop = async (n: number) => {
    for (let i = 0; running; i++) {
      const cents = 1 + ((n * 7 + i) % 50);
      const amount = `0.${String(cents).padStart(2, "0")}`;
      if (i % 3 === 0) {
        const key = newKey();
        const body = JSON.stringify(achBody(amount));
        const done = await untilDone(
          tally,
          `payment ${key}`,
          () => send(`${base}/v1/payments/ach-local`, { method: "POST", headers: { ...headers, "idempotency-key": key }, body }),
          [201],
        );
        if (done) {
          const payment = JSON.parse(done.body) as { id: string; status: string };
          expect(payment.status).toBe("success");
          paid.push(payment.id);
          paidMinor += cents;
        }
      } else if (i % 3 === 1) {
        await untilDone(tally, "read", () => send(`${base}/v1/accounts/${PAYER}`, { headers }), [200]);
      } else {
        const key = newKey();
        const body = JSON.stringify({ accountNumber: PAYEE, amount, currency: "USD" });
        const done = await untilDone(
          tally,
          `deposit ${key}`,
          () => send(`${base}/v1/sandbox/deposits`, { method: "POST", headers: { ...headers, "idempotency-key": key }, body }),
          [201],
        );
        if (done) depositedMinor += cents;
      }
    }
  };
  const loops = Array.from({ length: LOOPS }, (_, n) => loop(n));

  await new Promise((r) => setTimeout(r, 2000));
  for (let round = 0; round < RESTARTS; round++) {
    const started = Date.now();
    await restartServer(round % 2, KILL_ROUNDS.has(round) ? "SIGKILL" : "SIGTERM");
    // The balancer brings it back after two passing checks (rise 2, 1 s apart); then the other may go.
    await new Promise((r) => setTimeout(r, 2500));
    restartWindows.push([started, Date.now()]);
  }
  await new Promise((r) => setTimeout(r, 2000));
  running = false;
  await Promise.all(loops);
  await Promise.all(serverUrls().map((u) => waitReady(u)));

  const during = tally.latencies.filter((o) => restartWindows.some(([a, b]) => o.at >= a && o.at <= b)).map((o) => o.ms);
  const outside = tally.latencies.filter((o) => !restartWindows.some(([a, b]) => o.at >= a && o.at <= b)).map((o) => o.ms);
  const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.99) - 1)] ?? 0;
  const summary = {
    restarts: RESTARTS,
    killRounds: KILL_ROUNDS.size,
    requests: tally.latencies.length,
    ok: tally.ok,
    retried: tally.retried,
    failedAfterRetry: tally.unexpected.length,
    statuses: tally.statuses,
    requestsDuring: during.length,
    requestsOutside: outside.length,
    p99DuringMs: p99(during),
    p99OutsideMs: p99(outside),
  };
  console.log(`rolling restart: ${JSON.stringify(summary)}`);
  test.info().annotations.push({ type: "rolling-restart", description: JSON.stringify(summary) });
  // scripts/bench-cluster.mjs runs this test and reports these figures (docs/benchmarks-cluster.md).
  if (process.env.ROLLING_RESTART_REPORT) writeFileSync(process.env.ROLLING_RESTART_REPORT, JSON.stringify(summary));

  expect(tally.unexpected).toEqual([]);
  // Only retryable statuses besides the successes: no 500, no 504.
  expect(Object.keys(tally.statuses).filter((s) => !["0", "200", "201", "409", "502", "503"].includes(s))).toEqual([]);
  expect(paid.length).toBeGreaterThan(10);
  expect(new Set(paid).size).toBe(paid.length);
  // Each acknowledged payment and deposit moved its money exactly once.
  expect(await balance(base, auth, PAYER)).toBe(payerBefore - paidMinor);
  expect(await balance(base, auth, PAYEE)).toBe(payeeBefore + depositedMinor);

  // Job invariants: nothing failed for good, nothing left leased by a dead process once leases lapse.
  const db = new pg.Client(embeddedUrl(process.env.CLUSTER_DATA_DIR!));
  await db.connect();
  try {
    const { rows } = await db.query<{ failed: number; stuck: number }>(
      `SELECT count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed,
              count(*) FILTER (WHERE done_at IS NULL AND failed_at IS NULL AND run_at < now() - interval '2 minutes')::int AS stuck
         FROM queue_tasks`,
    );
    expect(rows[0]).toEqual({ failed: 0, stuck: 0 });
  } finally {
    await db.end();
  }
});
