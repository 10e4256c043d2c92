import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haproxyConfig } from "./haproxy-config.mjs";

const HAPROXY = "/usr/sbin/haproxy";

/** A raw request: fetch would resolve the dot segments itself before sending. */
function answer(port: number, target: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }));
    });
    req.on("error", reject);
    req.end();
  });
}
const get = async (port: number, target: string) => (await answer(port, target)).status;

function expectApiErrorBody(type: string, body: string, code: string) {
  expect(type).toMatch(/^application\/json/);
  expect(JSON.parse(body)).toMatchObject({ code, field: null, details: null, correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
}

function startBalancer(dir: string, port: number, serverPort: number): ChildProcess {
  const config = path.join(dir, "haproxy.cfg");
  writeFileSync(config, haproxyConfig({ host: "127.0.0.1", port, servers: [{ name: "s1", port: serverPort }], trustProxy: false, timeoutServerS: 5 }));
  return spawn(HAPROXY, ["-f", config, "-db"], { stdio: "ignore" });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * The balancer of `npm run cluster` in front of a stand-in server that answers every path 200 (and /readyz, so
 * HAProxy's check takes it in): only the balancer's own deny can answer 404.
 */
describe.skipIf(!existsSync(HAPROXY))("the balancer's /metrics deny (issue 19, item 8)", () => {
  let backend: http.Server;
  let balancer: ChildProcess;
  let port: number;
  let dir: string;
  const seen: string[] = [];

  beforeAll(async () => {
    backend = http.createServer((req, res) => {
      seen.push(req.url ?? "");
      res.end("ok");
    });
    await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
    port = await freePort();
    dir = mkdtempSync(path.join(tmpdir(), "harbour-haproxy-test-"));
    balancer = startBalancer(dir, port, (backend.address() as AddressInfo).port);
    for (let i = 0; i < 100; i++) {
      if ((await get(port, "/readyz").catch(() => 0)) === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    balancer?.kill("SIGTERM");
    await new Promise<void>((resolve) => backend.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("denies every spelling that a server would route to /metrics, and passes the rest", async () => {
    const spellings = ["/metrics", "/./metrics", "/x/../metrics", "//metrics", "/%6detrics", "/%2e/metrics", "/METRICS", "/metrics/", "/a/b/../../metrics"];
    for (const target of spellings) expect(await get(port, target), target).toBe(404);
    expect(seen.filter((url) => /metrics/i.test(url))).toEqual([]);
    expect(await get(port, "/v1/system/time")).toBe(200);
    expect(await get(port, "/metricsx")).toBe(200);
  });

  it("passes a malformed escape on to the servers, whose answer carries the API's error body (never the balancer's HTML 400)", async () => {
    expect(await get(port, "/v1/accounts?pageToken=%E0%A4%A")).toBe(200);
    expect(seen).toContain("/v1/accounts?pageToken=%E0%A4%A");
  });

  it("answers its own deny with the API's error body (issue 19, item 9)", async () => {
    const denied = await answer(port, "/./metrics");
    expect(denied.status).toBe(404);
    expectApiErrorBody(denied.type, denied.body, "NOT_FOUND");
  });
});

describe.skipIf(!existsSync(HAPROXY))("the balancer with no server to take a request (issue 19, item 9)", () => {
  it("answers 503 with the API's error body, not HAProxy's HTML page", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "harbour-haproxy-test-"));
    const port = await freePort();
    const balancer = startBalancer(dir, port, await freePort());
    try {
      let seen = { status: 0, type: "", body: "" };
      for (let i = 0; i < 100 && seen.status !== 503; i++) {
        seen = await answer(port, "/v1/system/time").catch(() => seen);
        if (seen.status !== 503) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen.status).toBe(503);
      expectApiErrorBody(seen.type, seen.body, "SERVICE_UNAVAILABLE");
    } finally {
      balancer.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
