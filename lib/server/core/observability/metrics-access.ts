import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

const LOOPBACK_BINDS = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * Who may read /metrics (decisions §10): with METRICS_TOKEN set, a request
 * bearing exactly that token; without it, anyone who can reach the port, but
 * only when the server listens on loopback (a private port, as the servers of
 * `npm run cluster` do; the balancer refuses /metrics), and never in production,
 * where a path the balancer failed to recognise must not be the only guard:
 * there METRICS_TOKEN is required. Otherwise metrics are off: they describe
 * every client's traffic.
 */
export function metricsAccess(headers: Headers, env: Record<string, string | undefined> = process.env): "allowed" | "unauthorized" | "disabled" {
  const token = env.METRICS_TOKEN;
  if (token) {
    const sent = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1];
    return sent !== undefined && sameSecret(sent, token) ? "allowed" : "unauthorized";
  }
  return env.APP_ENV !== "production" && LOOPBACK_BINDS.has(env.HOSTNAME ?? "") ? "allowed" : "disabled";
}

/** Compared as digests: equal length for timingSafeEqual, and no early exit on the first differing byte. */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(a), digest(b));
}
