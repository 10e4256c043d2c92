import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { GET as getJob } from "@/app/v1/jobs/[jobId]/route";
import { GET as getResults } from "@/app/v1/jobs/[jobId]/results/route";
import { POST as createV1 } from "@/app/v1/virtual-accounts/route";
import { POST as createV2 } from "@/app/v2/virtual-accounts/route";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { getRuntime } from "@/lib/server/entry/runtime";
import { isVirtualAccountNumber } from "@/lib/contract/virtual-accounts/numbering";
import { allocatedV1, drainWorker, individualV2 } from "@/lib/server/entry/jobs/testing";
import { call, expectErrorBody, tokenFor } from "@/tests/api";

type Job = {
  jobId: string;
  status: string;
  totalItems: number;
  processedItems: number;
  succeededItems: number;
  failedItems: number;
  completedAt: string | null;
  statusUrl: string;
  resultUrl: string;
};
type Results = {
  meta: { pagination: { total_size: number; page_token: string } };
  data: Array<{ index: number; status: string; virtualAccountNumber: string | null; clientReference: string | null; error: unknown }>;
};

async function create(items: unknown[], extra: Record<string, unknown> = {}, client = "acme"): Promise<string> {
  const res = await call<{ jobId: string }>(createV1, "/v1/virtual-accounts", { token: await tokenFor(client), body: { items, ...extra } });
  expect(res.status).toBe(202);
  return res.body.jobId;
}
async function status(jobId: string, client = "acme") {
  return call<Job>(getJob, `/v1/jobs/${jobId}`, { token: await tokenFor(client), params: { jobId } });
}
async function results(jobId: string, query = "", client = "acme") {
  return call<Results>(getResults, `/v1/jobs/${jobId}/results${query}`, { token: await tokenFor(client), params: { jobId } });
}
async function accountsOfJob(jobId: string): Promise<number> {
  const { rows } = await (
    await getRuntime()
  ).db.query<{ n: string; distinct_index: string }>(
    "SELECT count(*) AS n, count(DISTINCT item_index) AS distinct_index FROM virtual_accounts WHERE client_id = 'acme' AND job_id = $1",
    [jobId],
  );
  expect(rows[0]!.n).toBe(rows[0]!.distinct_index);
  return Number(rows[0]!.n);
}

describe("batch job lifecycle", () => {
  it("runs Pending -> Completed on the worker, with counters and results per item", async () => {
    const jobId = await create([allocatedV1(0), { currency: "BMD", unallocated: true, clientReference: "U-1" }, allocatedV1(2, { dob: "1970-01-01" })]);
    const pending = await status(jobId);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ jobId, status: "Pending", totalItems: 3, processedItems: 0, succeededItems: 0, failedItems: 0, completedAt: null });
    expect(Object.keys(pending.body).sort()).toEqual([
      "completedAt",
      "createdAt",
      "failedItems",
      "jobId",
      "processedItems",
      "resultUrl",
      "status",
      "statusUrl",
      "succeededItems",
      "totalItems",
      "updatedAt",
    ]);
    await drainWorker();
    const done = await status(jobId);
    expect(done.body).toMatchObject({ status: "Completed", totalItems: 3, processedItems: 3, succeededItems: 3, failedItems: 0 });
    expect(done.body.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(done.body.statusUrl).toBe(`http://localhost/v1/jobs/${jobId}`);
    const res = await results(jobId);
    expect(res.status).toBe(200);
    expect(res.body.meta.pagination.total_size).toBe(3);
    expect(res.body.data.map((r) => [r.index, r.status, r.clientReference, r.error])).toEqual([
      [0, "Created", "REF-0", null],
      [1, "Created", "U-1", null],
      [2, "Created", "REF-2", null],
    ]);
    for (const r of res.body.data) expect(isVirtualAccountNumber(r.virtualAccountNumber!)).toBe(true);
    const stored = await (await getRuntime()).db.query("SELECT items FROM virtual_account_jobs WHERE client_id = 'acme' AND job_id = $1", [jobId]);
    expect(stored.rows).toEqual([{ items: [] }]);
    expect(new Set(res.body.data.map((r) => r.virtualAccountNumber)).size).toBe(3);
  });

  // Its speed is measured in `npm run bench` (docs/benchmarks-virtual-accounts.md), never timed here.
  it("creates 1000 accounts in one job, each once, and pages its results", async () => {
    const jobId = await create(Array.from({ length: 1000 }, (_, i) => allocatedV1(i)));
    await drainWorker();
    expect((await status(jobId)).body).toMatchObject({ status: "Completed", processedItems: 1000, succeededItems: 1000 });
    expect(await accountsOfJob(jobId)).toBe(1000);
    const page = await results(jobId, "?pageSize=400");
    expect(page.body.data).toHaveLength(400);
    const last = await results(jobId, `?pageStart=3&pageToken=${page.body.meta.pagination.page_token}`);
    expect(last.body.data.map((r) => r.index)).toEqual(Array.from({ length: 200 }, (_, i) => 800 + i));
  });

  it("reports items whose currency was de-provisioned after acceptance as Failed: CompletedWithErrors", async () => {
    const runtime = await getRuntime();
    const jobId = await create([allocatedV1(0), allocatedV1(1, { currency: "BMD" }), allocatedV1(2)]);
    await runtime.db.query("DELETE FROM virtual_account_currencies WHERE client_id = 'acme' AND currency = 'BMD'");
    try {
      await drainWorker();
    } finally {
      await runtime.db.query("INSERT INTO virtual_account_currencies (client_id, currency) VALUES ('acme', 'BMD')");
    }
    expect((await status(jobId)).body).toMatchObject({ status: "CompletedWithErrors", processedItems: 3, succeededItems: 2, failedItems: 1 });
    const res = await results(jobId);
    expect(res.body.data[1]).toEqual({
      index: 1,
      status: "Failed",
      virtualAccountNumber: null,
      clientReference: "REF-1",
      error: { code: "CURRENCY_NOT_PROVISIONED", message: expect.stringContaining("BMD") },
    });
  });

  it("runs v2 jobs the same way and stores the holder details", async () => {
    const res = await call<{ jobId: string }>(createV2, "/v2/virtual-accounts", { token: await tokenFor("acme"), body: { items: [individualV2(0)] } });
    await drainWorker();
    expect((await status(res.body.jobId)).body.status).toBe("Completed");
    const { rows } = await (
      await getRuntime()
    ).db.query("SELECT account_holder_type, dob::text AS dob, holder_details FROM virtual_accounts WHERE client_id = 'acme' AND job_id = $1", [res.body.jobId]);
    expect(rows).toEqual([{ account_holder_type: "Individual", dob: "1980-01-31", holder_details: { individual: { dob: "1980-01-31", nationality: "BM" } } }]);
  });

  it("writes an audit row per created account and for the job", async () => {
    const jobId = await create([allocatedV1(0), allocatedV1(1)]);
    await drainWorker();
    const { rows } = await (
      await getRuntime()
    ).db.query<{ action: string }>("SELECT action FROM audit_log WHERE client_id = 'acme' AND (entity_id = $1 OR data->>'jobId' = $1) ORDER BY audit_id", [
      jobId,
    ]);
    expect(rows.map((r) => r.action)).toEqual([
      "virtual_account_job.accepted",
      "virtual_account.created",
      "virtual_account.created",
      "virtual_account_job.completed",
    ]);
  });
});

