import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { createPrivatePostgres, PG_BIN, pgCtl, postmasterPid, removePrivatePostgres, start, type PrivatePostgres } from "./private-postgres";
import { clientToken, startServer, stopGracefully, waitHealthy, type ServerProcess } from "./server-process";
import { ownPort } from "../fixtures/servers";

/**
 * Issue 15: the database restarts under a running server (pg_ctl restart, and
 * a kill -9 of the postmaster); issue 19: it freezes (every process stopped by
 * SIGSTOP, then resumed). During the outage every request answers 503 with
 * Retry-After and the error body within seconds, /healthz and /readyz say so
 * within their bounds; afterwards the pool and the worker reconnect by
 * themselves and nothing acknowledged is lost.
 */
const PG_PORT = ownPort("E2E_PG_RESTART_PG_PORT", 68);
const APP_PORT = ownPort("E2E_PG_RESTART_PORT", 69);

test.describe.configure({ timeout: 180_000 });
test.skip(!existsSync(path.join(PG_BIN, "initdb")), `needs PostgreSQL's server binaries in ${PG_BIN} (Debian: postgresql-15)`);

type Answer = { status: number; retryAfter: string | null; code: string | null; ms: number };

async function timed(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => null)) as { code?: string } | null;
    return { status: res.status, retryAfter: res.headers.get("retry-after"), code: body?.code ?? null, ms: Date.now() - started };
  } catch {
    return { status: 0, retryAfter: null, code: null, ms: Date.now() - started };
  }
}

/** The postmaster and every process it started (backends, checkpointer, WAL writer...). */
function databaseProcesses(db: PrivatePostgres): number[] {
  const postmaster = postmasterPid(db);
  const children = execFileSync("pgrep", ["-P", String(postmaster)])
    .toString()
    .trim()
    .split("\n")
    .map(Number);
  return [postmaster, ...children.filter((pid) => pid > 0)];
}

test("the database restarts and is killed under a running server: 503 with Retry-After meanwhile, then everything resumes", async () => {
  let db: PrivatePostgres | null = null;
  let server: ServerProcess | null = null;
  let paused: number[] = [];
  try {
    db = createPrivatePostgres(PG_PORT);
    const admin = new pg.Client(db.url);
    await admin.connect();
    await admin.query("CREATE DATABASE harbour");
    await admin.end();
    const appUrl = db.url.replace(/\/postgres$/, "/harbour");
    server = startServer(APP_PORT, ".data/e2e-pg-restart-unused", { DATABASE_URL: appUrl, RATE_LIMIT_MAX: "100000" });
    await waitHealthy(server.baseUrl, 90_000);
    const base = server.baseUrl;
    const auth = `Bearer ${await clientToken(base)}`;
    const headers = { authorization: auth, "content-type": "application/json" };
    const acknowledged: string[] = [];
    const pay = async (key: string) => {
      const body = {
        debtorAccount: { identification: "1000123460" },
        debitCurrency: "USD",
        instructedAmount: { amount: "1.00", currency: "USD" },
        creditorAccount: { identification: "20004455667", name: "Harbour Supplies" },
        creditorBank: { bankCode: "BANK_A", currency: "USD" },
        remittanceInformation: ["Database restart"],
      };
      const res = await fetch(`${base}/v1/payments/ach-local`, { method: "POST", headers: { ...headers, "idempotency-key": key }, body: JSON.stringify(body) });
      const answer = await res.text();
      if (res.status === 201) acknowledged.push((JSON.parse(answer) as { id: string }).id);
      else console.log(`payment ${key}: ${res.status} ${answer.slice(0, 300)}`);
      return res.status;
    };
    expect(await pay(randomUUID())).toBe(201);

    for (const outage of ["pg_ctl stop", "kill -9 of the postmaster", "every process paused (SIGSTOP)"] as const) {
      if (outage === "pg_ctl stop") pgCtl(db, "-m", "fast", "-w", "stop");
      else if (outage === "kill -9 of the postmaster") process.kill(postmasterPid(db), "SIGKILL");
      else {
        // A frozen server: it neither answers nor closes, and the kernel still acknowledges what the app sends.
        paused = databaseProcesses(db);
        for (const pid of paused) process.kill(pid, "SIGSTOP");
      }
      const outageStarted = Date.now();
      await new Promise((r) => setTimeout(r, 300));

      // Every kind of request answers, quickly, with a retryable 503 and the error body. A frozen server is found
      // by the pools' watch within its stall bound (PG_STALL_MS, 2.5 s) and a probe's second.
      const bound = paused.length > 0 ? 6000 : 2000;
      const answers = await Promise.all([
        timed(`${base}/v1/accounts/1000123460`, { headers }),
        timed(`${base}/v1/accounts`, { headers }),
        timed(`${base}/v1/payments/ach-local`, { method: "POST", headers: { ...headers, "idempotency-key": randomUUID() }, body: "{}" }),
      ]);
      for (const answer of answers) {
        expect(answer.status, outage).toBe(503);
        expect(answer.retryAfter, outage).not.toBeNull();
        expect(answer.code, outage).toBe("SERVICE_UNAVAILABLE");
        expect(answer.ms, outage).toBeLessThan(bound);
      }
      const [ready, health, live] = await Promise.all([timed(`${base}/readyz`), timed(`${base}/healthz`), timed(`${base}/livez`)]);
      expect([ready.status, ready.ms < 5000], outage).toEqual([503, true]);
      // /healthz tells the truth within its own bound (3 s); the process itself is alive.
      expect([health.status, health.ms < 4000], outage).toEqual([503, true]);
      expect(live.status, outage).toBe(200);

      if (paused.length > 0) {
        for (const pid of paused) process.kill(pid, "SIGCONT");
        paused = [];
      } else {
        // After a kill -9 its orphaned backends may hold shared memory for a moment: retry the start.
        for (let attempt = 0; ; attempt++) {
          try {
            start(db);
            break;
          } catch (error) {
            if (attempt > 20) throw error;
            await new Promise((r) => setTimeout(r, 500));
          }
        }
      }
      // The pool reconnects by itself: no restart of the app.
      const deadline = Date.now() + 30_000;
      while ((await timed(`${base}/readyz`)).status !== 200) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await pay(randomUUID())).toBe(201);

      // The worker reconnects too: its heartbeat moves past the outage.
      const check = new pg.Client(appUrl);
      await check.connect();
      try {
        const beatDeadline = Date.now() + 15_000;
        for (;;) {
          const { rows } = await check.query<{ after: boolean }>("SELECT max(seen_at) > to_timestamp($1 / 1000.0) AS after FROM worker_heartbeats", [
            outageStarted,
          ]);
          if (rows[0]?.after) break;
          expect(Date.now()).toBeLessThan(beatDeadline);
          await new Promise((r) => setTimeout(r, 250));
        }
      } finally {
        await check.end();
      }
    }

    // Nothing acknowledged was lost.
    for (const id of acknowledged) {
      const res = await fetch(`${base}/v1/payments/${id}/status`, { headers: { authorization: auth } });
      expect(res.status, id).toBe(200);
    }
    expect(acknowledged).toHaveLength(4);
  } finally {
    // A failed expectation mid-freeze must not leave the server stopped (pg_ctl would wait on it).
    for (const pid of paused) process.kill(pid, "SIGCONT");
    if (server) await stopGracefully(server).catch(() => {});
    if (db) removePrivatePostgres(db);
  }
});
