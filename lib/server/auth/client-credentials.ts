import "server-only";
import { z } from "zod";
import { ZTokenRequest, type OAuthErrorBody } from "@/lib/contract/auth/token-schema";
import { hashSecret, verifySecret } from "@/lib/server/auth/password";
import { isPermission, type Permission } from "@/lib/contract/auth/permissions";
import { issueAccessToken, type IssuedToken } from "@/lib/server/auth/tokens";
import { ProtocolError } from "@/lib/contract/http/errors";
import type { Runtime } from "@/lib/server/runtime";

/** RFC 6749 §4.4 client credentials, with RFC 6749 §5.2 errors (decisions §2). */


export class OAuthError extends ProtocolError {
  constructor(status: 400 | 401, body: OAuthErrorBody) {
    super(status, body, status === 401 ? { "WWW-Authenticate": 'Basic realm="harbour"' } : {});
  }
}

type Credentials = { clientId: string; clientSecret: string };

function credentialsFrom(authorization: string | null, form: Record<string, unknown>): Credentials {
  if (authorization?.toLowerCase().startsWith("basic ")) {
    const decoded = Buffer.from(authorization.slice(6).trim(), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon > 0) {
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
  }
  const clientId = typeof form.client_id === "string" ? form.client_id : "";
  const clientSecret = typeof form.client_secret === "string" ? form.client_secret : "";
  return { clientId, clientSecret };
}

const invalidClient = () =>
  new OAuthError(401, { error: "invalid_client", error_description: "Client authentication failed." });

/** Spent on unknown client ids so a wrong id costs as long as a wrong secret. */
let decoyHash: Promise<string> | undefined;

export async function exchangeClientCredentials(
  runtime: Runtime,
  authorization: string | null,
  form: Record<string, unknown>,
): Promise<IssuedToken> {
  if (form.grant_type !== "client_credentials") {
    throw new OAuthError(400, {
      error: form.grant_type === undefined ? "invalid_request" : "unsupported_grant_type",
      error_description: "grant_type must be client_credentials.",
    });
  }
  const { clientId, clientSecret } = credentialsFrom(authorization, form);
  if (!clientId || !clientSecret || clientId.length > 100 || clientSecret.length > 200) throw invalidClient();
  const { rows } = await runtime.db.query<{ client_id: string; cif: string; secret_hash: string; permissions: string[] }>(
    "SELECT client_id, cif, secret_hash, permissions FROM clients WHERE client_id = $1",
    [clientId],
  );
  const client = rows[0];
  if (!client) {
    await verifySecret(clientSecret, await (decoyHash ??= hashSecret("decoy")));
    throw invalidClient();
  }
  if (!(await verifySecret(clientSecret, client.secret_hash))) throw invalidClient();
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
