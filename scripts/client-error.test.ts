import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientError, answerConnect } from "./client-error.mjs";

/** What a raw client reads back for `request` (bytes as sent: Node's parser refuses them before any handler). */
function rawExchange(port: number, request: string | Buffer, { end = true } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("close", () => resolve(answer));
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? resolve(answer) : reject(error)));
    socket.write(request);
    if (end) socket.end();
  });
}

function parse(answer: string) {
  const [head, body = ""] = answer.split("\r\n\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? "")?.[1]);
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(json)).toEqual(["error", "message", "code", "field", "details", "correlationId"]);
  expect(head).toMatch(/content-type: application\/json; charset=utf-8/i);
  expect(head).toContain(`X-Correlation-Id: ${String(json.correlationId)}`);
  return { status, json };
}

describe("Node's own refusals carry the API's error body (issue 19, items 9 and 12: a bare 431)", () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    // The production server's settings that matter here: Node's 16 KiB header limit, and a request timeout.
    server = http.createServer({ requestTimeout: 300, headersTimeout: 300, connectionsCheckingInterval: 50 }, (_req, res) => res.end("answered"));
    server.on("clientError", answerClientError);
    server.on("connect", answerConnect);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a 100 kB bearer token with 431 HEADERS_TOO_LARGE", async () => {
    const token = "a".repeat(100 * 1024);
    const answer = await rawExchange(port, `GET /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    expect(parse(answer)).toMatchObject({ status: 431, json: { error: "Request Header Fields Too Large", code: "HEADERS_TOO_LARGE", field: null } });
  });

  it("answers control characters in the request line (a raw tab in a callbackUrl) and a malformed header with 400 VALIDATION_ERROR", async () => {
    for (const request of [
      "GET /login?callbackUrl=/\t/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
      "GET /v1/accounts?x=\u0001 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
      "GET /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n",
    ]) {
      expect(parse(await rawExchange(port, request)), JSON.stringify(request)).toMatchObject({ status: 400, json: { code: "VALIDATION_ERROR" } });
    }
  });

  it("answers a request whose headers never finish with 408 REQUEST_TIMEOUT", async () => {
    const answer = await rawExchange(port, "GET /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\n", { end: false });
    expect(parse(answer)).toMatchObject({ status: 408, json: { code: "REQUEST_TIMEOUT" } });
  });

  it("answers CONNECT (no route's method; Node closed the connection unanswered) with 405 METHOD_NOT_ALLOWED", async () => {
    const answer = await rawExchange(port, "CONNECT 127.0.0.1:9 HTTP/1.1\r\nHost: 127.0.0.1:9\r\n\r\n");
    expect(parse(answer)).toMatchObject({ status: 405, json: { code: "METHOD_NOT_ALLOWED" } });
  });

  it("leaves a well-formed request to the server", async () => {
    expect(await rawExchange(port, "GET /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")).toContain("answered");
  });
});
