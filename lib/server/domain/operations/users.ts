import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { ApiError } from "@/lib/contract/http/errors";
import { ZOperatorCreate, ZOperatorRef, ZSetPassword, ZUserAccess, ZUserInvite, ZUserRoleChange } from "@/lib/contract/ops/schema";
import type { Pool } from "pg";
import { userActor } from "@/lib/server/core/audit/actors";
import { hashSecret } from "@/lib/server/domain/auth/password";
import { deleteFactor } from "@/lib/server/domain/auth/second-factor-repo";
import { endSessionsAudited } from "@/lib/server/domain/auth/session-audit";
import { claimAttempt, forgiveAttempt, secondsUntil, type ThrottlePolicy } from "@/lib/server/domain/auth/throttle";
import { withTransaction } from "@/lib/server/core/db/transaction";
import type { Queryable } from "@/lib/server/core/db/types";
import { parseInput } from "@/lib/contract/validation";
import { auditOperation, opsActor } from "@/lib/server/core/audit/operation";
import { requireClient } from "@/lib/server/domain/operations/clients";
import type { OpsContext } from "@/lib/server/core/operation-context";
import * as links from "@/lib/server/domain/operations/password-links-repo";
import * as repo from "@/lib/server/domain/users/repo";

/**
 * Portal users and operators (docs/operations.md, Portal users). Nobody is
 * given a password: an invitation or a reset prints a single-use link that
 * expires; the person sets their own password through it. No email server
 * is assumed: the operator hands the link over.
 */

export const INVITE_LINK_HOURS = 72;
export const RESET_LINK_HOURS = 24;

/** The token travels in the URL fragment, so it never reaches a server log or a Referer header. */
export const SET_PASSWORD_PATH = "/set-password";

const tokenHash = (token: string) => createHash("sha256").update(token).digest();

export type IssuedLink = { email: string; inviteUrl: string; expiresAt: string };

async function issueLink(ctx: OpsContext, tx: Queryable, user: repo.ManagedUserRow, purpose: "invite" | "reset"): Promise<IssuedLink> {
  const token = randomBytes(32).toString("base64url");
  const expires = await links.insertPasswordLink(tx, tokenHash(token), user.user_id, purpose, purpose === "invite" ? INVITE_LINK_HOURS : RESET_LINK_HOURS);
  return { email: user.email, inviteUrl: `${ctx.baseUrl}${SET_PASSWORD_PATH}#token=${token}`, expiresAt: expires.toISOString() };
}

function userAudit(ctx: OpsContext, user: repo.ManagedUserRow, action: string) {
  return { clientId: user.client_id, ...opsActor(ctx), action, entity: "user", entityId: user.user_id };
}

const sessionsOf = (u: repo.ManagedUserRow) => ({ userId: u.user_id, clientId: u.client_id, email: u.email });

const userView = (u: repo.ManagedUserRow) => ({
  email: u.email,
  name: u.display_name,
  role: u.role,
  status: u.disabled_at ? "disabled" : u.has_password ? "active" : "invited",
  createdAt: u.created_at.toISOString(),
});
export type UserView = ReturnType<typeof userView>;

async function createUser(ctx: OpsContext, user: { email: string; name?: string; role: string; clientId: string | null }, passwordHash: string | null) {
  return withTransaction(ctx.db, async (tx) => {
    if (user.clientId) await requireClient(tx, user.clientId);
    const row = await repo.insertUser(tx, {
      userId: randomUUID(),
      email: user.email,
      name: user.name ?? user.email.split("@")[0]!,
      role: user.role,
      clientId: user.clientId,
      passwordHash,
    });
    if (!row) throw new ApiError("ALREADY_EXISTS", `${user.email} already has a Harbour sign-in.`, { field: "email" });
    await auditOperation(tx, { ...userAudit(ctx, row, user.role === "operator" ? "operator.created" : "user.invited"), before: null, after: userView(row) });
    return passwordHash ? { email: row.email, inviteUrl: null } : issueLink(ctx, tx, row, "invite");
  });
}

export async function inviteUser(ctx: OpsContext, input: unknown): Promise<IssuedLink> {
  const data = parseInput(ZUserInvite, input);
  return (await createUser(ctx, data, null)) as IssuedLink;
}

export async function createOperator(ctx: OpsContext, input: unknown): Promise<IssuedLink> {
  const data = parseInput(ZOperatorCreate, input);
  return (await createUser(ctx, { ...data, role: "operator", clientId: null }, null)) as IssuedLink;
}

/** The uat seed's demo users (decisions §9 fixes their password); never in production. */
export async function createDemoUser(ctx: OpsContext, input: unknown, password: string): Promise<void> {
  if (ctx.appEnv !== "uat") throw new Error("demo users exist only in uat");
  const data = parseInput(ZUserInvite, input);
  await createUser(ctx, data, await hashSecret(password));
}

async function requireUser(tx: Queryable, clientId: string | null, email: string): Promise<repo.ManagedUserRow> {
  const row = await repo.lockUser(tx, clientId, email);
  if (!row) throw new ApiError("USER_NOT_FOUND", `There is no user ${email}${clientId ? ` in client ${clientId}` : ""}.`, { field: "email" });
  return row;
}

