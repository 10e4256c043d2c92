import http from "node:http";
import { gunzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/contract/api/registry";
import { ACH_REQUEST_EXAMPLE } from "@/lib/contract/payments/examples";
import { apiAdapter, routeTable, type RouteTable } from "@/scripts/api-adapter.mjs";
import { GZIP_MIN_BYTES } from "@/scripts/api-gzip.mjs";
import { tokenFor } from "@/tests/api";
import { sourceRoutes } from "@/tests/route-files";

/**
 * The production API adapter (scripts/api-adapter.mjs) over real HTTP, on the route files: what it adds to the
 * pipeline (matching, the Request it builds, the body it streams in, the Response it writes) must keep every
 * answer the pipeline gives. A request it leaves to Next is answered 599 here, to tell.
 */
const LEFT_TO_NEXT = 599;
let server: http.Server;
let base: string;
let token: string;
let table: RouteTable;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; bytes: Buffer; socket: unknown };

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer, chunked = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, text: bytes.toString(), bytes, socket: req.socket });
      });
    });
    req.on("error", reject);
    if (body !== undefined && chunked) {
      // No Content-Length: the pipeline's limit has to stop the stream itself.
      const half = Math.floor(body.length / 2);
      req.write(body.slice(0, half));
      setTimeout(() => req.end(body.slice(half)), 10);
    } else req.end(body);
  });
}

beforeAll(async () => {
  table = routeTable(await sourceRoutes());
  const serve = apiAdapter(table, { hostname: "127.0.0.1", port: 0 });
  server = http.createServer((req, res) => {
    if (!serve(req, res)) res.writeHead(LEFT_TO_NEXT).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  token = await tokenFor("acme");
}, 120_000);

afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const pathOf = (path: string) => path.replace(/\{\w+\}/g, "x1");
const errorBodyKeys = ["error", "message", "code", "field", "details", "correlationId"];

describe("the API adapter over HTTP", () => {
  it("answers every registered operation, hostile requests included, without a 5xx and with the error body", async () => {
    // Registered operations without a route file yet are scripts/api-adapter.test.ts' concern.
    for (const op of OPERATIONS.filter((o) => table.lookup(o.method, pathOf(o.path)))) {
      const path = pathOf(op.path);
      const attempts: Array<[Record<string, string>, string | undefined]> = [
        [{}, undefined],
        [{ authorization: `Bearer ${token}`, accept: "application/xml" }, undefined],
        [{ authorization: `Bearer ${token}`, "content-type": "application/json" }, op.body ? '{"a":' : undefined],
        [{ authorization: `Bearer ${token}`, "content-type": "text/plain" }, op.body ? "{}" : undefined],
      ];
      for (const [headers, body] of attempts) {
        const answer = await send(op.method, path, headers, body);
        const label = `${op.method} ${path} ${JSON.stringify(headers)}: ${answer.status} ${answer.text.slice(0, 200)}`;
        expect(answer.status, label).not.toBe(LEFT_TO_NEXT);
        expect(answer.status, label).toBeLessThan(500);
        if (answer.status >= 400 && !op.errorBody) expect(Object.keys(JSON.parse(answer.text)), label).toEqual(expect.arrayContaining(errorBodyKeys));
      }
    }
  });

  it("serves JSON and CSV with the pipeline's headers, on one kept-alive connection", async () => {
    const json = await send("GET", "/v1/accounts/1000123456", { authorization: `Bearer ${token}` });
    expect(json.status).toBe(200);
    expect(JSON.parse(json.text)).toMatchObject({ accountNumber: "1000123456" });
    expect(json.headers["x-correlation-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(json.headers["ratelimit-limit"]).toBeDefined();
    const csv = await send("GET", "/v1/accounts", { authorization: `Bearer ${token}`, accept: "text/csv" });
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.text.split("\n")[1]).toContain("1000123456");
    expect(csv.socket).toBe(json.socket);
  });

  it("gzips JSON and CSV of GZIP_MIN_BYTES or more when the client accepts it, and nothing else", async () => {
    const auth = { authorization: `Bearer ${token}` };
    for (const accept of ["application/json", "text/csv"]) {
      const plain = await send("GET", "/v1/accounts", { ...auth, accept });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toContain("Accept-Encoding");
      // acme's account list is over the threshold in either form (the seed's six accounts).
      expect(plain.bytes.length).toBeGreaterThanOrEqual(GZIP_MIN_BYTES);
      const zipped = await send("GET", "/v1/accounts", { ...auth, accept, "accept-encoding": "br;q=1, gzip;q=0.8" });
      expect(zipped.headers["content-encoding"], accept).toBe("gzip");
      expect(zipped.headers["content-type"]).toBe(plain.headers["content-type"]);
      expect(zipped.bytes.length).toBeLessThan(plain.bytes.length);
      // Same body but for what changes per request (the correlation id is a header, not in the body).
      expect(gunzipSync(zipped.bytes).toString().split("\n")[0]).toBe(plain.text.split("\n")[0]);
      const refused = await send("GET", "/v1/accounts", { ...auth, accept, "accept-encoding": "gzip;q=0" });
      expect(refused.headers["content-encoding"]).toBeUndefined();
    }
    const small = await send("GET", "/v1/accounts/1000123456", { ...auth, "accept-encoding": "gzip" });
    expect(small.bytes.length).toBeLessThan(GZIP_MIN_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.text)).toMatchObject({ accountNumber: "1000123456" });
  });

  it("refuses an oversized body with 413, declared or streamed, and the connection serves the next request", async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, "a");
    const declared = await send("POST", "/v1/payments/ach-local", { authorization: `Bearer ${token}`, "content-type": "application/json" }, big);
    expect(declared.status).toBe(413);
    const streamed = await send("POST", "/v1/payments/ach-local", { authorization: `Bearer ${token}`, "content-type": "application/json" }, big, true);
    expect(streamed.status).toBe(413);
    const next = await send("GET", "/v1/system/time", { authorization: `Bearer ${token}` });
    expect(next.status).toBe(200);
  });

  it("creates a payment once and replays it for the same Idempotency-Key", async () => {
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": crypto.randomUUID() };
    const body = JSON.stringify({ ...ACH_REQUEST_EXAMPLE, instructionIdentification: `AD${Date.now() % 1e10}` });
    const first = await send("POST", "/v1/payments/ach-local", headers, body);
    expect(first.status, first.text).toBe(201);
    const again = await send("POST", "/v1/payments/ach-local", headers, body);
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));
  });

  it("serves the health endpoints, a route that answers synchronously (/livez) included", async () => {
    for (const path of ["/livez", "/healthz", "/readyz"]) expect((await send("GET", path)).status, path).toBe(200);
    expect((await send("GET", "/metrics")).status).toBeLessThan(500);
  });

  it("leaves HEAD, OPTIONS and unknown paths to Next", async () => {
    for (const [method, path] of [
      ["HEAD", "/v1/system/time"],
      ["OPTIONS", "/v1/system/time"],
      ["GET", "/v1/nowhere"],
      ["GET", "/v1/accounts/%31"],
    ] as const) {
      expect((await send(method, path)).status, `${method} ${path}`).toBe(LEFT_TO_NEXT);
    }
  });

  it("refuses a method the route lacks itself, with the API's 405, its error body and Allow (issue 19, item 9)", async () => {
    const answer = await send("DELETE", "/v1/system/time");
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(JSON.parse(answer.text)).toMatchObject({ error: "Method Not Allowed", code: "METHOD_NOT_ALLOWED" });
  });
});
