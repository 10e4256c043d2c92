import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import pg from "pg";
import { clientToken, embeddedUrl, killHard, resetDataDir, startServer, stopGracefully, waitHealthy } from "./server-process";
import { ownPort } from "../fixtures/servers";

const DATA_DIR = ".data/e2e-va-restart";
const PORT = ownPort("E2E_VA_RESTART_PORT", 13);
const JOBS = 8;
const ITEMS = 1000;

test.describe.configure({ timeout: 240_000 });

type Progress = { job_id: string; status: string; processed_items: number };

async function progress(url: string): Promise<Progress[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<Progress>("SELECT job_id, status, processed_items FROM virtual_account_jobs WHERE client_id = 'acme'")).rows;
  } finally {
    await client.end();
  }
}

test("kill -9 while batch jobs run: after the restart every job completes with each account created exactly once", async () => {
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

    // Kill the whole app (process group) as soon as the worker has committed some chunks.
    let atKill: Progress[] = [];
    for (let i = 0; i < 2000; i++) {
      atKill = await progress(url);
      if (atKill.some((p) => p.processed_items > 0)) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    killHard(server);
    const unfinished = atKill.filter((p) => !["Completed", "CompletedWithErrors", "Failed"].includes(p.status));
    test.info().annotations.push({ type: "jobs-unfinished-at-kill", description: JSON.stringify(atKill.map((p) => [p.status, p.processed_items])) });
    expect(unfinished.length, "some jobs were still running when the app died").toBeGreaterThan(0);

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
    } finally {
      await client.end();
    }
  } finally {
    await stopGracefully(server).catch(() => {});
  }
});
