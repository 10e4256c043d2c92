import "server-only";
import type { OAuthErrorBody } from "@/lib/contract/auth/token-schema";
import { hashSecret, verifySecret } from "@/lib/server/domain/auth/password";
import { isPermission, type Permission } from "@/lib/contract/auth/permissions";
import { issueAccessToken, type IssuedToken } from "@/lib/server/core/auth/tokens";
import { ApiError, ProtocolError } from "@/lib/contract/http/errors";
import { claimAttempt, forgiveAttempt, secondsUntil, type ThrottleKey, type ThrottlePolicy } from "@/lib/server/domain/auth/throttle";
import type { Runtime } from "@/lib/server/core/runtime";

/** RFC 6749 §4.4 client credentials, with RFC 6749 §5.2 errors (decisions §2). */

/**
 * Failed client authentication is throttled in PostgreSQL (every server
 * agrees): 10 failures for one client id from one source address within 10
 * minutes lock that pair for 10 minutes, 30 from one address lock the address.
 * Client ids are not secret, so the lock is never the id's alone: anyone could
 * lock an integration out; the right secret from an address that has not failed
 * still gets its token. Each attempt is counted before its secret is checked,
 * and a lock answers 429 with Retry-After before any secret is checked, so
 * guessing gets nowhere; tokens already issued keep working.
 */
export const TOKEN_THROTTLE: TokenThrottle = {
  client: { maxFailures: 10, windowSeconds: 10 * 60, lockSeconds: 10 * 60 },
  address: { maxFailures: 30, windowSeconds: 10 * 60, lockSeconds: 10 * 60 },
};
export type TokenThrottle = { client: ThrottlePolicy; address: ThrottlePolicy };

export class OAuthError extends ProtocolError {
  constructor(status: 400 | 401, body: OAuthErrorBody) {
    super(status, body, status === 401 ? { "WWW-Authenticate": 'Basic realm="harbour"' } : {});
  }
}

type Credentials = { clientId: string; clientSecret: string };

const invalidClient = () => new OAuthError(401, { error: "invalid_client", error_description: "Client authentication failed." });

function basicCredentials(authorization: string): Credentials {
  const decoded = Buffer.from(authorization.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) throw invalidClient();
  // RFC 6749 §2.3.1: both parts are form-urlencoded inside Basic.
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, " "));
    } catch {
      return s;
    }
  };
  return { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)) };
}

/**
 * RFC 6749 §2.3: a client uses one authentication method per request. A
 * secret in the form beside HTTP Basic, or a form client_id that is not the
 * Basic one, is refused rather than guessed between.
 */
function credentialsFrom(authorization: string | null, form: Record<string, unknown>): Credentials {
  if (authorization?.toLowerCase().startsWith("basic ")) {
    const basic = basicCredentials(authorization);
    if (form.client_secret !== undefined || (form.client_id !== undefined && form.client_id !== basic.clientId)) {
      throw new OAuthError(400, {
        error: "invalid_request",
        error_description: "Send client credentials once: either HTTP Basic or the client_id and client_secret fields, not both.",
      });
    }
    return basic;
  }
  const clientId = typeof form.client_id === "string" ? form.client_id : "";
  const clientSecret = typeof form.client_secret === "string" ? form.client_secret : "";
  return { clientId, clientSecret };
}

function throttleKeys(clientId: string, sourceAddress: string | null, policy: TokenThrottle): ThrottleKey[] {
  const keys: ThrottleKey[] = [];
  // The client's key is the pair (address, client id); without an address (no socket address known), the id.
  if (clientId) keys.push({ scope: "token-client", key: sourceAddress ? `${sourceAddress} ${clientId}` : clientId, policy: policy.client });
  if (sourceAddress) keys.push({ scope: "token-address", key: sourceAddress, policy: policy.address });
  return keys;
}

