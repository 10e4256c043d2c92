import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import type { Pool } from "pg";
import { userActor } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import * as repo from "@/lib/server/domain/auth/second-factor-repo";
import { claimAttempt, forgiveAttempt, secondsUntil, type ThrottleKey, type ThrottlePolicy } from "@/lib/server/domain/auth/throttle";
import type { Principal } from "@/lib/server/core/auth/tokens";
import { openTotpSecret, sealTotpSecret } from "@/lib/server/core/crypto/stored-secrets";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { originOf, type RequestOrigin } from "@/lib/server/core/request-origin";
import type { Queryable } from "@/lib/server/core/db/types";
import { BANK_SCOPE } from "@/lib/server/core/audit/operation";
import {
  RECOVERY_CODE_COUNT,
  STEP_UP_MAX_AGE_S,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  ZSecondFactorCode,
  type SecondFactorCode,
} from "@/lib/contract/auth/second-factor";
import { ApiError } from "@/lib/contract/http/errors";

/**
 * The portal's second factor (docs/security.md): TOTP (RFC 6238) through
 * otplib, one step either side of now accepted for clock drift, and no step
 * accepted twice, so a code seen over a shoulder is spent once its owner has
 * used it. Recovery codes are stored as SHA-256 hashes (50 random bits each:
 * too many to guess, so a fast hash is enough) and spent once.
 */

/** Who acts and from where, for the audit rows; clientId is "" for an operator (bank staff), whose rows join the bank's chain. */
export type FactorActor = { userId: string; clientId: string; ip?: string | null; correlationId?: string | null };

/** Five wrong codes within 15 minutes pause the user's codes (sign-in and step-up alike) for 15 minutes. */
export const SECOND_FACTOR_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

const ISSUER = "Harbour";
const RECOVERY_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);
const hashRecoveryCode = (code: string) => createHash("sha256").update(code).digest("hex");

/**
 * The time step `code` is valid for, within one step of `now`, and later than
 * `afterTimeStep` (the replay guard); null otherwise.
 */
export async function totpTimeStep(secret: string, code: string, now: Date, afterTimeStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: epochOf(now),
    period: TOTP_PERIOD_S,
    digits: TOTP_DIGITS,
    epochTolerance: TOTP_PERIOD_S,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** A fresh set of recovery codes replaces every earlier one (used or not); only their hashes are stored. */
async function issueRecoveryCodes(tx: Queryable, userId: string): Promise<string[]> {
  // 256 is a multiple of 32, so each byte's low five bits are uniform.
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b & 31]).join(""));
  await repo.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
  return codes;
}

const throttleKey = (userId: string): ThrottleKey => ({ scope: "second-factor", key: userId, policy: SECOND_FACTOR_THROTTLE });

export type CodeCheck = { ok: true; used: "totp" | "recovery" } | { ok: false; reason: "invalid" } | { ok: false; reason: "locked"; retryAfterSeconds: number };

/**
 * Checks a code a user typed (sign-in, step-up) against their confirmed
 * factor, spends it, and audits a recovery code's use and every failure
 * (`failureAction`). Throttled per user.
 */
export async function checkCode(db: Pool, actor: FactorActor, input: SecondFactorCode, failureAction: string, now = new Date()): Promise<CodeCheck> {
  // Counted before the code is checked: parallel codes get five checks at most (lib/server/domain/auth/throttle.ts).
  const claim = await claimAttempt(db, [throttleKey(actor.userId)]);
  if (!claim.allowed) return { ok: false, reason: "locked", retryAfterSeconds: secondsUntil(claim.lockedUntil) };
  const used = await withTransaction(db, async (tx) => {
    const factor = await repo.findFactor(tx, actor.userId, { lock: true });
    if (!factor?.confirmed_at) return null;
    if (input.kind === "recovery") {
      if (!(await repo.spendRecoveryCode(tx, actor.userId, hashRecoveryCode(input.code), now))) return null;
      const left = await repo.countUnusedRecoveryCodes(tx, actor.userId);
      await audit(tx, actor, "second_factor.recovery_code_used", { recoveryCodesLeft: left });
      return "recovery" as const;
    }
    const last = factor.last_time_step === null ? null : Number(factor.last_time_step);
    const step = await totpTimeStep(openTotpSecret(actor.userId, factor.secret_sealed), input.code, now, last);
    if (step === null) return null;
    await repo.advanceTimeStep(tx, actor.userId, step);
    return "totp" as const;
  });
  if (used) {
    await forgiveAttempt(db, claim, () => true);
    return { ok: true, used };
  }
  const { lockedUntil } = claim;
  await audit(db, actor, failureAction, { kind: input.kind, locked: lockedUntil !== null });
  return lockedUntil ? { ok: false, reason: "locked", retryAfterSeconds: secondsUntil(lockedUntil) } : { ok: false, reason: "invalid" };
}

