import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST as createSubscription } from "@/app/v1/notifications/subscriptions/route";
import { POST as createDeposit } from "@/app/v1/sandbox/deposits/route";
import { call, expectErrorBody, tokenFor } from "@/tests/api";

// Read once by getConfig(), which nothing has called yet.
process.env.APP_ENV = "production";
// Production names the address its links use (docs/security.md).
process.env.PUBLIC_BASE_URL ??= "http://localhost:3000";
// Production on an external database must be given the key that seals stored secrets (docs/operations.md, Keys):
// here, the one the test template was sealed with on this host.
process.env.HARBOUR_SECRETS_KEY = readFileSync(path.resolve(process.env.DATA_DIR ?? ".data", "secrets.key"), "utf8");

describe("in production", () => {
  it("the sandbox deposit endpoint does not exist, with or without a token", async () => {
    const body = { accountNumber: "3000456001", amount: "1.00", currency: "USD" };
    const anonymous = await call(createDeposit, "/v1/sandbox/deposits", { body });
    expectErrorBody(anonymous.body, 404, "NOT_FOUND");
    const authorised = await call(createDeposit, "/v1/sandbox/deposits", { token: await tokenFor("globex"), body });
    expectErrorBody(authorised.body, 404, "NOT_FOUND");
  });

  it("subscriptions need https and a public address", async () => {
    const token = await tokenFor("globex");
    for (const callbackUrl of ["http://127.0.0.1:9/hook", "https://127.0.0.1/hook", "https://localhost/hook", "https://[::1]/hook"]) {
      const res = await call(createSubscription, "/v1/notifications/subscriptions", { token, body: { topic: "Deposits", callbackUrl } });
      expect(res.status, callbackUrl).toBe(400);
      expect(res.body.field).toBe("callbackUrl");
    }
  });
});