describe("jobs are private to their client", () => {
  it("answers another client's job, and a malformed id, exactly as an unknown one", async () => {
    const jobId = await create([allocatedV1(0)]);
    for (const [id, client] of [
      [jobId, "globex"],
      ["00000000-0000-4000-8000-000000000000", "acme"],
      ["not-a-uuid", "acme"],
    ] as const) {
      const s = await status(id, client);
      expect(s.status).toBe(404);
      expectErrorBody(s.body, 404, "JOB_NOT_FOUND");
      const r = await results(id, "", client);
      expect(r.status).toBe(404);
    }
  });

  it("reads with create-virtual-account or get-virtual-accounts, and not otherwise", async () => {
    const jobId = await create([allocatedV1(0)]);
    for (const scope of ["create-virtual-account", "get-virtual-accounts"] as const) {
      expect((await call(getJob, `/v1/jobs/${jobId}`, { token: await tokenFor("acme", [scope]), params: { jobId } })).status).toBe(200);
    }
    const denied = await call(getJob, `/v1/jobs/${jobId}`, { token: await tokenFor("acme", ["get-account"]), params: { jobId } });
    expectErrorBody(denied.body, 403, "FORBIDDEN");
  });

  it("answers in CSV on request", async () => {
    const jobId = await create([allocatedV1(0)]);
    await drainWorker();
    const res = await call(getResults, `/v1/jobs/${jobId}/results`, { token: await tokenFor("acme"), params: { jobId }, headers: { accept: "text/csv" } });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const [header, row] = res.text.split("\r\n");
    const cells = Object.fromEntries(header!.split(",").map((h, i) => [h, row!.split(",")[i]]));
    expect(cells).toMatchObject({ meta_pagination_total_size: "1", data_0_index: "0", data_0_status: "Created", data_0_client_reference: "REF-0" });
    const statusCsv = await call(getJob, `/v1/jobs/${jobId}`, { token: await tokenFor("acme"), params: { jobId }, headers: { accept: "text/csv" } });
    expect(statusCsv.text.split("\r\n")[0]).toContain("succeeded_items");
  });
});

