import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PoolClient } from "pg";
import { POST as createDeposit } from "@/app/v1/sandbox/deposits/route";
import { claimKey, completeKey, IN_FLIGHT_STALE_S, type ResponseSlot } from "@/lib/server/core/idempotency/repo";
import { createSandboxDeposit } from "@/lib/server/domain/deposits/service";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, tokenFor } from "@/tests/api";
import { balanceMinor, newKey } from "@/tests/payments";

const ACCOUNT = "3000456001";
const PATH = "/v1/sandbox/deposits";

async function postDeposit(key: string, amount: string) {
  return call<{ transactionId: string }>(createDeposit, PATH, {
    token: await tokenFor("globex"),
    body: { accountNumber: ACCOUNT, amount, currency: "USD" },
    headers: { "idempotency-key": key },
  });
}

async function postingsOf(transactionId: string): Promise<number> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM ledger_postings WHERE client_id = 'globex' AND account_id IS NOT NULL AND reference = $1",
    [transactionId],
  );
  return rows[0]!.n;
}

/** The claimant's session ends as the database sees a killed process's: its open transaction rolls back. */
async function kill(victim: PoolClient): Promise<void> {
  const runtime = await getRuntime();
  const { rows } = await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  await runtime.db.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
  await victim.query("SELECT 1").catch(() => {});
  victim.release(true);
}

/** What the killed server had done on its business connection, beyond its committed claim. */
type CrashPoint = (victim: PoolClient, slot: ResponseSlot, amount: string) => Promise<void>;

const CRASH_POINTS: Array<[string, CrashPoint]> = [
  ["before its transaction began", async () => {}],
  [
    "inside its transaction, the deposit written",
    async (victim, _slot, amount) => {
      await victim.query("BEGIN");
      await createSandboxDeposit(victim, "globex", { accountNumber: ACCOUNT, amount, currency: "USD" });
    },
  ],
  [
    "inside its transaction, after the response was stored",
    async (victim, slot, amount) => {
      await victim.query("BEGIN");
      const body = await createSandboxDeposit(victim, "globex", { accountNumber: ACCOUNT, amount, currency: "USD" });
      expect(await completeKey(victim, slot, JSON.stringify(body))).toBe(true);
    },
  ],
];

/**
 * A server killed (SIGKILL) while a keyed deposit was in flight on it: its
 * claim is committed, its transaction (if any) cut off by the database. The
 * balancer's retry and the client's retries get 409 until the claim is
 * IN_FLIGHT_STALE_S old; then the key executes once and replays after.
 */
describe("a keyed deposit whose server died in flight", () => {
  it.each(CRASH_POINTS)("executes once after the in-flight window when it died %s", async (_name, crash) => {
    const runtime = await getRuntime();
    const key = newKey();
    const amount = "7.31";
    const before = await balanceMinor(ACCOUNT);

    const scope = { clientId: "globex", method: "POST", path: PATH, key };
    const slot = { ...scope, token: randomUUID(), status: 201, ttlSeconds: 3600 };
    // The claim is made as the pipeline makes it: on the asynchronous-commit pool, committed on its own.
    expect(await claimKey(runtime.counterDb, scope, slot.token, slot.ttlSeconds, IN_FLIGHT_STALE_S)).toEqual({ kind: "claimed" });
    const victim = await runtime.db.connect();
    victim.on("error", () => {});
    await crash(victim, slot, amount);
    await kill(victim);
    expect(await balanceMinor(ACCOUNT)).toBe(before);

    const busy = await postDeposit(key, amount);
    expect(busy.status).toBe(409);
    expect(busy.text).toContain("REQUEST_IN_PROGRESS");

    // IN_FLIGHT_STALE_S later (the clock is moved, not waited for) the same key executes.
    await runtime.db.query("UPDATE idempotency_keys SET locked_at = locked_at - make_interval(secs => $2) WHERE client_id = 'globex' AND idem_key = $1", [
      key,
      IN_FLIGHT_STALE_S + 1,
    ]);
    const taken = await postDeposit(key, amount);
    expect(taken.text).toContain("transactionId");
    expect(taken.status).toBe(201);
    expect(taken.headers.get("idempotent-replayed")).toBeNull();

    const replay = await postDeposit(key, amount);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.transactionId).toBe(taken.body.transactionId);
    expect(await balanceMinor(ACCOUNT)).toBe(before + 731n);
    expect(await postingsOf(taken.body.transactionId)).toBe(1);
    expect(await verifyLedger(runtime.db)).toMatchObject({ ok: true });
  });
});
