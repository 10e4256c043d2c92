import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { clientToken } from "./server-process";

test.describe("the API over real HTTP", () => {
  let token: string;
  test.beforeAll(async ({ baseURL }) => {
    token = await clientToken(baseURL!);
  });

  test("lists accounts as JSON and as CSV", async ({ request }) => {
    const json = await request.get("/v1/accounts?pageSize=2", { headers: { authorization: `Bearer ${token}` } });
    expect(json.status()).toBe(200);
    const body = await json.json();
    expect(body.meta.pagination).toMatchObject({ page_start: 1, page_size: 2, total_size: 7 });
    const csv = await request.get("/v1/accounts?pageSize=2", { headers: { authorization: `Bearer ${token}`, accept: "text/csv" } });
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const [header] = (await csv.text()).split("\r\n");
    expect(header).toContain("data_0_account_number");
  });

  test("ignores a spoofed X-Forwarded-For: the socket address is the client address", async ({ request }) => {
    const res = await request.get("/v1/system/time", { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "203.0.113.9" } });
    expect(res.status()).toBe(200);
  });

  test("never answers bad input with a 500", async ({ request }) => {
    const auth = { authorization: `Bearer ${token}` };
    const probes = [
      request.get(`/v1/accounts/${"9".repeat(37)}`, { headers: auth }),
      request.get("/v1/accounts?pageSize=%00", { headers: auth }),
      request.get("/v1/accounts?pageToken=%E0%A4%A", { headers: auth }),
      request.get("/v1/accounts/%25%00", { headers: auth }),
      request.post("/v1/oauth/token", { headers: { "content-type": "application/json" }, data: "[[[[" }),
      request.get("/v1/accounts", { headers: { authorization: "Bearer " + "a".repeat(10_000) } }),
      request.get("/v1/system/time", { headers: { ...auth, accept: "text/csv" } }),
    ];
    for (const res of await Promise.all(probes)) {
      expect(res.status(), res.url()).toBeGreaterThanOrEqual(400);
      expect(res.status(), res.url()).toBeLessThan(500);
      const body = await res.json();
      expect(JSON.stringify(body)).not.toContain("    at ");
    }
  });

  test("serves the OpenAPI document committed as openapi.json (npm run openapi), naming its own address as the server", async ({ request }) => {
    const res = await request.get("/v1/openapi.json");
    expect(res.status()).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/accounts", "/v1/accounts/{accountNumber}", "/v1/system/time"]));
    const committed = JSON.parse(readFileSync("openapi.json", "utf8")) as { servers: unknown };
    expect(doc.servers).toEqual([{ url: expect.stringMatching(/^https?:\/\//) }]);
    expect({ ...doc, servers: committed.servers }, "the served document differs from openapi.json: run `npm run openapi` and commit it").toEqual(committed);
  });
});
