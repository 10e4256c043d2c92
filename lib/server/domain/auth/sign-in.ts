import "server-only";
import { hashSecret, verifySecret } from "@/lib/server/domain/auth/password";
import type { Role } from "@/lib/contract/auth/roles";
import type { StaffRole } from "@/lib/contract/auth/staff";
import type { TSignIn } from "@/lib/contract/auth/sign-in-schema";
import type { Queryable } from "@/lib/server/core/db/types";
import { claimAttempt, forgiveAttempt, secondsUntil, type ThrottleKey, type ThrottlePolicy } from "@/lib/server/domain/auth/throttle";
import { findUserByEmail } from "@/lib/server/domain/users/repo";
import { auditSignInFailure } from "@/lib/server/domain/auth/session-audit";
import { originOf, type RequestOrigin } from "@/lib/server/core/request-origin";

/** Five wrong passwords within 15 minutes lock the address for 15 minutes. */
export const LOGIN_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/**
 * One source address may get 20 sign-ins wrong within 15 minutes (an office
 * behind one NAT mistypes, a password sprayer tries many emails), then waits
 * 15 minutes.
 */
export const LOGIN_ADDRESS_THROTTLE: ThrottlePolicy = { maxFailures: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/** clientId is "" for an operator (bank staff, lib/contract/auth/staff.ts). */
export type SignedInUser = { id: string; email: string; name: string; role: Role | StaffRole; clientId: string };

export type SignInResult = { ok: true; user: SignedInUser } | { ok: false; reason: "invalid" } | { ok: false; reason: "locked"; retryAfterSeconds: number };

/** Spent on unknown addresses so they take as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

function lockedFor(until: Date): SignInResult {
  return { ok: false, reason: "locked", retryAfterSeconds: secondsUntil(until) };
}

export type SignInPolicies = { email: ThrottlePolicy; address: ThrottlePolicy };

function throttleKeys(email: string, sourceAddress: string | null, policies: SignInPolicies): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ scope: "sign-in-email", key: email, policy: policies.email }];
  if (sourceAddress) keys.push({ scope: "sign-in-address", key: sourceAddress, policy: policies.address });
  return keys;
}

/**
 * Checks a password against the users table. Throttled per typed email and
 * per source address (lib/server/domain/auth/throttle.ts), each attempt counted before it is checked: a locked
 * email or address is refused before the KDF runs, so a locked account costs an attacker
 * nothing to probe and the server nothing to refuse. Unknown and known
 * addresses are counted and answered alike. `from` is the request's address, or its address and correlation id.
 */
export async function authenticate(
  db: Queryable,
  input: TSignIn,
  from: string | null | RequestOrigin = null,
  policies: SignInPolicies = { email: LOGIN_THROTTLE, address: LOGIN_ADDRESS_THROTTLE },
): Promise<SignInResult> {
  const { ip: sourceAddress, correlationId } = originOf(from);
  const email = input.email.trim().toLowerCase();
  // Counted before the password is checked: a parallel burst gets the limit's checks, no more.
  const claim = await claimAttempt(db, throttleKeys(email, sourceAddress, policies));
  if (!claim.allowed) return lockedFor(claim.lockedUntil);

  const user = await findUserByEmail(db, email);
  const valid = user
    ? await verifySecret(input.password, user.password_hash)
    : await verifySecret(input.password, await (decoyHash ??= hashSecret("decoy-password"))).then(() => false);

  if (!user || !valid) {
    const { lockedUntil } = claim;
    await auditSignInFailure(db, {
      user: user ? { userId: user.user_id, clientId: user.client_id } : null,
      email,
      ip: sourceAddress,
      correlationId,
      reason: user ? "wrong-password" : "unknown-email",
      lockedUntil,
    });
    return lockedUntil ? lockedFor(lockedUntil) : { ok: false, reason: "invalid" };
  }
  // The address only gets this attempt back: one right password must not reset a sprayer's budget.
  await forgiveAttempt(db, claim, (key) => key.scope === "sign-in-email");
  return { ok: true, user: { id: user.user_id, email: user.email, name: user.display_name, role: user.role, clientId: user.client_id ?? "" } };
}
