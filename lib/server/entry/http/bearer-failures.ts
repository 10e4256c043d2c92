import "server-only";
import { ApiError } from "@/lib/contract/http/errors";
import { recordFailure, secondsUntil, type ThrottlePolicy } from "@/lib/server/domain/auth/throttle";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * 100 refused bearer tokens from one address within 10 minutes make its
 * further refusals 429 for 10 minutes. Counted only when a token is refused,
 * so valid traffic pays nothing for it.
 */
export const BEARER_THROTTLE: ThrottlePolicy = { maxFailures: 100, windowSeconds: 10 * 60, lockSeconds: 10 * 60 };

/**
 * Counts a refused Authorization header against its source address
 * (auth_throttle, shared by all servers) and returns the error to answer:
 * the 401 itself, or a 429 with Retry-After once the address is over its
 * budget. A request without the header is not a guess and is not counted.
 */
export async function bearerRefusal(
  db: Queryable,
  sourceAddress: string | null,
  hadHeader: boolean,
  error: unknown,
  policy = BEARER_THROTTLE,
): Promise<unknown> {
  if (!(error instanceof ApiError) || error.code !== "UNAUTHORIZED" || !hadHeader || !sourceAddress) return error;
  const lockedUntil = await recordFailure(db, [{ scope: "bearer-address", key: sourceAddress, policy }]);
  if (!lockedUntil) return error;
  const seconds = secondsUntil(lockedUntil);
  const minutes = Math.ceil(seconds / 60);
  return new ApiError("RATE_LIMITED", `Too many requests with invalid access tokens from this address. Please wait ${minutes} minute(s) before retrying.`, {
    extra: { retry_after: `${minutes} minutes` },
    headers: { "Retry-After": String(seconds) },
  });
}
