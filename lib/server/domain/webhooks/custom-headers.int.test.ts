import { describe, expect, it } from "vitest";
import { GET as getSubscription } from "@/app/v1/notifications/subscriptions/[subscriptionId]/route";
import { GET as listSubscriptions, POST as createSubscription } from "@/app/v1/notifications/subscriptions/route";
import { sealStoredSecrets } from "@/lib/server/core/crypto/sealing-repo";
import { openCustomHeaders, type SealedHeaders } from "@/lib/server/core/crypto/stored-secrets";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, tokenFor } from "@/tests/api";

/** Issue 19, item 11: custom header values (often a receiver's API key) were stored and shown in clear. */

const API_KEY = "rk_live_51HarbourReceiverKey9f3a";

type Subscription = { subscriptionId: string; customHeaders: Record<string, string> };

async function subscribe(customHeaders: Record<string, string>): Promise<Subscription> {
  const res = await call<Subscription>(createSubscription, "/v1/notifications/subscriptions", {
    token: await tokenFor("acme"),
    body: { topic: "Deposits", callbackUrl: "http://127.0.0.1:9/hook", customHeaders },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe("webhook custom headers", () => {
  it("are sealed at rest, each value bound to its header's name, and open to what the client sent", async () => {
    const created = await subscribe({ "X-Api-Key": API_KEY, "X-Tenant": "7" });
    const { db } = await getRuntime();
    const { rows } = await db.query<{ headers: Record<string, string>; text: string }>(
      "SELECT custom_headers AS headers, custom_headers::text AS text FROM webhook_subscriptions WHERE subscription_id = $1",
      [created.subscriptionId],
    );
    expect(Object.keys(rows[0]!.headers).sort()).toEqual(["X-Api-Key", "X-Tenant"]);
    for (const value of Object.values(rows[0]!.headers)) expect(value).toMatch(/^enc:v1:/);
    expect(rows[0]!.text).not.toContain(API_KEY.slice(0, 12));
    expect(openCustomHeaders(rows[0]!.headers as SealedHeaders)).toEqual({ "X-Api-Key": API_KEY, "X-Tenant": "7" });
    // A sealed value moved under another header's name does not open there.
    const swapped = { "X-Tenant": rows[0]!.headers["X-Api-Key"]! } as unknown as SealedHeaders;
    expect(() => openCustomHeaders(swapped)).toThrow();
  });

  it("are shown masked: the last four characters of a value of 12 or more, nothing of a shorter one, in every response", async () => {
    const created = await subscribe({ "X-Api-Key": API_KEY, "X-Tenant": "7", "X-Eleven": "abcdefghijk" });
    const masked = { "X-Api-Key": "****9f3a", "X-Tenant": "****", "X-Eleven": "****" };
    expect(created.customHeaders).toEqual(masked);
    const token = await tokenFor("acme");
    const one = await call<Subscription>(getSubscription, "/x", { token, params: { subscriptionId: created.subscriptionId } });
    expect(one.body.customHeaders).toEqual(masked);
    const list = await call<{ data: Subscription[] }>(listSubscriptions, "/v1/notifications/subscriptions", { token });
    expect(list.body.data.find((s) => s.subscriptionId === created.subscriptionId)?.customHeaders).toEqual(masked);
    expect(JSON.stringify(list.body)).not.toContain(API_KEY);
  });

  it("left in clear by an older database are sealed at the next start, keeping their values", async () => {
    const created = await subscribe({ "X-Api-Key": API_KEY });
    const { db } = await getRuntime();
    await db.query(`UPDATE webhook_subscriptions SET custom_headers = '{"X-Api-Key": "legacy-clear-key-0001"}' WHERE subscription_id = $1`, [
      created.subscriptionId,
    ]);
    expect(await sealStoredSecrets(db)).toBe(1);
    const { rows } = await db.query<{ headers: SealedHeaders }>("SELECT custom_headers AS headers FROM webhook_subscriptions WHERE subscription_id = $1", [
      created.subscriptionId,
    ]);
    expect(rows[0]!.headers["X-Api-Key"]).toMatch(/^enc:v1:/);
    expect(openCustomHeaders(rows[0]!.headers)).toEqual({ "X-Api-Key": "legacy-clear-key-0001" });
    expect(await sealStoredSecrets(db)).toBe(0);
  });
});
