import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createSubscription } from "@/app/v1/notifications/subscriptions/route";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { attemptPost } from "@/lib/server/domain/delivery/http-attempt";
import { enqueueDelivery } from "@/lib/server/domain/delivery/outbox";
import { DELIVERY_TASK } from "@/lib/server/domain/delivery/task";
import { Worker } from "@/lib/server/core/jobs/worker";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { startReceiver, type Receiver } from "@/tests/webhook-receiver";
import { POST as createVirtualAccounts } from "@/app/v1/virtual-accounts/route";
import { ssrfCases } from "@/tests/ssrf-cases";

// Read once by getConfig(), which nothing has called yet: uat, but private networks refused.
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "0";

let listener: Receiver;
let port: number;
beforeAll(async () => {
  listener = await startReceiver();
  port = Number(new URL(listener.url()).port);
});
afterAll(async () => {
  await listener.close();
});

/** Every spelling of "somewhere inside": loopback ones point at the live listener's port. */
const targets = (p: number) => [
  `http://127.0.0.1:${p}/hook`,
  `http://127.1:${p}/hook`,
  `http://2130706433:${p}/hook`,
  `http://0x7f000001:${p}/hook`,
  `http://0177.0.0.1:${p}/hook`,
  `http://127.0.0.2:${p}/hook`,
  `http://[::1]:${p}/hook`,
  `http://[::ffff:127.0.0.1]:${p}/hook`,
  `http://[::ffff:7f00:1]:${p}/hook`,
  `http://0.0.0.0:${p}/hook`,
  `http://[::]:${p}/hook`,
  `http://localhost:${p}/hook`,
  `http://localhost.:${p}/hook`,
  "http://169.254.169.254/latest/meta-data/",
  "http://[::ffff:169.254.169.254]/latest/meta-data/",
  "http://10.0.0.1/hook",
  "http://172.16.0.1/hook",
  "http://172.31.255.254/hook",
  "http://192.168.1.1/hook",
  "http://100.64.0.1/hook",
  "http://[fc00::1]/hook",
  "http://[fd00::1]/hook",
  "http://[fe80::1]/hook",
  "http://224.0.0.1/hook",
  "http://192.0.2.1/hook",
];

describe("SSRF guard with WEBHOOK_ALLOW_PRIVATE_NETWORKS=0", () => {
  it("refuses every internal target at subscription time with 400", async () => {
    const token = await tokenFor("globex");
    for (const callbackUrl of targets(port)) {
      const res = await call(createSubscription, "/v1/notifications/subscriptions", { token, body: { topic: "Deposits", callbackUrl } });
      expect(res.status, callbackUrl).toBe(400);
      expectErrorBody(res.body, 400, "VALIDATION_ERROR");
      expect(res.body.field).toBe("callbackUrl");
    }
    expect(listener.connections()).toBe(0);
  });

  it("refuses them again at connect time (a URL stored earlier, or DNS that changed): the listener sees no connection", async () => {
    const runtime = await getRuntime();
    const urls = targets(port);
    await withTransaction(runtime.db, async (tx) => {
      for (const url of urls) {
        await enqueueDelivery(tx, { clientId: "globex", url, body: { probe: url }, source: { kind: "ssrf-test", id: "1" } });
      }
    });
    await new Worker(runtime, [DELIVERY_TASK]).drain();
    expect(listener.connections()).toBe(0);
    const { rows } = await runtime.db.query<{ url: string; error: string }>(
      `SELECT d.url, a.error FROM deliveries d JOIN delivery_attempts a USING (client_id, delivery_id)
       WHERE d.client_id = 'globex' AND d.source_kind = 'ssrf-test'`,
    );
    expect(rows).toHaveLength(urls.length);
    // `localhost.` may not resolve at all on a host without a trailing-dot hosts entry: also no connection.
    for (const row of rows) expect(row.error, row.url).toMatch(row.url.includes("localhost.") ? /^(refused: |ENOTFOUND)/ : /^refused: /);
  });

  // One case per IANA special-purpose entry (tests/ssrf-cases.ts); literal addresses need no DNS, so no traffic leaves.
  it("refuses every non-global registry entry as a subscription and as a batch callbackUrl", async () => {
    const token = await tokenFor("globex");
    const acme = await tokenFor("acme");
    const item = { currency: "USD", accountHolderName: "Jane Tucker", accountName: "Tucker Deposit", clientReference: "T-1", dob: "1984-05-17" };
    for (const { entry, address } of ssrfCases().filter((c) => c.refused)) {
      const callbackUrl = `https://${address.includes(":") ? `[${address}]` : address}/hook`;
      const subscription = await call(createSubscription, "/v1/notifications/subscriptions", { token, body: { topic: "Deposits", callbackUrl } });
      expect(subscription.status, `${entry} ${callbackUrl}`).toBe(400);
      expect(subscription.body.field).toBe("callbackUrl");
      const batch = await call(createVirtualAccounts, "/v1/virtual-accounts", { token: acme, body: { items: [item], callbackUrl } });
      expect(batch.status, `${entry} ${callbackUrl}`).toBe(400);
      expect(batch.body.field).toBe("callbackUrl");
    }
    expect(listener.connections()).toBe(0);
  });

  it("does not follow a redirect to loopback, and refuses the redirecting host itself when it is internal", async () => {
    const redirecting = await startReceiver({ redirectTo: listener.url("/landed") });
    try {
      const strict = await attemptPost({ url: redirecting.url("/r"), headers: {}, body: "{}", policy: { allowPrivateNetworks: false, requireHttps: false } });
      expect(strict).toMatchObject({ succeeded: false, statusCode: null });
      expect(redirecting.connections()).toBe(0);
      const permissive = await attemptPost({
        url: redirecting.url("/r"),
        headers: {},
        body: "{}",
        policy: { allowPrivateNetworks: true, requireHttps: false },
      });
      expect(permissive).toMatchObject({ succeeded: false, statusCode: 302, error: "HTTP 302" });
      expect(listener.connections()).toBe(0);
    } finally {
      await redirecting.close();
    }
  });

  it("refuses non-http schemes whatever the policy", async () => {
    for (const url of ["file:///etc/passwd", "gopher://127.0.0.1:70/", "ftp://127.0.0.1/"]) {
      const outcome = await attemptPost({ url, headers: {}, body: "{}", policy: { allowPrivateNetworks: true, requireHttps: false } });
      expect(outcome.error, url).toMatch(/^refused: must use http or https/);
    }
  });
});
