/**
 * The copy-paste receiver shown on the signing page: plain node:crypto, no
 * dependency, for the client's signing mode (decisions §7). It mirrors
 * sdk/webhooks.ts (the bank's own verifier): raw bytes, ±5 minutes,
 * constant-time compare, nonce remembered until timestamp + 5 minutes and only
 * after the signature matched. Unit-tested by running it against real
 * signatures (webhook-snippet.test.ts).
 */

export type SnippetMode = "HMAC-SHA256" | "RSA-PSS-SHA256";

const COMMON = String.raw`const TOLERANCE_S = 300;
const seenNonces = new Map(); // nonce -> forget after (ms)

function header(headers, name) {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function checkStampAndNonce(timestamp, nonce, now) {
  if (!/^\d{10}$/.test(timestamp) || !/^[0-9a-f-]{36}$/.test(nonce)) return false;
  return Math.abs(now - Number(timestamp) * 1000) <= TOLERANCE_S * 1000;
}

function rememberNonce(nonce, timestamp, now) {
  for (const [n, until] of seenNonces) if (until <= now) seenNonces.delete(n);
  if (seenNonces.has(nonce)) return false; // a replay
  seenNonces.set(nonce, Number(timestamp) * 1000 + TOLERANCE_S * 1000);
  return true;
}`;

const HMAC = String.raw`import { createHmac, timingSafeEqual } from "node:crypto";

// The Message Signing Secret from the portal (Webhooks > Signing). After a
// rotation, keep the previous one here as well for 24 hours.
const SECRETS = [process.env.HARBOUR_WEBHOOK_SECRET, process.env.HARBOUR_WEBHOOK_SECRET_PREVIOUS].filter(Boolean);

${COMMON}

/** rawBody: the request body bytes exactly as received, before JSON.parse. */
export function verifyHarbourWebhook({ method, path, headers, rawBody }, now = Date.now()) {
  const timestamp = header(headers, "svc-timestamp") ?? "";
  const nonce = header(headers, "svc-nonce") ?? "";
  const signature = Buffer.from(header(headers, "svc-signature") ?? "", "base64");
  if (header(headers, "svc-signature-version") !== undefined) return false; // not an HMAC message
  if (!checkStampAndNonce(timestamp, nonce, now)) return false;
  const signed = Buffer.concat([Buffer.from(timestamp + nonce + method.toUpperCase() + path, "utf8"), Buffer.from(rawBody)]);
  let valid = false;
  for (const secret of SECRETS) {
    const expected = createHmac("sha256", Buffer.from(secret, "utf8")).update(signed).digest();
    if (expected.length === signature.length && timingSafeEqual(expected, signature)) valid = true;
  }
  return valid && rememberNonce(nonce, timestamp, now);
}`;

const RSA = (jwksUrl: string) => String.raw`import { constants, createPublicKey, verify } from "node:crypto";

// The bank's public keys. Fetch again when a message fails with keys you have
// cached for a while: the bank publishes a new key before it signs with it.
const JWKS_URL = process.env.HARBOUR_JWKS_URL ?? "${jwksUrl}";
let publicKeys = [];
export async function loadHarbourKeys() {
  const { keys } = await (await fetch(JWKS_URL)).json();
  publicKeys = keys.map((jwk) => createPublicKey({ key: jwk, format: "jwk" }));
}

${COMMON}

/** rawBody: the request body bytes exactly as received, before JSON.parse. */
export function verifyHarbourWebhook({ method, path, headers, rawBody }, now = Date.now()) {
  const timestamp = header(headers, "svc-timestamp") ?? "";
  const nonce = header(headers, "svc-nonce") ?? "";
  const signature = Buffer.from(header(headers, "svc-signature") ?? "", "base64");
  if (header(headers, "svc-signature-version") !== "rsa-v1") return false;
  if (!checkStampAndNonce(timestamp, nonce, now)) return false;
  const signed = Buffer.concat([Buffer.from(timestamp + nonce + method.toUpperCase() + path, "utf8"), Buffer.from(rawBody)]);
  const options = { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 };
  const valid = publicKeys.some((key) => verify("sha256", signed, { key, ...options }, signature));
  return valid && rememberNonce(nonce, timestamp, now);
}`;

const SERVER = (mode: SnippetMode) => String.raw`
// A receiver on node:http. Answer 2xx within 10 s; anything else is retried.
import http from "node:http";
${mode === "RSA-PSS-SHA256" ? "\nawait loadHarbourKeys();\n" : ""}
http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks);
      // req.url is the path and query exactly as in the request line: what was signed.
      if (!verifyHarbourWebhook({ method: req.method, path: req.url, headers: req.headers, rawBody })) {
        res.writeHead(401).end();
        return;
      }
      const event = JSON.parse(rawBody.toString("utf8"));
      console.log("deposit", event.transactionId, event.value.amount, event.value.currency, "to", event.accountNumber);
      res.writeHead(204).end(); // deliveries are at least once: make handling idempotent on transactionId
    });
  })
  .listen(8080);
`;

/** The verifier alone (an ES module exporting verifyHarbourWebhook). */
export function verifierSource(mode: SnippetMode, jwksUrl: string): string {
  return mode === "HMAC-SHA256" ? HMAC : RSA(jwksUrl);
}

/** The whole receiver: verifier and a node:http server using it. */
export function receiverSnippet(mode: SnippetMode, jwksUrl: string): string {
  return `${verifierSource(mode, jwksUrl)}\n${SERVER(mode)}`;
}
