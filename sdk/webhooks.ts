import { constants, createHmac, createPublicKey, KeyObject, timingSafeEqual, verify as verifySignature, type JsonWebKey } from "node:crypto";
import { NonceMemory } from "./nonce-memory";

/**
 * Receiver-side verification of Harbour webhooks and callbacks (spec §6.3,
 * decisions §7). Pure: no database, no network; give it the raw request
 * bytes exactly as received (before any JSON parsing) and the keys.
 */
export type VerificationKeys =
  /** HMAC clients: the current secret, plus the previous one during a rotation's 24 h overlap. */
  | { mode: "hmac"; secrets: readonly string[] }
  /** RSA clients: the bank's public keys from GET /v1/.well-known/jwks.json. */
  | { mode: "rsa"; publicKeys: ReadonlyArray<KeyObject | JsonWebKey> };

export type IncomingWebhook = {
  method?: string;
  /** Path and query exactly as in the request line, e.g. `/hooks/harbour?tenant=7`. */
  path: string;
  headers: Headers | Record<string, string | string[] | undefined>;
  body: Uint8Array | string;
};

export type VerificationFailure = "MISSING_HEADER" | "MALFORMED_HEADER" | "WRONG_MODE" | "TIMESTAMP_OUT_OF_RANGE" | "BAD_SIGNATURE" | "REPLAYED_NONCE";

export type VerificationResult = { ok: true; timestamp: number; nonce: string } | { ok: false; reason: VerificationFailure; message: string };

export type VerifierOptions = { toleranceSeconds?: number; now?: () => number; nonces?: NonceMemory };

export const DEFAULT_TOLERANCE_SECONDS = 300;
const TIMESTAMP = /^\d{10}$/;
const NONCE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function headerOf(headers: IncomingWebhook["headers"], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

function fail(reason: VerificationFailure, message: string): VerificationResult {
  return { ok: false, reason, message };
}

function hmacMatches(secrets: readonly string[], data: Buffer, signature: Buffer): boolean {
  let matched = false;
  // Every secret is tried, so timing does not reveal which one matched.
  for (const secret of secrets) {
    const expected = createHmac("sha256", Buffer.from(secret, "utf8")).update(data).digest();
    if (expected.length === signature.length && timingSafeEqual(expected, signature)) matched = true;
  }
  return matched;
}

function rsaMatches(keys: ReadonlyArray<KeyObject | JsonWebKey>, data: Buffer, signature: Buffer): boolean {
  return keys.some((key) => {
    const publicKey = key instanceof KeyObject ? key : createPublicKey({ key, format: "jwk" });
    return verifySignature("sha256", data, { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, signature);
  });
}

/**
 * Returns a verifier that remembers nonces between calls. Checks, in order:
 * headers present and well-formed, signing mode, timestamp within
 * ±tolerance, signature over `{timestamp}{nonce}{METHOD}{path}{body}`, and
 * only then the nonce (so forged messages cannot fill the nonce memory).
 */
export function createWebhookVerifier(keys: VerificationKeys, options: VerifierOptions = {}) {
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Date.now;
  const nonces = options.nonces ?? new NonceMemory();

  return function verifyWebhook(message: IncomingWebhook): VerificationResult {
    const timestamp = headerOf(message.headers, "svc-timestamp");
    const nonce = headerOf(message.headers, "svc-nonce");
    const signature = headerOf(message.headers, "svc-signature");
    const version = headerOf(message.headers, "svc-signature-version");
    if (!timestamp || !nonce || !signature) return fail("MISSING_HEADER", "Svc-Timestamp, Svc-Nonce and Svc-Signature are required");
    if (!TIMESTAMP.test(timestamp)) return fail("MALFORMED_HEADER", "Svc-Timestamp must be 10 digits of Unix seconds");
    if (!NONCE.test(nonce)) return fail("MALFORMED_HEADER", "Svc-Nonce must be a lowercase UUID v4");
    if (!BASE64.test(signature)) return fail("MALFORMED_HEADER", "Svc-Signature must be base64");
    if (keys.mode === "rsa" && version !== "rsa-v1") return fail("WRONG_MODE", "expected an RSA (Svc-Signature-Version: rsa-v1) signature");
    if (keys.mode === "hmac" && version !== undefined) return fail("WRONG_MODE", `expected an HMAC signature, got version ${version}`);

    const nowMs = now();
    const stampedMs = Number(timestamp) * 1000;
    if (Math.abs(nowMs - stampedMs) > tolerance * 1000) return fail("TIMESTAMP_OUT_OF_RANGE", `timestamp is more than ${tolerance} s from now`);

    const body = typeof message.body === "string" ? Buffer.from(message.body, "utf8") : Buffer.from(message.body);
    const data = Buffer.concat([Buffer.from(`${timestamp}${nonce}${(message.method ?? "POST").toUpperCase()}${message.path}`, "utf8"), body]);
    const provided = Buffer.from(signature, "base64");
    const valid = keys.mode === "hmac" ? hmacMatches(keys.secrets, data, provided) : rsaMatches(keys.publicKeys, data, provided);
    if (!valid) return fail("BAD_SIGNATURE", "signature does not match");

    if (!nonces.remember(nonce, stampedMs + tolerance * 1000, nowMs)) return fail("REPLAYED_NONCE", "this nonce was already used");
    return { ok: true, timestamp: Number(timestamp), nonce };
  };
}

export { NonceMemory };
