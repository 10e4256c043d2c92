import { expect, test } from "@playwright/test";
import { clientToken } from "../api/server-process";
import { onlyInClusterRun, serverUrls } from "./cluster";

onlyInClusterRun();

test("each server serves Prometheus metrics on its private port; the balancer refuses /metrics", async ({ baseURL }) => {
  // The previous test killed a server: this worker's fetch may hold a kept-alive connection the balancer closed
  // meanwhile, and fetch never resends a POST on one ("other side closed"). Asked once more, on a fresh connection.
  const auth = `Bearer ${await clientToken(baseURL!).catch(() => clientToken(baseURL!))}`;
  expect((await fetch(`${baseURL}/v1/accounts/1000123456`, { headers: { authorization: auth } })).status).toBe(200);
  expect((await fetch(`${baseURL}/metrics`)).status).toBe(404);

  const scrape = async () => (await Promise.all(serverUrls().map(async (url) => (await fetch(`${url}/metrics`)).text()))).join("\n");
  // A server the previous test killed is back but may not have sent its first heartbeat (or the dead one's not yet lapsed).
  await expect.poll(async () => /harbour_instances_alive 2\b/.test(await scrape()), { timeout: 30_000 }).toBe(true);
  const all = await scrape();
  expect(all).toMatch(/harbour_http_requests_total\{operation="getAccount",status="200"\} \d+/);
  expect(all).toContain("harbour_http_request_duration_seconds_bucket");
  expect(all).toContain("harbour_db_pool_connections");
  expect(all).toContain("nodejs_eventloop_lag_seconds");
  expect(all).toMatch(/harbour_instances_alive 2/);
});

test("readiness, liveness and health answer without credentials", async ({ baseURL }) => {
  for (const path of ["/readyz", "/livez", "/healthz"]) expect((await fetch(`${baseURL}${path}`)).status, path).toBe(200);
});
