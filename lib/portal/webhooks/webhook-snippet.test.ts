import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { signatureHeaders } from "@/lib/server/domain/delivery/signing";
import { receiverSnippet, verifierSource, type SnippetMode } from "@/lib/portal/webhooks/webhook-snippet";

type Verify = (message: { method: string; path: string; headers: Record<string, string>; rawBody: Buffer }, now?: number) => boolean;

const dir = mkdtempSync(join(tmpdir(), "harbour-snippet-"));
let n = 0;

/** Loads the snippet exactly as a client would paste it: a fresh ES module. */
async function load(mode: SnippetMode, jwksUrl = "http://127.0.0.1:9/jwks.json") {
  const file = join(dir, `verifier-${n++}.mjs`);
  writeFileSync(file, verifierSource(mode, jwksUrl));
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyHarbourWebhook: Verify; loadHarbourKeys?: () => Promise<void> };
}

const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
const body = JSON.stringify({
  subscriptionId: "5b7c",
  topic: "Deposits",
  accountNumber: "1000123456",
  transactionId: "DEP-1",
  type: "Credit",
  value: { amount: "1.00", currency: "USD" },
});
const url = new URL("https://127.0.0.1:9/hooks/harbour?tenant=7");

afterEach(() => {
  delete process.env.HARBOUR_WEBHOOK_SECRET;
  delete process.env.HARBOUR_WEBHOOK_SECRET_PREVIOUS;
  delete process.env.HARBOUR_JWKS_URL;
});

describe("the HMAC receiver snippet", () => {
  it("accepts the bank's signature, once, and refuses tampering, other secrets, stale stamps", async () => {
    process.env.HARBOUR_WEBHOOK_SECRET = "whsec_current";
    const { verifyHarbourWebhook } = await load("HMAC-SHA256");
    const now = new Date();
    const headers = lower(signatureHeaders({ mode: "hmac", secret: "whsec_current" }, { url, body }, now));
    const message = { method: "POST", path: "/hooks/harbour?tenant=7", headers, rawBody: Buffer.from(body) };
    expect(verifyHarbourWebhook({ ...message, rawBody: Buffer.from(body.replace("1.00", "9.00")) })).toBe(false);
    expect(verifyHarbourWebhook({ ...message, path: "/hooks/harbour" })).toBe(false);
    expect(verifyHarbourWebhook(message, now.getTime() + 301_000)).toBe(false);
    expect(verifyHarbourWebhook(message)).toBe(true);
    expect(verifyHarbourWebhook(message)).toBe(false); // replay

    const other = lower(signatureHeaders({ mode: "hmac", secret: "whsec_other" }, { url, body }, now));
    expect(verifyHarbourWebhook({ ...message, headers: other })).toBe(false);
  });

  it("accepts the previous secret during a rotation's overlap", async () => {
    process.env.HARBOUR_WEBHOOK_SECRET = "whsec_new";
    process.env.HARBOUR_WEBHOOK_SECRET_PREVIOUS = "whsec_old";
    const { verifyHarbourWebhook } = await load("HMAC-SHA256");
    for (const secret of ["whsec_old", "whsec_new"]) {
      const headers = lower(signatureHeaders({ mode: "hmac", secret }, { url, body }));
      expect(verifyHarbourWebhook({ method: "POST", path: "/hooks/harbour?tenant=7", headers, rawBody: Buffer.from(body) })).toBe(true);
    }
  });
});

describe("the RSA receiver snippet", () => {
  it("verifies RSA-PSS signatures with the keys of the JWKS", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const jwks = { keys: [{ ...publicKey.export({ format: "jwk" }), kid: "k1", use: "sig", alg: "PS256" }] };
    const { verifyHarbourWebhook, loadHarbourKeys } = await load("RSA-PSS-SHA256", `data:application/json,${encodeURIComponent(JSON.stringify(jwks))}`);
    await loadHarbourKeys!();
    const headers = lower(signatureHeaders({ mode: "rsa", key: privateKey }, { url, body }));
    const message = { method: "POST", path: "/hooks/harbour?tenant=7", headers, rawBody: Buffer.from(body) };
    expect(verifyHarbourWebhook({ ...message, rawBody: Buffer.from(`${body} `) })).toBe(false);
    expect(verifyHarbourWebhook({ ...message, headers: { ...headers, "svc-signature-version": "v0" } })).toBe(false);
    expect(verifyHarbourWebhook(message)).toBe(true);
    expect(verifyHarbourWebhook(message)).toBe(false);
  });

  it("names the JWKS URL and starts a server in the full snippet", () => {
    const code = receiverSnippet("RSA-PSS-SHA256", "https://127.0.0.1:9/v1/.well-known/jwks.json");
    expect(code).toContain('"https://127.0.0.1:9/v1/.well-known/jwks.json"');
    expect(code).toContain("await loadHarbourKeys();");
    expect(receiverSnippet("HMAC-SHA256", "x")).not.toContain("loadHarbourKeys");
  });
});
