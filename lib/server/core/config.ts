import "server-only";
import { z } from "zod";

const flag = z.enum(["0", "1"]).transform((v) => v === "1");

/** Environment settings (decisions §1), validated once; a bad value stops start-up with a clear message. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default("./.data"),
  APP_ENV: z.enum(["uat", "production"]).default("uat"),
  PUBLIC_BASE_URL: z.string().url().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(3600),
  PORTAL_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(3000),
  // More than the minute of warning before it; at most the 8-hour working day a session lasts anyway.
  PORTAL_IDLE_TIMEOUT_MIN: z.coerce.number().min(1.25).max(480).default(15),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: flag.optional(),
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
  TRUST_PROXY: flag.default(false),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  NEXTAUTH_URL: z.string().url().optional(),
  TOKEN_TTL_S: z.coerce.number().int().min(60).max(86_400).default(3600),
  JWT_ISSUER: z.string().min(1).default("https://harbour.bank"),
  JWT_AUDIENCE: z.string().min(1).default("harbour-open-banking"),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PG_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  PG_STALL_MS: z.coerce.number().int().min(100).max(60_000).default(2500),
  IDEMPOTENCY_TTL_S: z.coerce.number().int().min(1).default(3600),
  DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  DEDUPE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(2000),
  HARBOUR_SECRETS_KEY: z.string().min(1).optional(),
  HARBOUR_SECRETS_KEY_PREVIOUS: z.string().min(1).optional(),
  HARBOUR_SIGNING_KEY: z.string().min(1).optional(),
  HARBOUR_SIGNING_KEY_FILE: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  SMTP_FROM: z.string().min(3).default("Harbour notifications <notifications@harbour.bank>"),
  // The uat demo's history (lib/server/entry/demo-history.ts): `npm start` and `npm run dev` ask for 90 days; the test harnesses leave it 0.
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(366).default(0),
});

export type Config = {
  port: number;
  databaseUrl: string | undefined;
  /** The schema owner that applies migrations (docs/operations.md); unset: DATABASE_URL's role does both. */
  migrationDatabaseUrl: string | undefined;
  dataDir: string;
  appEnv: "uat" | "production";
  /** Days of demo history a new uat database is seeded with (0: today's demo only). */
  demoHistoryDays: number;
  publicBaseUrl: string | undefined;
  rateLimit: { max: number; windowSeconds: number };
  /** Each portal user's own quota per rate-limit window (the portal never spends the client's). */
  portalRateLimitMax: number;
  /** A portal session ends after this long without the user's activity (docs/security.md). */
  portalIdleTimeoutSeconds: number;
  webhookAllowPrivateNetworks: boolean;
  webhookRetryScale: number;
  trustProxy: boolean;
  /** With TRUST_PROXY=1, how many proxies of ours stand in front (each appends to X-Forwarded-For): the client is the entry before theirs. */
  trustProxyHops: number;
  /**
   * The one origin every generated link uses (PUBLIC_BASE_URL, else NEXTAUTH_URL's origin); unset (uat only), the
   * address a request was reached at. Required in production: Host and X-Forwarded-Host must never steer links.
   */
  linkBaseUrl: string | undefined;
  tokenTtlSeconds: number;
  /** Verification refuses tokens whose lifetime (exp - iat) exceeds maxLifetimeSeconds (TOKEN_TTL_S). */
  jwt: { issuer: string; audience: string; maxLifetimeSeconds: number };
  poolMax: number;
  /**
   * Every wait on the database is bounded (docs/operations.md): a checkout (a free or new connection), a statement
   * (the server's statement_timeout; 0 = none), and an answer to the watch's probe (a frozen server: lib/server/core/db/watch.ts).
   */
  database: { connectTimeoutMs: number; statementTimeoutMs: number; stallMs: number };
  /** How long a stored idempotent response is replayed (spec §4.3: about one hour). */
  idempotencyTtlSeconds: number;
  /** Finished webhook and callback deliveries (and their attempts) are kept this long for the delivery log. */
  deliveryRetentionDays: number;
  /** How long a payment waits for the instructionIdentification guard before 503 DEDUPE_LOCK_UNAVAILABLE. */
  dedupeLockTimeoutMs: number;
  /** AES-256-GCM key sealing the secrets kept in the database (lib/server/core/crypto); unset: a key file in DATA_DIR. */
  secretsKey: string | undefined;
  /** Keys values may still be sealed with during a rotation (comma-separated). */
  secretsKeyPrevious: string[];
  /** The bank's RSA signing key supplied as PEM, inline (`\n` escapes allowed) or as a file; unset: generated once in the database. */
  signingKey: { pem: string } | { file: string } | null;
  /** Where notification e-mail is sent (docs/notifications.md); unset: no e-mail, the outbox rows are marked Skipped. */
  smtp: { url: string; from: string } | null;
};

export function parseConfig(env: Record<string, string | undefined>): Config {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === "" ? undefined : v]));
  const parsed = ZEnv.safeParse(blankToUndefined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  if (e.APP_ENV === "production" && !e.PUBLIC_BASE_URL && !e.NEXTAUTH_URL) {
    throw new Error(
      "Invalid environment: production needs PUBLIC_BASE_URL (or NEXTAUTH_URL), the address its links name: a request's Host or X-Forwarded-Host must not decide them",
    );
  }
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    dataDir: e.DATA_DIR,
    appEnv: e.APP_ENV,
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, ""),
    rateLimit: { max: e.RATE_LIMIT_MAX, windowSeconds: e.RATE_LIMIT_WINDOW_S },
    portalRateLimitMax: e.PORTAL_RATE_LIMIT_MAX,
    portalIdleTimeoutSeconds: Math.round(e.PORTAL_IDLE_TIMEOUT_MIN * 60),
    webhookAllowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? e.APP_ENV === "uat",
    webhookRetryScale: e.WEBHOOK_RETRY_SCALE,
    trustProxy: e.TRUST_PROXY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    linkBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, "") ?? (e.NEXTAUTH_URL ? new URL(e.NEXTAUTH_URL).origin : undefined),
    tokenTtlSeconds: e.TOKEN_TTL_S,
    jwt: { issuer: e.JWT_ISSUER, audience: e.JWT_AUDIENCE, maxLifetimeSeconds: e.TOKEN_TTL_S },
    poolMax: e.PG_POOL_MAX,
    database: { connectTimeoutMs: e.PG_CONNECT_TIMEOUT_MS, statementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS, stallMs: e.PG_STALL_MS },
    idempotencyTtlSeconds: e.IDEMPOTENCY_TTL_S,
    deliveryRetentionDays: e.DELIVERY_RETENTION_DAYS,
    dedupeLockTimeoutMs: e.DEDUPE_LOCK_TIMEOUT_MS,
    secretsKey: e.HARBOUR_SECRETS_KEY,
    secretsKeyPrevious:
      e.HARBOUR_SECRETS_KEY_PREVIOUS?.split(",")
        .map((k) => k.trim())
        .filter(Boolean) ?? [],
    signingKey: e.HARBOUR_SIGNING_KEY
      ? { pem: e.HARBOUR_SIGNING_KEY.replaceAll("\\n", "\n") }
      : e.HARBOUR_SIGNING_KEY_FILE
        ? { file: e.HARBOUR_SIGNING_KEY_FILE }
        : null,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : null,
  };
}

let cached: Config | undefined;

/** Read lazily so nothing touches the environment during `next build`. */
export function getConfig(): Config {
  return (cached ??= parseConfig(process.env));
}