export async function listUsersOf(ctx: Pick<OpsContext, "db">, clientId: string | null): Promise<UserView[]> {
  return (await repo.listUsers(ctx.db, clientId)).map(userView);
}

export async function changeUserRole(ctx: OpsContext, input: unknown): Promise<UserView> {
  const data = parseInput(ZUserRoleChange, input);
  return withTransaction(ctx.db, async (tx) => {
    const before = await requireUser(tx, data.clientId, data.email);
    const after = await repo.updateUser(tx, before.user_id, { role: data.role });
    await auditOperation(tx, { ...userAudit(ctx, after, "user.role_changed"), before: userView(before), after: userView(after) });
    return userView(after);
  });
}

/**
 * A disabled user's server-side sessions end in the same transaction, so
 * their next page or portal call is refused; sign-in treats them as unknown.
 */
export async function setUserDisabled(ctx: OpsContext, input: unknown, disabled: boolean): Promise<UserView> {
  const data = parseInput(ZUserAccess, input);
  return withTransaction(ctx.db, async (tx) => {
    const before = await requireUser(tx, data.clientId, data.email);
    const after = await repo.updateUser(tx, before.user_id, { disabled });
    await auditOperation(tx, { ...userAudit(ctx, after, disabled ? "user.disabled" : "user.enabled"), before: userView(before), after: userView(after) });
    if (disabled) await endSessionsAudited(tx, opsActor(ctx), sessionsOf(before), "user-disabled");
    return userView(after);
  });
}

/**
 * An operator's lost phone: their authenticator and recovery codes are
 * removed and their sessions end; at their next sign-in they set up a new one
 * before any operations page. Command line only: in the console, one
 * operator's stolen session could strip another's second factor.
 */
export async function resetOperatorSecondFactor(ctx: OpsContext, input: unknown): Promise<UserView & { ended: number }> {
  const data = parseInput(ZOperatorRef, input);
  return withTransaction(ctx.db, async (tx) => {
    const user = await requireUser(tx, null, data.email);
    const hadOne = await deleteFactor(tx, user.user_id);
    await auditOperation(tx, { ...userAudit(ctx, user, "second_factor.reset"), before: { enrolled: hadOne }, after: { enrolled: false } });
    const ended = await endSessionsAudited(tx, opsActor(ctx), sessionsOf(user), "second-factor-reset");
    return { ...userView(user), ended };
  });
}

export async function resetUserPassword(ctx: OpsContext, input: unknown): Promise<IssuedLink> {
  const data = parseInput(ZUserAccess, input);
  return withTransaction(ctx.db, async (tx) => {
    const user = await requireUser(tx, data.clientId, data.email);
    await auditOperation(tx, { ...userAudit(ctx, user, "user.password_reset_issued"), before: null, after: null });
    return issueLink(ctx, tx, user, "reset");
  });
}

/** Ten wrong links within 15 minutes lock the address for 15 minutes (a link is 256 random bits: this only bounds the work). */
export const PASSWORD_LINK_THROTTLE: ThrottlePolicy = { maxFailures: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

const linkRefused = () => new ApiError("VALIDATION_ERROR", "This link has expired or was already used. Ask your bank for a new one.", { field: "token" });

/**
 * The set-password page's action, audited as the person whose link it was, from the request's address. One message
 * for every refusal: the link says nothing about who it was for. The link is checked, and the attempt counted per
 * address, before the password's KDF runs: a wrong link costs one indexed read, never a scrypt. A password set
 * from a link ends the person's live sessions (whoever held the old password is signed out), in its transaction.
 */
export async function setPasswordWithLink(
  db: Pool,
  input: unknown,
  from: { ip: string | null; correlationId: string } = { ip: null, correlationId: randomUUID() },
  throttle: ThrottlePolicy = PASSWORD_LINK_THROTTLE,
): Promise<{ email: string }> {
  const data = parseInput(ZSetPassword, input);
  const claim = await claimAttempt(db, from.ip ? [{ scope: "password-link-address", key: from.ip, policy: throttle }] : []);
  if (!claim.allowed) throw throttled(claim.lockedUntil);
  const hash = tokenHash(data.token);
  if (!(await links.isLivePasswordLink(db, hash))) throw linkRefused();
  // A right link gives its attempt back: the address's budget is for wrong ones.
  await forgiveAttempt(db, claim, () => false);
  const passwordHash = await hashSecret(data.password);
  return withTransaction(db, async (tx) => {
    const spent = await links.spendPasswordLink(tx, hash, passwordHash);
    if (!spent) throw linkRefused();
    const person = { actor: userActor(spent.user_id), ...from };
    await auditOperation(tx, {
      clientId: spent.client_id,
      ...person,
      action: "user.password_set",
      entity: "user",
      entityId: spent.user_id,
      before: null,
      after: null,
    });
    await endSessionsAudited(tx, person, { userId: spent.user_id, clientId: spent.client_id, email: spent.email }, "password-set");
    return { email: spent.email };
  });
}

function throttled(until: Date): ApiError {
  const seconds = secondsUntil(until);
  const minutes = Math.ceil(seconds / 60);
  return new ApiError("RATE_LIMITED", `Too many links that did not work from this address. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
    extra: { retry_after: `${minutes} minutes` },
    headers: { "Retry-After": String(seconds) },
  });
}
