import { expect, test } from "@playwright/test";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { clientToken } from "../api/server-process";
import { achBody, clusterState, newInstructionId, newKey, onlyInClusterRun, restartServer, serverUrls } from "./cluster";

onlyInClusterRun();

/**
 * Decisions §1 across processes: two servers of `npm run cluster` on one
 * PostgreSQL, duplicates sent to both at once (the balancer would split them
 * the same way, only less predictably).
 */
let auth: string;
test.beforeAll(async ({ baseURL }) => {
  auth = `Bearer ${await clientToken(baseURL!)}`;
});

async function paymentsTotal(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/v1/accounts/1000123460/payments?pageSize=1`, { headers: { authorization: auth } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { meta: { pagination: { total_size: number } } }).meta.pagination.total_size;
}

function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: { authorization: auth, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

test("one payment per Idempotency-Key when its duplicates reach both servers at once", async ({ baseURL }) => {
  const urls = serverUrls();
  expect(urls).toHaveLength(2);
  const before = await paymentsTotal(baseURL!);
  const key = newKey();
  const body = achBody("1.11");
  const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => post(urls[i % 2]!, "/v1/payments/ach-local", body, { "idempotency-key": key })));
  const created = await Promise.all(responses.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { id: string }).id));
  // The rest found the key in flight on the other server and may retry (409 REQUEST_IN_PROGRESS).
  expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
  expect(created.length).toBeGreaterThan(0);
  expect(new Set(created).size).toBe(1);
  expect(await paymentsTotal(baseURL!)).toBe(before + 1);
});

test("one payment per instructionIdentification when different keys race on both servers", async ({ baseURL }) => {
  const urls = serverUrls();
  const before = await paymentsTotal(baseURL!);
  const body = achBody("2.22", newInstructionId());
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => post(urls[i % 2]!, "/v1/payments/ach-local", body, { "idempotency-key": newKey() })),
  );
  const statuses = responses.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
  expect(await paymentsTotal(baseURL!)).toBe(before + 1);
});

test("a batch job whose server is killed finishes on the other, each account created once", async ({ baseURL }) => {
  test.setTimeout(180_000);
  const urls = serverUrls();
  const items = Array.from({ length: 1000 }, (_, i) => ({ currency: "USD", accountHolderName: `Failover ${i}`, accountName: `Failover ${i}` }));
  const accepted = await post(urls[0]!, "/v1/virtual-accounts", { items });
  expect(accepted.status).toBe(202);
  const { jobId } = (await accepted.json()) as { jobId: string };
  // The job is claimed by whichever worker is quicker; kill -9 the server that accepted it.
  await restartServer(0, "SIGKILL");
  const deadline = Date.now() + 150_000;
  let job: { status: string; processedItems: number; succeededItems: number } = { status: "", processedItems: 0, succeededItems: 0 };
  while (Date.now() < deadline) {
    job = await (await fetch(`${baseURL}/v1/jobs/${jobId}`, { headers: { authorization: auth } })).json();
    if (job.status === "Completed") break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect([job.status, job.processedItems, job.succeededItems]).toEqual(["Completed", 1000, 1000]);
  const numbers = new Set<string>();
  for (let page = 1; page <= 10; page++) {
    const res = await fetch(`${baseURL}/v1/jobs/${jobId}/results?pageSize=100&pageStart=${page}`, { headers: { authorization: auth } });
    const body = (await res.json()) as { data: { virtualAccountNumber: string | null }[] };
    for (const item of body.data) numbers.add(item.virtualAccountNumber!);
  }
  expect(numbers.size).toBe(1000);
});

test("a webhook is delivered at least once when the server that enqueued it dies", async () => {
  const received: string[] = [];
  const receiver: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push(body);
      res.end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  try {
    const urls = serverUrls();
    const port = (receiver.address() as AddressInfo).port;
    const sub = await post(urls[1]!, "/v1/notifications/subscriptions", { topic: "Deposits", callbackUrl: `http://127.0.0.1:${port}/hook` });
    expect(sub.status).toBe(201);
    const deposit = await post(urls[1]!, "/v1/sandbox/deposits", { accountNumber: "1000123456", amount: "3.33", currency: "USD" });
    expect(deposit.status).toBe(201);
    const { transactionId } = (await deposit.json()) as { transactionId: string };
    // At once: the task is committed with the deposit (an outbox), whether or not it was sent yet.
    await restartServer(1, "SIGKILL");
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && !received.some((b) => b.includes(transactionId))) await new Promise((r) => setTimeout(r, 200));
    expect(received.filter((b) => b.includes(transactionId)).length).toBeGreaterThanOrEqual(1);
    expect(clusterState().servers.every((s) => s.pid !== null)).toBe(true);
  } finally {
    receiver.close();
  }
});
