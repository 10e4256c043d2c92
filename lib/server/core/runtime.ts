import "server-only";
import type { Pool } from "pg";
import type { BankKey, KeyRing } from "@/lib/server/core/auth/keys";
import type { Principal } from "@/lib/server/core/auth/tokens";
import type { Config } from "@/lib/server/core/config";

/**
 * What a server process holds: configuration, the pools, the bank's keys. Built once, by the composition root
 * (getRuntime in lib/server/entry/runtime.ts, which also loads the demo data); every tier may take one.
 */
export type Runtime = {
  config: Config;
  db: Pool;
  /**
   * Connections whose commits do not wait for the WAL flush
   * (synchronous_commit=off), for counters whose last few hundred
   * milliseconds may be forgotten by a crash without harm: rate limits.
   * Never for money.
   */
  counterDb: Pool;
  /** The key this server signs with now (the key ring's current one; a rotation replaces it within KEY_REFRESH_MS). */
  readonly bankKey: BankKey;
  /** Every published key by kid: verification and the JWKS. */
  keyRing: KeyRing;
  pageTokenSecret: string;
  /** Verifies a bearer token against the bank key, issuer and audience (cached per token). */
  verifyToken: (token: string) => Promise<Principal>;
};
