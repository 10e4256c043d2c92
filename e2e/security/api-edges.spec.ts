import http from "node:http";
import net from "node:net";
import { expect, test, signInAs } from "../fixtures/portal";
import { PORT } from "../fixtures/servers";

/**
 * Issue 19, items 9 and 10, on the production server (scripts/server.mjs, its API adapter and Next): every answer
 * under /v1 and /v2 carries the decisions §3 error body, a control character in a sign-in callbackUrl is never a 500,
 * and a cookie whose server-side session has ended is no one's.
 */

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A raw request: fetch refuses TRACE and resolves dot segments before sending. */
function raw(method: string, path: string, headers: http.OutgoingHttpHeaders = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, method, path, headers, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Bytes on a socket, for what no HTTP client sends (a raw tab in the request line, a 100 kB header). */
function rawBytes(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("close", () => resolve(answer));
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? resolve(answer) : reject(error)));
    socket.end(request);
  });
}

function expectErrorBody(body: string, code: string, where: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed), where).toEqual(expect.arrayContaining(["error", "message", "code", "field", "details", "correlationId"]));
  expect(parsed.code, where).toBe(code);
}

test.describe("every answer under /v1 and /v2 carries the error body (issue 19, item 9)", () => {
  test("TRACE and other methods no route answers get 405 with the body and Allow, never 500", async () => {
    for (const [method, path] of [
      ["TRACE", "/v1/accounts"],
      ["TRACE", "/v1/system/time"],
      ["TRACE", "/v2/virtual-accounts"],
      ["TRACE", "/v1/oauth/token"],
      ["TRACE", "/v1/no/such/operation"],
      ["PROPFIND", "/v1/payments"],
      ["PATCH", "/v1/accounts"],
      ["PUT", "/v1/./accounts/1000123456"],
    ]) {
      const res = await raw(method!, path!);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers["allow"], `${method} ${path}`).toBeDefined();
      expectErrorBody(res.body, "METHOD_NOT_ALLOWED", `${method} ${path}`);
    }
    expect((await raw("TRACE", "/v1/accounts")).headers["allow"]).toBe("GET, HEAD, OPTIONS");
  });

  test("an oversized header (a 100 kB bearer token) gets 431 with the body", async () => {
    const answer = await rawBytes(`GET /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nAuthorization: Bearer ${"a".repeat(100 * 1024)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expectErrorBody(answer.split("\r\n\r\n")[1]!, "HEADERS_TOO_LARGE", "431");
  });

  test("matrix parameters and other paths no operation has get the API's 404, not the portal's page", async () => {
    for (const [method, path] of [
      ["POST", "/v2/virtual-accounts;x=1"],
      ["GET", "/v2/virtual-accounts;x=1/1000123456"],
      ["GET", "/v1/accounts;x=1"],
      ["GET", "/v2/no-such-thing"],
    ]) {
      const res = await raw(method!, path!, { "content-type": "application/json" });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers["content-type"], `${method} ${path}`).toContain("application/json");
      expectErrorBody(res.body, "NOT_FOUND", `${method} ${path}`);
    }
  });

  test("a raw control character in the request line gets 400 with the body", async () => {
    for (const target of ["/v1/accounts?x=\t", "/login?callbackUrl=/\t/127.0.0.1:9", "/v2/virtual-accounts?\u0001"]) {
      const answer = await rawBytes(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n\r\n`);
      expect(answer, JSON.stringify(target)).toMatch(/^HTTP\/1\.1 400 /);
      expectErrorBody(answer.split("\r\n\r\n")[1]!, "VALIDATION_ERROR", JSON.stringify(target));
    }
  });
});

test.describe("sign-in's callbackUrl (issue 19, item 9)", () => {
  test("a tab or another control character in callbackUrl answers a clean 4xx or a redirect on this origin, never 500", async ({ request }) => {
    const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    for (const callbackUrl of ["\t", "\t//127.0.0.1:9", "/\t/127.0.0.1:9", "\u0001", "\u007f//127.0.0.1:9", "\u2028", "http://127.0.0.1:9/"]) {
      const posted = await request.post("/api/auth/callback/credentials", {
        form: { csrfToken, email: "nobody@acme.test", password: "not the password", callbackUrl, json: "true" },
        maxRedirects: 0,
      });
      expect(posted.status(), JSON.stringify(callbackUrl)).toBeLessThan(500);
      const { url } = (await posted.json()) as { url: string };
      expect(new URL(url).port, `${JSON.stringify(callbackUrl)} -> ${url}`).toBe(String(PORT));
      const signin = await request.get(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, { maxRedirects: 0 });
      expect(signin.status(), JSON.stringify(callbackUrl)).toBeLessThan(500);
      expect(new URL(signin.headers()["location"] ?? "/", `http://localhost:${PORT}`).port, JSON.stringify(callbackUrl)).toBe(String(PORT));
    }
  });
});

test.describe("a signed-out cookie (issue 19, item 10)", () => {
  test("/api/auth/session answers a cookie whose session has ended with no user, as for no cookie", async ({ request, playwright }) => {
    await signInAs(request, "viewer");
    const cookie = (await request.storageState()).cookies
      .filter((c) => c.name.includes("next-auth.session-token"))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const copied = await playwright.request.newContext({ baseURL: `http://localhost:${PORT}`, extraHTTPHeaders: { cookie } });
    expect(((await (await copied.get("/api/auth/session")).json()) as { user?: unknown }).user).toBeDefined();

    const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    expect((await request.post("/api/auth/signout", { form: { csrfToken, json: "true" } })).ok()).toBe(true);

    expect(await (await copied.get("/api/auth/session")).json()).toEqual({});
    await copied.dispose();
  });
});
