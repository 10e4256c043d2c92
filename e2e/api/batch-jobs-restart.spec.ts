import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import pg from "pg";
import { clientToken, embeddedUrl, killHard, resetDataDir, startServer, stopGracefully, waitHealthy } from "./server-process";
import { ownPort } from "../fixtures/servers";

const DATA_DIR = ".data/e2e-va-restart";
const PORT = ownPort("E2E_VA_RESTART_PORT", 13);
const JOBS = 8;
const ITEMS = 1000;
/**
 * Payment runs beside the virtual-account jobs: the same worker, the same crash. Three chunks each (RUN_CHUNK_SIZE is
 * 500): a run of one chunk is finished the moment its progress shows, and the kill then found no run to interrupt.
 */
const RUNS = 3;
const RUN_ITEMS = 1500;
const PAYER = "1000123460";

test.describe.configure({ timeout: 240_000 });

type Progress = { kind: "accounts" | "payments"; job_id: string; status: string; processed_items: number };

async function progress(url: string): Promise<Progress[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<Progress>(
      `SELECT 'accounts' AS kind, job_id::text, status, processed_items FROM virtual_account_jobs WHERE client_id = 'acme'
       UNION ALL SELECT 'payments', batch_id::text, status, processed_items FROM payment_batches WHERE client_id = 'acme'`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** A run of RUN_ITEMS one-cent ACH payments, each remittance line naming its run and item: a double would show. */
const runBody = (r: number) =>
  JSON.stringify({
    items: Array.from({ length: RUN_ITEMS }, (_, i) => ({
      rail: "ACH",
      request: {
        debtorAccount: { identification: PAYER },
        debitCurrency: "USD",
        instructedAmount: { amount: "0.01", currency: "USD" },
        creditorAccount: { identification: "20004455667", name: "Harbour Supplies" },
        creditorBank: { bankCode: "BANK_A", currency: "USD" },
        remittanceInformation: [`CRASH RUN ${r} ITEM ${i}`],
      },
    })),
  });

async function available(baseUrl: string, auth: string): Promise<bigint> {
  const body = (await (await fetch(`${baseUrl}/v1/accounts/${PAYER}`, { headers: { authorization: auth } })).json()) as {
    availableBalance: { amount: string };
  };
  const [units, cents = ""] = body.availableBalance.amount.split(".");
  return BigInt(units!) * 100n + BigInt(cents.padEnd(2, "0"));
}

test("kill -9 while virtual-account jobs and payment runs run: after the restart every job completes, each account and each payment made exactly once", async () => {
  execFileSync(process.execPath, ["-e", `import("./scripts/embedded-pg.mjs").then(m => m.stopEmbeddedPostgres(${JSON.stringify(DATA_DIR)}))`]);
  resetDataDir(DATA_DIR);
  let server = startServer(PORT, DATA_DIR, { RATE_LIMIT_MAX: "100000" });
  try {
    await waitHealthy(server.baseUrl);
    const auth = `Bearer ${await clientToken(server.baseUrl)}`;
    const url = embeddedUrl(DATA_DIR);
    const body = (j: number) =>
      JSON.stringify({
        items: Array.from({ length: ITEMS }, (_, i) => ({ currency: "USD", accountHolderName: `Crash ${j}-${i}`, accountName: `Crash ${i}` })),
      });
    const before = await available(server.baseUrl, auth);
    const runIds = await Promise.all(
      Array.from({ length: RUNS }, async (_, r) => {
        const res = await fetch(`${server.baseUrl}/v1/payment-batches`, {
          method: "POST",
          headers: { authorization: auth, "content-type": "application/json" },
          body: runBody(r),
        });
        expect(res.status).toBe(202);
        return ((await res.json()) as { jobId: string }).jobId;
      }),
    );
    const jobIds = await Promise.all(
      Array.from({ length: JOBS }, async (_, j) => {
        const res = await fetch(`${server.baseUrl}/v1/virtual-accounts`, {
          method: "POST",
          headers: { authorization: auth, "content-type": "application/json" },
          body: body(j),
        });
        expect(res.status).toBe(202);
        return ((await res.json()) as { jobId: string }).jobId;
      }),
    );

    // Kill the whole app (process group) as soon as the worker has committed some chunks of both kinds.
    let atKill: Progress[] = [];
    const started = (kind: Progress["kind"]) => atKill.some((p) => p.kind === kind && p.processed_items > 0);
    for (let i = 0; i < 4000; i++) {
      atKill = await progress(url);
      if (started("accounts") && started("payments")) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    killHard(server);
    const unfinished = atKill.filter((p) => !["Completed", "CompletedWithErrors", "Failed"].includes(p.status));
    test.info().annotations.push({ type: "jobs-unfinished-at-kill", description: JSON.stringify(atKill.map((p) => [p.kind, p.status, p.processed_items])) });
    expect(unfinished.filter((p) => p.kind === "accounts").length, "some account jobs were still running when the app died").toBeGreaterThan(0);
    expect(unfinished.filter((p) => p.kind === "payments").length, "some payment runs were still running when the app died").toBeGreaterThan(0);

    await new Promise((r) => setTimeout(r, 500));
    server = startServer(PORT, DATA_DIR, { RATE_LIMIT_MAX: "100000" });
    await waitHealthy(server.baseUrl);
    // The dead worker's leases (60 s, the worker's longest) lapse, then the new process resumes each job after its last committed chunk.
    const deadline = Date.now() + 150_000;
    let statuses: Array<{ status: string; succeededItems: number; processedItems: number }> = [];
    while (Date.now() < deadline) {
      statuses = await Promise.all(
        jobIds.map(
          async (id) => (await (await fetch(`${server.baseUrl}/v1/jobs/${id}`, { headers: { authorization: auth } })).json()) as (typeof statuses)[number],
        ),
      );
      if (statuses.every((s) => s.status === "Completed")) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(statuses.map((s) => [s.status, s.processedItems, s.succeededItems])).toEqual(jobIds.map(() => ["Completed", ITEMS, ITEMS]));
    let runs: Array<{ status: string; processedItems: number }> = [];
    while (Date.now() < deadline) {
      runs = await Promise.all(
        runIds.map(
          async (id) => (await (await fetch(`${server.baseUrl}/v1/jobs/${id}`, { headers: { authorization: auth } })).json()) as (typeof runs)[number],
        ),
      );
      if (runs.every((s) => s.status === "Completed")) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(runs.map((s) => [s.status, s.processedItems])).toEqual(runIds.map(() => ["Completed", RUN_ITEMS]));
    // Money moved once per item: the payer's available balance fell by exactly one cent a payment.
    expect(before - (await available(server.baseUrl, auth))).toBe(BigInt(RUNS * RUN_ITEMS));

    const client = new pg.Client(url);
    await client.connect();
    try {
      const { rows } = await client.query<{ job_id: string; accounts: number; items: number; audited: number }>(
        `SELECT j.job_id,
                (SELECT count(*)::int FROM virtual_accounts v WHERE v.client_id = j.client_id AND v.job_id = j.job_id) AS accounts,
                (SELECT count(DISTINCT item_index)::int FROM virtual_accounts v WHERE v.client_id = j.client_id AND v.job_id = j.job_id) AS items,
                (SELECT count(*)::int FROM audit_log a WHERE a.client_id = j.client_id AND a.action = 'virtual_account.created' AND a.data->>'jobId' = j.job_id::text) AS audited
         FROM virtual_account_jobs j WHERE j.client_id = 'acme'`,
      );
      expect(rows).toHaveLength(JOBS);
      for (const row of rows) expect([row.accounts, row.items, row.audited]).toEqual([ITEMS, ITEMS, ITEMS]);
      // Each item one payment, linked from its result, and no payment a result does not name.
      const made = await client.query<{ batch_id: string; created: number; linked: number; payments: number; tags: number }>(
        `SELECT b.batch_id::text,
                (SELECT count(*)::int FROM payment_batch_items i WHERE i.client_id = b.client_id AND i.batch_id = b.batch_id AND i.status = 'Created') AS created,
                (SELECT count(DISTINCT i.payment_id)::int FROM payment_batch_items i WHERE i.client_id = b.client_id AND i.batch_id = b.batch_id) AS linked,
                (SELECT count(*)::int FROM payments p WHERE p.client_id = b.client_id AND p.remittance_information[1] LIKE 'CRASH RUN ' || r.n || ' ITEM %') AS payments,
                (SELECT count(DISTINCT p.remittance_information[1])::int FROM payments p WHERE p.client_id = b.client_id AND p.remittance_information[1] LIKE 'CRASH RUN ' || r.n || ' ITEM %') AS tags
         FROM payment_batches b
         CROSS JOIN LATERAL (SELECT substring(i.request->'remittanceInformation'->>0 FROM 'CRASH RUN (\\d+)') AS n
                             FROM payment_batch_items i WHERE i.client_id = b.client_id AND i.batch_id = b.batch_id AND i.item_index = 0) r
         WHERE b.client_id = 'acme'`,
      );
      expect(made.rows).toHaveLength(RUNS);
      for (const run of made.rows) expect([run.created, run.linked, run.payments, run.tags]).toEqual([RUN_ITEMS, RUN_ITEMS, RUN_ITEMS, RUN_ITEMS]);
    } finally {
      await client.end();
    }
  } finally {
    await stopGracefully(server).catch(() => {});
  }
});
