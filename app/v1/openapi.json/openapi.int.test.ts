import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/v1/openapi.json/route";
import { COMMITTED_SERVER_URL, openApiFileText } from "@/lib/contract/api/openapi-file";
import { call } from "@/tests/api";

describe("GET /v1/openapi.json", () => {
  it("serves exactly the committed openapi.json (npm run openapi writes it)", async () => {
    const committed = readFileSync("openapi.json", "utf8");
    const host = new URL(COMMITTED_SERVER_URL).host;
    const res = await call(GET, "/v1/openapi.json", { headers: { host } });
    expect(res.status).toBe(200);
    expect(openApiFileText(res.body), "the served document differs from openapi.json: run `npm run openapi` and commit it").toBe(committed);
  });

  it("names the caller's base URL as its server and nothing else differs", async () => {
    const res = await call<{ servers: Array<{ url: string }> }>(GET, "/v1/openapi.json", { headers: { host: "127.0.0.1:8443" } });
    expect(res.body.servers).toEqual([{ url: "http://127.0.0.1:8443" }]);
    const committed = JSON.parse(readFileSync("openapi.json", "utf8")) as Record<string, unknown>;
    expect({ ...res.body, servers: committed.servers }).toEqual(committed);
  });
});
