import "server-only";
import { constants, createHmac, KeyObject, randomUUID, sign } from "node:crypto";

/**
 * Outbound message signatures (spec §5.5, §6.3; decisions §7). The signed
 * string is `{timestamp}{nonce}POST{path+query}{body}`; the fixed-width
 * timestamp (10 digits) and nonce (36 characters) keep the undelimited
 * concatenation unambiguous.
 */
export type Signer = { mode: "hmac"; secret: string } | { mode: "rsa"; key: KeyObject };

export const RSA_SIGNATURE_VERSION = "rsa-v1";
export const PSS_SALT_LENGTH = 32;

export function signedString(timestamp: string, nonce: string, method: string, pathAndQuery: string, body: string | Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}${nonce}${method}${pathAndQuery}`, "utf8"), Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8")]);
}

/** The path and query exactly as they appear in the request line. */
export function requestTarget(url: URL): string {
  return `${url.pathname}${url.search}`;
}

export function signBytes(signer: Signer, data: Buffer): string {
  if (signer.mode === "hmac") return createHmac("sha256", Buffer.from(signer.secret, "utf8")).update(data).digest("base64");
  return sign("sha256", data, { key: signer.key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: PSS_SALT_LENGTH }).toString("base64");
}

/**
 * The Svc-* headers of one attempt: a fresh timestamp, nonce and signature
 * every time, so a retry is never a replay in the receiver's eyes.
 */
export function signatureHeaders(
  signer: Signer,
  message: { url: URL; body: string },
  now: Date = new Date(),
  nonce: string = randomUUID(),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000)).padStart(10, "0");
  const signature = signBytes(signer, signedString(timestamp, nonce, "POST", requestTarget(message.url), message.body));
  const headers: Record<string, string> = { "Svc-Timestamp": timestamp, "Svc-Nonce": nonce, "Svc-Signature": signature };
  if (signer.mode === "rsa") headers["Svc-Signature-Version"] = RSA_SIGNATURE_VERSION;
  return headers;
}

/** The bank's RS256 token key, reused for RSA-PSS: same key pair, published in the JWKS. */
export function rsaSigningKey(privateKey: CryptoKey): KeyObject {
  return KeyObject.from(privateKey);
}
