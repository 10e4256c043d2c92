import "server-only";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { randomUUID } from "node:crypto";
import { TOKEN_ALGORITHM, type BankKey } from "@/lib/server/core/auth/keys";
import { isPermission, type Permission } from "@/lib/contract/auth/permissions";
import { isRole, type Role } from "@/lib/contract/auth/roles";
import { ApiError } from "@/lib/contract/http/errors";
import { isSessionId } from "@/lib/server/core/auth/session-id";

/** Who is calling, as proven by a verified access token. */
export type Principal = {
  clientId: string;
  cif: string;
  scopes: ReadonlySet<Permission>;
  tokenId: string;
  /**
   * Set on tokens minted by the portal (app/api/portal/token) for a signed-in
   * user: the portal's calls are charged to that user's quota, not the client's,
   * and a payment records who submitted it. A client-credentials token never
   * carries it, and only the bank's key can sign one that does.
   */
  portalUser: PortalActor | null;
};

/** `sessionId`: the portal session (lib/server/domain/auth/sessions.ts) the token was minted in; the pipeline refuses the token once it ends. */
export type PortalActor = { id: string; email: string; role: Role; sessionId: string };

export type TokenSettings = { issuer: string; audience: string; ttlSeconds: number };

export type IssuedToken = { access_token: string; token_type: "Bearer"; expires_in: number; scope: string };

export async function issueAccessToken(
  key: BankKey,
  settings: TokenSettings,
  subject: { clientId: string; cif: string; scopes: readonly Permission[]; portalUser?: PortalActor },
  now = Date.now(),
): Promise<IssuedToken> {
  const iat = Math.floor(now / 1000);
  const scope = subject.scopes.join(" ");
  const portal = subject.portalUser
    ? { portal_user: subject.portalUser.id, portal_email: subject.portalUser.email, portal_role: subject.portalUser.role, sid: subject.portalUser.sessionId }
    : {};
  const accessToken = await new SignJWT({ cif: subject.cif, scope, ...portal })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: key.kid, typ: "at+jwt" })
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setSubject(subject.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.ttlSeconds)
    .setJti(randomUUID())
    .sign(key.privateKey);
  return { access_token: accessToken, token_type: "Bearer", expires_in: settings.ttlSeconds, scope };
}

function unauthorized(message: string): ApiError {
  return new ApiError("UNAUTHORIZED", message, { headers: { "WWW-Authenticate": 'Bearer realm="harbour"' } });
}

/** Seconds a token's `iat` may lie ahead of our clock (servers' clocks differ a little). */
const CLOCK_SKEW_S = 5;

export type VerifySettings = Pick<TokenSettings, "issuer" | "audience"> & {
  /** Tokens whose lifetime (exp - iat) is longer are refused: the bank never issues them. */
  maxLifetimeSeconds: number;
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Each part must be canonical base64url: no padding, and no spare bits set in
 * the last character (two spellings of one signature would make a token that
 * is not byte-for-byte the one the bank issued).
 */
function assertCanonical(token: string): void {
  const parts = token.split(".");
  const canonical = parts.length === 3 && parts.every((p) => BASE64URL.test(p) && Buffer.from(p, "base64url").toString("base64url") === p);
  if (!canonical) throw unauthorized("The access token is invalid.");
}

/**
 * Verification pins the algorithm, issuer and audience and requires `exp`, so
 * `alg: none`, an HMAC token keyed with the public key, or a token for
 * another audience are all refused. It also refuses a non-canonical encoding,
 * an `iat` in the future beyond a small skew and a lifetime longer than the
 * configured maximum. That the `cif` is the client's is checked against the
 * clients table in the admission round trip (lib/server/entry/http/rate-limit.ts).
 */
/** One key, or the published keys by kid (a rotation's overlap: tokens of the old key verify until they expire). */
export type VerifyingKeys = Pick<BankKey, "publicKey"> | { publicKeyFor: (kid: string | undefined) => Promise<CryptoKey> };

export async function verifyAccessToken(token: string, keys: VerifyingKeys, settings: VerifySettings, now = Date.now()): Promise<Principal> {
  try {
    assertCanonical(token);
    const key = "publicKeyFor" in keys ? (header: { kid?: string }) => keys.publicKeyFor(header.kid) : keys.publicKey;
    const { payload } = await jwtVerify(token, key, {
      algorithms: [TOKEN_ALGORITHM],
      // RFC 9068: an access token says so (a JWT of another kind, an ID token say, is not one).
      typ: "at+jwt",
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ["exp", "iat", "sub", "jti"],
      currentDate: new Date(now),
      clockTolerance: CLOCK_SKEW_S,
    });
    // One audience, ours: a token minted for several services is not one for this bank's API alone.
    if (typeof payload.aud !== "string") throw unauthorized("The access token is invalid.");
    if (typeof payload.sub !== "string" || typeof payload.cif !== "string" || typeof payload.scope !== "string") {
      throw unauthorized("The access token lacks required claims.");
    }
    const iat = payload.iat!;
    if (iat > now / 1000 + CLOCK_SKEW_S) throw unauthorized("The access token is issued in the future.");
    if (payload.exp! - iat > settings.maxLifetimeSeconds) throw unauthorized("The access token lives longer than this bank allows.");
    const scopes = new Set(payload.scope.split(" ").filter(isPermission));
    return { clientId: payload.sub, cif: payload.cif, scopes, tokenId: String(payload.jti), portalUser: portalActorOf(payload) };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw unauthorized("The access token has expired.");
    throw unauthorized("The access token is invalid.");
  }
}

function portalActorOf(payload: Record<string, unknown>): PortalActor | null {
  const { portal_user: id, portal_email: email, portal_role: role, sid: sessionId } = payload;
  if (typeof id !== "string" || id === "" || typeof email !== "string" || !isRole(role)) return null;
  // A portal token without its session is refused, not taken for an integration's token.
  if (!isSessionId(sessionId)) throw unauthorized("The access token is invalid.");
  return { id, email, role, sessionId };
}

/**
 * Headers.get joins repeated headers with ", " (and scripts/server.mjs joins
 * the Authorization lines Node would otherwise drop), so a comma means two:
 * which one to believe is not ours to guess.
 */
export function bearerToken(headers: Headers): string {
  const header = headers.get("authorization");
  if (!header) throw unauthorized("Authentication is required: send Authorization: Bearer <access token>.");
  if (header.includes(",")) throw unauthorized("Send exactly one Authorization header.");
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized("The Authorization header must be: Bearer <access token>.");
  return match[1];
}

type CachedPrincipal = { principal: Principal; expiresAtMs: number };

/**
 * Verifying an RS256 signature costs more CPU than the rest of a typical
 * request's own work. A verified token's claims cannot change until it
 * expires, so each process remembers its verdict per token string, bounded
 * in size and never past the token's `exp`. Only successes are remembered.
 */
export function cachingVerifier(key: VerifyingKeys, settings: VerifySettings, maxEntries = 10_000): (token: string, now?: number) => Promise<Principal> {
  const cache = new Map<string, CachedPrincipal>();
  return async (token, now = Date.now()) => {
    const hit = cache.get(token);
    if (hit && now < hit.expiresAtMs) return hit.principal;
    if (hit) cache.delete(token);
    const principal = await verifyAccessToken(token, key, settings, now);
    const exp = decodeJwtExp(token);
    if (exp !== null) {
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(token, { principal, expiresAtMs: exp * 1000 });
    }
    return principal;
  };
}

function decodeJwtExp(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { exp?: unknown };
    return typeof payload.exp === "number" ? payload.exp : null;
  } catch {
    return null;
  }
}
