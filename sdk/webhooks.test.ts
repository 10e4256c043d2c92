import { generateKeyPairSync, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signatureHeaders, type Signer } from "@/lib/server/domain/delivery/signing";
import { createWebhookVerifier } from "./webhooks";

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const url = new URL("https://127.0.0.1:9/hooks/harbour?tenant=7");
const body = JSON.stringify({ topic: "Deposits", value: { amount: "10.00", currency: "USD" } });
const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 });
const otherRsa = generateKeyPairSync("rsa", { modulusLength: 2048 });
const hmac: Signer = { mode: "hmac", secret: "whsec_test-secret" };
const rsaSigner: Signer = { mode: "rsa", key: rsa.privateKey };

function message(signer: Signer, at: number = T0, overrides: { path?: string; body?: string; nonce?: string } = {}) {
  const headers = signatureHeaders(signer, { url, body }, new Date(at), overrides.nonce ?? randomUUID());
  return { method: "POST", path: overrides.path ?? "/hooks/harbour?tenant=7", headers, body: Buffer.from(overrides.body ?? body) };
}

const hmacVerifier = (now = T0) => createWebhookVerifier({ mode: "hmac", secrets: [hmac.secret] }, { now: () => now });
const rsaVerifier = (now = T0) => createWebhookVerifier({ mode: "rsa", publicKeys: [rsa.publicKey.export({ format: "jwk" })] }, { now: () => now });

describe("webhook verifier", () => {
  it("accepts genuine HMAC and RSA messages", () => {
    expect(hmacVerifier()(message(hmac))).toMatchObject({ ok: true });
    expect(rsaVerifier()(message(rsaSigner))).toMatchObject({ ok: true });
  });

  it.each<[string, { path?: string; body?: string }]>([
    ["body", { body: body.replace("10.00", "99.00") }],
    ["path", { path: "/hooks/harbour?tenant=8" }],
  ])("rejects a tampered %s in both modes", (_name, overrides) => {
    const h = message(hmac);
    const r = message(rsaSigner);
    const tampered = (m: typeof h) => ({ ...m, path: overrides.path ?? m.path, body: overrides.body ? Buffer.from(overrides.body) : m.body });
    expect(hmacVerifier()(tampered(h))).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
    expect(rsaVerifier()(tampered(r))).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
  });

  it("rejects a tampered timestamp", () => {
    const m = message(hmac);
    const headers = { ...m.headers, "Svc-Timestamp": String(Number(m.headers["Svc-Timestamp"]) + 1) };
    expect(hmacVerifier()({ ...m, headers })).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
  });

  it("accepts ±5:00 and rejects ±5:01", () => {
    expect(hmacVerifier(T0 + 300_000)(message(hmac))).toMatchObject({ ok: true });
    expect(hmacVerifier(T0 - 300_000)(message(hmac))).toMatchObject({ ok: true });
    expect(hmacVerifier(T0 + 301_000)(message(hmac))).toMatchObject({ ok: false, reason: "TIMESTAMP_OUT_OF_RANGE" });
    expect(hmacVerifier(T0 - 301_000)(message(hmac))).toMatchObject({ ok: false, reason: "TIMESTAMP_OUT_OF_RANGE" });
  });

  it("rejects a replayed nonce", () => {
    const verify = hmacVerifier();
    const m = message(hmac);
    expect(verify(m)).toMatchObject({ ok: true });
    expect(verify(m)).toMatchObject({ ok: false, reason: "REPLAYED_NONCE" });
  });

  it("remembers a nonce stamped ahead until its timestamp + 5 min, beyond a plain 5-minute cache", () => {
    let now = T0;
    const verify = createWebhookVerifier({ mode: "hmac", secrets: [hmac.secret] }, { now: () => now });
    const ahead = message(hmac, T0 + 240_000);
    expect(verify(ahead)).toMatchObject({ ok: true });
    now = T0 + 360_000; // 6 min after receipt: a receipt-based 5-minute cache has forgotten it
    expect(verify(ahead)).toMatchObject({ ok: false, reason: "REPLAYED_NONCE" });
    now = T0 + 541_000; // past timestamp + 5 min: the window itself refuses it
    expect(verify(ahead)).toMatchObject({ ok: false, reason: "TIMESTAMP_OUT_OF_RANGE" });
  });

  it("does not let a forged message burn a nonce", () => {
    const verify = hmacVerifier();
    const nonce = randomUUID();
    const forged = message({ mode: "hmac", secret: "wrong" }, T0, { nonce });
    expect(verify(forged)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
    expect(verify(message(hmac, T0, { nonce }))).toMatchObject({ ok: true });
  });

  it("rejects the wrong key", () => {
    expect(createWebhookVerifier({ mode: "hmac", secrets: ["other"] }, { now: () => T0 })(message(hmac))).toMatchObject({ reason: "BAD_SIGNATURE" });
    expect(createWebhookVerifier({ mode: "rsa", publicKeys: [otherRsa.publicKey] }, { now: () => T0 })(message(rsaSigner))).toMatchObject({
      reason: "BAD_SIGNATURE",
    });
  });

  it("accepts the previous secret during a rotation overlap", () => {
    const verify = createWebhookVerifier({ mode: "hmac", secrets: ["new-secret", hmac.secret] }, { now: () => T0 });
    expect(verify(message(hmac))).toMatchObject({ ok: true });
  });

  it("rejects the wrong mode either way", () => {
    expect(rsaVerifier()(message(hmac))).toMatchObject({ ok: false, reason: "WRONG_MODE" });
    expect(hmacVerifier()(message(rsaSigner))).toMatchObject({ ok: false, reason: "WRONG_MODE" });
  });

  it("rejects missing and malformed headers", () => {
    const m = message(hmac);
    expect(hmacVerifier()({ ...m, headers: { ...m.headers, "Svc-Signature": "" } })).toMatchObject({ reason: "MISSING_HEADER" });
    expect(hmacVerifier()({ ...m, headers: { ...m.headers, "Svc-Nonce": m.headers["Svc-Nonce"]!.toUpperCase() } })).toMatchObject({
      reason: "MALFORMED_HEADER",
    });
    expect(hmacVerifier()({ ...m, headers: { ...m.headers, "Svc-Timestamp": "17954602850" } })).toMatchObject({ reason: "MALFORMED_HEADER" });
  });
});