function throttled(until: Date): ApiError {
  const seconds = secondsUntil(until);
  const minutes = Math.ceil(seconds / 60);
  return new ApiError("RATE_LIMITED", `Too many failed client authentications. Please wait ${minutes} minute(s) before retrying.`, {
    extra: { retry_after: `${minutes} minutes` },
    headers: { "Retry-After": String(seconds) },
  });
}

/** Spent on unknown client ids so a wrong id costs as long as a wrong secret. */
let decoyHash: Promise<string> | undefined;

type ClientRow = { client_id: string; cif: string; permissions: string[]; suspended: boolean; credentials: Array<{ id: string; hash: string }> };

/**
 * A client with the secrets valid now (client_credentials, migrations/0010):
 * during a rotation's overlap the old and the new one both are.
 */
const CLIENT_SQL = `
SELECT c.client_id, c.cif, c.permissions, c.suspended_at IS NOT NULL AS suspended,
  coalesce(jsonb_agg(jsonb_build_object('id', k.credential_id, 'hash', k.secret_hash) ORDER BY k.created_at DESC)
           FILTER (WHERE k.credential_id IS NOT NULL), '[]') AS credentials
FROM clients c
LEFT JOIN client_credentials k ON k.client_id = c.client_id AND (k.expires_at IS NULL OR k.expires_at > now())
WHERE c.client_id = $1
GROUP BY c.client_id`;

/**
 * The client when the secret is right and the client is not suspended; null
 * for any failure (unknown id, wrong or expired secret, suspended, absurd lengths).
 */
async function authenticateClient(runtime: Runtime, clientId: string, clientSecret: string): Promise<ClientRow | null> {
  if (!clientId || !clientSecret || clientId.length > 100 || clientSecret.length > 200) return null;
  const { rows } = await runtime.db.query<ClientRow>(CLIENT_SQL, [clientId]);
  const client = rows[0];
  if (!client || client.credentials.length === 0) {
    await verifySecret(clientSecret, await (decoyHash ??= hashSecret("decoy")));
    return null;
  }
  for (const credential of client.credentials) {
    if (await verifySecret(clientSecret, credential.hash)) {
      if (client.suspended) return null;
      await runtime.db.query("UPDATE client_credentials SET last_used_at = now() WHERE client_id = $1 AND credential_id = $2", [clientId, credential.id]);
      return client;
    }
  }
  return null;
}

export async function exchangeClientCredentials(
  runtime: Runtime,
  authorization: string | null,
  form: Record<string, unknown>,
  sourceAddress: string | null = null,
  throttle: TokenThrottle = TOKEN_THROTTLE,
): Promise<IssuedToken> {
  if (form.grant_type !== "client_credentials") {
    throw new OAuthError(400, {
      error: form.grant_type === undefined ? "invalid_request" : "unsupported_grant_type",
      error_description: "grant_type must be client_credentials.",
    });
  }
  const { clientId, clientSecret } = credentialsFrom(authorization, form);
  const claim = await claimAttempt(runtime.counterDb, throttleKeys(clientId.length <= 100 ? clientId : "", sourceAddress, throttle));
  if (!claim.allowed) throw throttled(claim.lockedUntil);
  const client = await authenticateClient(runtime, clientId, clientSecret);
  if (!client) throw claim.lockedUntil ? throttled(claim.lockedUntil) : invalidClient();
  await forgiveAttempt(runtime.counterDb, claim, (key) => key.scope === "token-client");
  const granted = client.permissions.filter(isPermission);
  let scopes: Permission[] = granted;
  if (typeof form.scope === "string" && form.scope.trim() !== "") {
    const requested = [...new Set(form.scope.trim().split(/\s+/))];
    const refused = requested.filter((s) => !granted.includes(s as Permission));
    if (refused.length) {
      throw new OAuthError(400, { error: "invalid_scope", error_description: `Scope not available to this client: ${refused.join(" ")}.` });
    }
    scopes = requested as Permission[];
  }
  return issueAccessToken(
    runtime.bankKey,
    { ...runtime.config.jwt, ttlSeconds: runtime.config.tokenTtlSeconds },
    { clientId: client.client_id, cif: client.cif, scopes },
  );
}
