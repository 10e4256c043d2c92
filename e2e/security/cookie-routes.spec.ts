import { expect, test } from "../fixtures/portal";

/**
 * Every route a browser calls with its session cookie (the portal's, the
 * console's, the set-password page's) goes through one pipeline
 * (lib/server/entry/http/session-route.ts): one cross-site rule, JSON-only writes,
 * one body limit and one error body (decisions §3).
 */

const ERROR_KEYS = ["error", "message", "code", "field", "details", "correlationId"];

async function expectRefusal(response: { status(): number; json(): Promise<unknown> }, status: number, code: string): Promise<void> {
  expect(response.status()).toBe(status);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(expect.arrayContaining(ERROR_KEYS));
  expect(body.code).toBe(code);
}

const JSON_WRITE = { "content-type": "application/json" };

test.describe("cookie-authenticated routes", () => {
  test("refuse another site's request, the console and the set-password page included", async ({ page, signIn }) => {
    await signIn("admin");
    const crossSite = { ...JSON_WRITE, "sec-fetch-site": "cross-site" };
    await expectRefusal(await page.request.post("/api/portal/token", { headers: crossSite }), 403, "FORBIDDEN");
    await expectRefusal(await page.request.delete("/api/portal/sessions", { headers: crossSite }), 403, "FORBIDDEN");
    await expectRefusal(await page.request.post("/api/portal/step-up", { headers: crossSite, data: { code: "000000" } }), 403, "FORBIDDEN");
    await expectRefusal(await page.request.post("/api/password-links", { headers: crossSite, data: { token: "x", password: "y" } }), 403, "FORBIDDEN");
    // The console does not exist for anyone but an operator, whatever the site.
    await expectRefusal(await page.request.post("/api/operations/client-suspend", { headers: crossSite, data: { clientId: "acme" } }), 404, "NOT_FOUND");
  });

  test("take writes as JSON only, and answer every refusal with the API's error body", async ({ page, signIn }) => {
    await signIn("viewer");
    await expectRefusal(await page.request.post("/api/portal/token", { headers: { "content-type": "text/plain" }, data: "x" }), 415, "UNSUPPORTED_MEDIA_TYPE");
    await expectRefusal(await page.request.post("/api/portal/sessions/activity"), 415, "UNSUPPORTED_MEDIA_TYPE");
    await expectRefusal(await page.request.post("/api/portal/step-up", { headers: JSON_WRITE, data: "{not json" }), 400, "VALIDATION_ERROR");
    await expectRefusal(await page.request.post("/api/portal/step-up", { headers: JSON_WRITE, data: { code: "12" } }), 400, "VALIDATION_ERROR");
    const big = "x".repeat(1024 * 1024 + 1);
    await expectRefusal(
      await page.request.post("/api/password-links", { headers: JSON_WRITE, data: JSON.stringify({ token: big }) }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
    expect((await page.request.post("/api/portal/token", { headers: JSON_WRITE })).status()).toBe(200);
  });

  test("answer the signed-out with 401 and the error body", async ({ page }) => {
    await expectRefusal(await page.request.post("/api/portal/token", { headers: JSON_WRITE }), 401, "UNAUTHORIZED");
    await expectRefusal(await page.request.get("/api/portal/status"), 401, "UNAUTHORIZED");
  });
});