describe("a job survives its worker dying", () => {
  it("resumes after the last committed chunk when the lease lapses, creating each account exactly once", async () => {
    const runtime = await getRuntime();
    const { runNextChunk } = await import("@/lib/server/domain/virtual-accounts/jobs/process");
    const { claimTasks } = await import("@/lib/server/core/jobs/queue-repo");
    const { findJobItems, markJobStarted } = await import("@/lib/server/domain/virtual-accounts/jobs/repo");
    const jobId = await create(Array.from({ length: 600 }, (_, i) => allocatedV1(i)));
    // A worker claims the task, commits two chunks, then "dies" (kill -9: no completion, no release).
    const [task] = await claimTasks(runtime.db, "doomed-worker", ["virtual-accounts.create"], 1, 30);
    expect(task?.payload).toEqual({ jobId });
    const items = (await findJobItems(runtime.db, "acme", jobId))!;
    await markJobStarted(runtime.db, "acme", jobId);
    await withTransaction(runtime.db, (tx) => runNextChunk(tx, "acme", jobId, items, 200));
    await withTransaction(runtime.db, (tx) => runNextChunk(tx, "acme", jobId, items, 200));
    // A third chunk was in flight when the process died: its transaction never committed.
    await expect(
      withTransaction(runtime.db, async (tx) => {
        await runNextChunk(tx, "acme", jobId, items, 200);
        throw new Error("process killed mid-chunk");
      }),
    ).rejects.toThrow("killed");
    expect((await status(jobId)).body).toMatchObject({ status: "Processing", processedItems: 400, succeededItems: 400 });
    expect(await accountsOfJob(jobId)).toBe(400);

    // Nothing happens while the dead worker's lease holds...
    expect(await drainWorker()).toBe(0);
    // ...and once it lapses another worker takes the task and finishes the job.
    await runtime.db.query("UPDATE queue_tasks SET locked_until = now() - interval '1 second' WHERE task_id = $1", [task!.task_id]);
    expect(await drainWorker()).toBe(1);
    expect((await status(jobId)).body).toMatchObject({ status: "Completed", processedItems: 600, succeededItems: 600, failedItems: 0 });
    expect(await accountsOfJob(jobId)).toBe(600);
    const res = await results(jobId, "?pageSize=1000");
    expect(res.body.data.map((r) => r.index)).toEqual(Array.from({ length: 600 }, (_, i) => i));
  });

  it("stays exactly-once when two workers run the same job at the same time", async () => {
    const runtime = await getRuntime();
    const { processJob } = await import("@/lib/server/domain/virtual-accounts/jobs/process");
    const jobId = await create(Array.from({ length: 500 }, (_, i) => allocatedV1(i)));
    await Promise.all([processJob(runtime, "acme", jobId, 50), processJob(runtime, "acme", jobId, 50), processJob(runtime, "acme", jobId, 70)]);
    expect((await status(jobId)).body).toMatchObject({ status: "Completed", processedItems: 500, succeededItems: 500 });
    expect(await accountsOfJob(jobId)).toBe(500);
    const { rows } = await runtime.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM audit_log WHERE client_id = 'acme' AND action = 'virtual_account_job.completed' AND entity_id = $1",
      [jobId],
    );
    expect(rows[0]!.n).toBe("1");
    await drainWorker();
  });
});

describe("completion callback", () => {
  it("POSTs the decisions §6 body, signed, with the request's customHeaders", async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string; url: string }> = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received.push({ headers: req.headers, body, url: req.url ?? "" });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const port = (server.address() as AddressInfo).port;
      const jobId = await create([allocatedV1(0), allocatedV1(1)], {
        callbackUrl: `http://127.0.0.1:${port}/hooks/jobs?x=1`,
        customHeaders: { "X-Batch": "payroll-11" },
      });
      await drainWorker(); // the job; its completion enqueues the callback
      await drainWorker(); // the callback delivery
      expect(received).toHaveLength(1);
      const [call0] = received;
      expect(call0!.url).toBe("/hooks/jobs?x=1");
      expect(call0!.headers["x-batch"]).toBe("payroll-11");
      // Sent in clear, kept sealed: the job's row and its delivery's (issue 19, item 11).
      const { db } = await getRuntime();
      const stored = await db.query<{ v: string }>(
        `SELECT custom_headers->>'X-Batch' AS v FROM virtual_account_jobs WHERE job_id::text = $1
         UNION ALL SELECT custom_headers->>'X-Batch' FROM deliveries WHERE source_id = $1::text`,
        [jobId],
      );
      expect(stored.rows).toEqual([{ v: expect.stringMatching(/^enc:v1:/) }, { v: expect.stringMatching(/^enc:v1:/) }]);
      expect(call0!.headers["svc-signature"]).toBeTruthy();
      expect(call0!.headers["svc-nonce"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(call0!.headers["svc-signature-version"]).toBe("rsa-v1");
      const body = JSON.parse(call0!.body) as Record<string, unknown>;
      expect(body).toEqual({
        jobId,
        status: "Completed",
        totalItems: 2,
        succeededItems: 2,
        failedItems: 0,
        statusUrl: `http://localhost/v1/jobs/${jobId}`,
        resultUrl: `http://localhost/v1/jobs/${jobId}/results`,
        completedAt: expect.stringMatching(/^\d{4}-/),
      });
    } finally {
      server.close();
    }
  });
});