type Change = { before?: Record<string, unknown>; after?: Record<string, unknown> };

function audit(db: Queryable, actor: FactorActor, action: string, data: Record<string, unknown> = {}, change: Change = {}) {
  return writeAudit(db, {
    ...change,
    clientId: actor.clientId || BANK_SCOPE,
    actor: userActor(actor.userId),
    action,
    entity: "user",
    entityId: actor.userId,
    data,
    ip: actor.ip,
    correlationId: actor.correlationId,
  });
}

export async function hasSecondFactor(db: Queryable, userId: string): Promise<boolean> {
  return Boolean((await repo.findFactor(db, userId))?.confirmed_at);
}

export type Enrolment = { secret: string; uri: string };

/**
 * Starts (or shows again) an enrolment: a new secret, sealed, waiting for its
 * first code. The same secret is shown until it is confirmed, so reloading
 * the page does not invalidate what the app already scanned.
 */
export async function beginEnrolment(db: Queryable, user: { userId: string; email: string }): Promise<Enrolment | null> {
  let factor = await repo.findFactor(db, user.userId);
  if (factor?.confirmed_at) return null;
  if (!factor) {
    await repo.insertPendingFactor(db, user.userId, sealTotpSecret(user.userId, generateSecret({ length: 20 })));
    factor = await repo.findFactor(db, user.userId);
    if (!factor || factor.confirmed_at) return null;
  }
  const secret = openTotpSecret(user.userId, factor.secret_sealed);
  return { secret, uri: generateURI({ issuer: ISSUER, label: user.email, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_S }) };
}

export type ConfirmedEnrolment = { ok: true; recoveryCodes: string[] } | { ok: false; message: string };

/**
 * Confirms an enrolment with the app's first code: the factor is live and ten
 * recovery codes are made; they are returned once here and only their hashes
 * are kept. Enrolling is not a step-up proof: the session was opened on a
 * password alone, so its first step-up asks for a code of the new app.
 */
export async function confirmEnrolment(db: Pool, actor: FactorActor & { sessionId: string }, code: string, now = new Date()): Promise<ConfirmedEnrolment> {
  return withTransaction(db, async (tx) => {
    const factor = await repo.findFactor(tx, actor.userId, { lock: true });
    if (!factor) return { ok: false, message: "Your enrolment has expired. Reload the page to start again." };
    if (factor.confirmed_at) return { ok: false, message: "Your authenticator is already set up." };
    const step = await totpTimeStep(openTotpSecret(actor.userId, factor.secret_sealed), code, now, null);
    if (step === null) return { ok: false, message: "That code does not match. Check the time on your phone and enter the code your app shows now." };
    await repo.confirmFactor(tx, actor.userId, step, now);
    const recoveryCodes = await issueRecoveryCodes(tx, actor.userId);
    await audit(tx, actor, "second_factor.enrolled", { recoveryCodes: recoveryCodes.length });
    return { ok: true, recoveryCodes };
  });
}

/** A session's proof of the second factor is fresh (at sign-in or a step-up prompt). */
export async function recordProof(db: Queryable, sessionId: string, now = new Date()): Promise<void> {
  await repo.markSessionSecondFactor(db, sessionId, now);
}

/**
 * Step-up: money-moving and secret-revealing actions of a portal user need
 * the second factor proven within STEP_UP_MAX_AGE_S, else 403
 * STEP_UP_REQUIRED (the portal asks for a code and retries). An
 * integration's token (no portal user) keeps the spec's behaviour.
 */
