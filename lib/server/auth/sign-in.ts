import "server-only";
import { hashSecret, verifySecret } from "@/lib/server/auth/password";
import type { Role } from "@/lib/contract/auth/roles";
import type { TSignIn } from "@/lib/contract/auth/sign-in-schema";
import type { Queryable } from "@/lib/server/db/types";
import { activeLockUntil, clearLoginFailures, findUserByEmail, recordLoginFailure, type ThrottlePolicy } from "@/lib/server/portal/users-repo";

/** Five wrong passwords within 15 minutes lock the address for 15 minutes. */
export const LOGIN_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

export type SignedInUser = { id: string; email: string; name: string; role: Role; clientId: string };

export type SignInResult =
  | { ok: true; user: SignedInUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; retryAfterSeconds: number };

/** Spent on unknown addresses so they take as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

function lockedFor(until: Date, now = Date.now()): SignInResult {
  return { ok: false, reason: "locked", retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now) / 1000)) };
}

/**
 * Checks a password against the users table. A locked address is refused
 * before the KDF runs, so a locked account costs an attacker nothing to probe
 * and the server nothing to refuse. Unknown and known addresses are counted
 * and answered alike.
 */
export async function authenticate(db: Queryable, input: TSignIn, policy: ThrottlePolicy = LOGIN_THROTTLE): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const lock = await activeLockUntil(db, email);
  if (lock) return lockedFor(lock);

  const user = await findUserByEmail(db, email);
  const valid = user
    ? await verifySecret(input.password, user.password_hash)
    : await verifySecret(input.password, await (decoyHash ??= hashSecret("decoy-password"))).then(() => false);

  if (!user || !valid) {
    const lockedUntil = await recordLoginFailure(db, email, policy);
    return lockedUntil ? lockedFor(lockedUntil) : { ok: false, reason: "invalid" };
  }
  await clearLoginFailures(db, email);
  return { ok: true, user: { id: user.user_id, email: user.email, name: user.display_name, role: user.role, clientId: user.client_id } };
}
