import type { components } from "./schema";

/** Client credentials the SDK exchanges at POST /v1/oauth/token, or a function returning a bearer token. */
export type TokenSource = { clientId: string; clientSecret: string; scope?: string } | (() => string | Promise<string>);

type TokenResponse = components["schemas"]["TokenResponse"];

/** A token is renewed this long before it expires, so no request leaves with one about to lapse. */
const RENEW_MARGIN_MS = 30_000;

export type TokenCache = { get(): Promise<string>; forget(): void };

/**
 * One exchange at a time, shared by every request waiting for it, and the token reused until shortly before
 * `expires_in` runs out: a busy integration mints a few tokens an hour, not one per call (the bank limits mints).
 */
export function cachedToken(source: TokenSource, baseUrl: string, fetchFn: (request: Request) => Promise<Response>, now = Date.now): TokenCache {
  if (typeof source === "function") return { get: async () => source(), forget: () => undefined };
  const credentials = source;
  let cached: { token: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function exchange(): Promise<string> {
    const body = new URLSearchParams({ grant_type: "client_credentials", client_id: credentials.clientId, client_secret: credentials.clientSecret });
    if (credentials.scope) body.set("scope", credentials.scope);
    const request = new Request(`${baseUrl}/v1/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
    });
    const response = await fetchFn(request);
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok || !isTokenResponse(json)) throw new TokenExchangeError(response.status, json);
    cached = { token: json.access_token, renewAt: now() + json.expires_in * 1000 - RENEW_MARGIN_MS };
    return json.access_token;
  }

  return {
    async get() {
      if (cached && cached.renewAt > now()) return cached.token;
      pending ??= exchange().finally(() => {
        pending = null;
      });
      return pending;
    },
    forget() {
      cached = null;
    },
  };
}

function isTokenResponse(json: unknown): json is TokenResponse {
  const body = json as Partial<TokenResponse> | undefined;
  return typeof body?.access_token === "string" && typeof body.expires_in === "number";
}

/** The token endpoint's refusal (RFC 6749 §5.2: `error` is e.g. `invalid_client`, `invalid_scope`). */
export class TokenExchangeError extends Error {
  readonly name = "TokenExchangeError";
  readonly error: string | undefined;

  constructor(
    readonly status: number,
    body: unknown,
  ) {
    const fields = (typeof body === "object" && body !== null ? body : {}) as { error?: unknown; error_description?: unknown };
    super(typeof fields.error_description === "string" ? fields.error_description : `The token exchange failed (${status}).`);
    this.error = typeof fields.error === "string" ? fields.error : undefined;
  }
}