export async function requireStepUp(db: Queryable, principal: Principal, now = new Date()): Promise<void> {
  const user = principal.portalUser;
  if (!user) return;
  await requireFreshSecondFactor(db, user.sessionId, now);
}

/**
 * The step-up rule itself, for one signed-in session: the API's routes (via
 * requireStepUp), the operations console's role changes and the portal's own
 * server actions (new recovery codes) all ask it, so all answer alike.
 */
export async function requireFreshSecondFactor(db: Queryable, sessionId: string, now = new Date()): Promise<void> {
  const state = await repo.sessionSecondFactor(db, sessionId);
  if (!state?.enrolled) {
    throw new ApiError("STEP_UP_REQUIRED", "This needs a second factor: set up an authenticator app on the Sign-in security page first.", {
      extra: { enrolmentRequired: true },
    });
  }
  if (!state.provedAt || now.getTime() - state.provedAt.getTime() > STEP_UP_MAX_AGE_S * 1000) {
    throw new ApiError("STEP_UP_REQUIRED", "This needs a fresh code from your authenticator app: the last one was more than 5 minutes ago.");
  }
}

/**
 * New recovery codes for the signed-in person (lost or used up): behind
 * step-up, every earlier code stops working in the same transaction, the new
 * ones are returned this once and only their hashes are kept.
 */
export async function regenerateRecoveryCodes(db: Pool, actor: FactorActor & { sessionId: string }, now = new Date()): Promise<string[]> {
  await requireFreshSecondFactor(db, actor.sessionId, now);
  return withTransaction(db, async (tx) => {
    const factor = await repo.findFactor(tx, actor.userId, { lock: true });
    if (!factor?.confirmed_at) throw new ApiError("VALIDATION_ERROR", "Set up an authenticator app first: recovery codes come with it.");
    const unusedBefore = await repo.countUnusedRecoveryCodes(tx, actor.userId);
    const codes = await issueRecoveryCodes(tx, actor.userId);
    const change = { before: { recoveryCodesLeft: unusedBefore }, after: { recoveryCodesLeft: codes.length } };
    await audit(tx, actor, "second_factor.recovery_codes_regenerated", {}, change);
    return codes;
  });
}

/**
 * The step-up prompt's answer: a right code marks the session proven now; a
 * wrong one is audited (`second_factor.step_up_failed`) and counted.
 */
export async function stepUp(db: Pool, actor: FactorActor & { sessionId: string }, input: SecondFactorCode, now = new Date()): Promise<CodeCheck> {
  const result = await checkCode(db, actor, input, "second_factor.step_up_failed", now);
  if (result.ok) await recordProof(db, actor.sessionId, now);
  return result;
}

export type SignInFactor =
  { ok: true; provedAt: Date | null } | { ok: false; reason: "code-needed" | "invalid" } | { ok: false; reason: "locked"; retryAfterSeconds: number };

/**
 * The second step of sign-in, after a right password: a user with an
 * authenticator must give a code (or a recovery code). One without gets in on
 * the password; if their role requires one, every page then sends them to
 * enrolment (lib/server/entry/portal/session.ts; for operators, the operations gate
 * in lib/server/entry/console/operator-session.ts). Operators (no organisation) go
 * through the same step: their rows join the bank's own audit chain.
 */
export async function secondFactorAtSignIn(
  db: Pool,
  user: { id: string; clientId: string },
  code: string | undefined,
  from: string | null | RequestOrigin,
  now = new Date(),
): Promise<SignInFactor> {
  if (!(await hasSecondFactor(db, user.id))) return { ok: true, provedAt: null };
  if (code === undefined || code.trim() === "") return { ok: false, reason: "code-needed" };
  const parsed = ZSecondFactorCode.safeParse(code);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const result = await checkCode(db, { userId: user.id, clientId: user.clientId, ...originOf(from) }, parsed.data, "second_factor.failed", now);
  if (result.ok) return { ok: true, provedAt: now };
  return result;
}

/** UAT demo data only (lib/server/entry/seed.ts): an authenticator with a published secret, no recovery codes. */
export async function enrolDemoSecondFactor(db: Queryable, email: string, secret: string): Promise<void> {
  await repo.insertConfirmedFactor(db, email, (userId) => sealTotpSecret(userId, secret));
}
