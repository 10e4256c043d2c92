import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { GET as getSigningSecretRoute } from "@/app/v1/notifications/signing-secret/route";
import { PUT as putPolicies } from "@/app/v1/approvals/policies/route";
import { POST as approveRoute } from "@/app/v1/approvals/drafts/[draftId]/approve/route";
import {
  beginEnrolment,
  checkCode,
  confirmEnrolment,
  requireFreshSecondFactor,
  recordProof,
  requireStepUp,
  secondFactorAtSignIn,
  stepUp,
  totpTimeStep,
} from "@/lib/server/domain/auth/second-factor";
import { resetSecondFactor } from "@/lib/server/domain/auth/second-factor-team";
import { startSession } from "@/lib/server/domain/auth/sessions";
import type { Principal } from "@/lib/server/core/auth/tokens";
import { DEMO_TOTP_SECRETS } from "@/lib/server/entry/seed";
import { findPortalUserBySession } from "@/lib/server/domain/users/repo";
import { getRuntime } from "@/lib/server/entry/runtime";
import { secondFactorRequired, STEP_UP_MAX_AGE_S } from "@/lib/contract/auth/second-factor";
import { ApiError } from "@/lib/contract/http/errors";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { portalSessionFor } from "@/tests/portal";

/** A step boundary far from the test's own clock: every check below runs on this fixed time. */
const T0 = new Date(1_900_000_020 * 1000);
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const codeAt = (secret: string, time: Date) => generate({ secret, epoch: Math.floor(time.getTime() / 1000) });

async function user(email: string): Promise<{ userId: string; clientId: string }> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ user_id: string; client_id: string }>("SELECT user_id, client_id FROM users WHERE email = $1", [email]);
  return { userId: rows[0]!.user_id, clientId: rows[0]!.client_id };
}

async function auditActions(entityId: string): Promise<string[]> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ action: string }>("SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY audit_id", [entityId]);
  return rows.map((r) => r.action);
}

const portalPrincipal = (userId: string, sessionId: string, clientId = "acme"): Principal => ({
  clientId,
  cif: "",
  scopes: new Set(),
  tokenId: "t",
  portalUser: { id: userId, email: "x@acme.test", role: "admin", sessionId },
});

describe("TOTP second factor (RFC 6238, fixed clock)", () => {
  it("enrolment: a sealed secret, confirmed by a code from the app, then ten single-use recovery codes shown once", async () => {
    const { db } = await getRuntime();
    const viewer = { ...(await user("viewer@acme.test")), email: "viewer@acme.test" };
    const enrolment = (await beginEnrolment(db, viewer))!;
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Harbour:viewer%40acme\.test\?/);
    // Reloading the page shows the same secret the app already scanned.
    expect((await beginEnrolment(db, viewer))!.secret).toBe(enrolment.secret);
    const { rows } = await db.query<{ secret_sealed: string }>("SELECT secret_sealed FROM user_second_factors WHERE user_id = $1", [viewer.userId]);
    expect(rows[0]!.secret_sealed).not.toContain(enrolment.secret);

    const { sessionId } = await startSession(db, viewer.userId, 3600);
    const actor = { ...viewer, sessionId };
    expect(await confirmEnrolment(db, actor, "000000", T0)).toMatchObject({ ok: false });
    const confirmed = await confirmEnrolment(db, actor, await codeAt(enrolment.secret, T0), T0);
    expect(confirmed.ok).toBe(true);
    const codes = confirmed.ok ? confirmed.recoveryCodes : [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    codes.forEach((c) => expect(c).toMatch(/^[a-z2-7]{10}$/));
    const stored = await db.query<{ code_hash: string }>("SELECT code_hash FROM user_recovery_codes WHERE user_id = $1", [viewer.userId]);
    expect(stored.rows.map((r) => r.code_hash)).not.toContain(codes[0]);
    expect(await beginEnrolment(db, viewer)).toBeNull();
    expect(await auditActions(viewer.userId)).toContain("second_factor.enrolled");
    // Enrolling in a session opened on the password is no step-up proof: its first step-up asks for a code.
    await expect(requireFreshSecondFactor(db, sessionId, T0)).rejects.toMatchObject({ code: "STEP_UP_REQUIRED" });

    // The enrolment code itself is spent: it cannot sign in.
    expect(await checkCode(db, viewer, { kind: "totp", code: await codeAt(enrolment.secret, T0) }, "second_factor.failed", T0)).toMatchObject({ ok: false });

    // Recovery codes: each works once, and its use is audited.
    expect(await checkCode(db, viewer, { kind: "recovery", code: codes[0]! }, "second_factor.failed", T0)).toEqual({ ok: true, used: "recovery" });
    expect(await checkCode(db, viewer, { kind: "recovery", code: codes[0]! }, "second_factor.failed", T0)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await checkCode(db, viewer, { kind: "recovery", code: codes[1]! }, "second_factor.failed", T0)).toEqual({ ok: true, used: "recovery" });
    const actions = await auditActions(viewer.userId);
    expect(actions.filter((a) => a === "second_factor.recovery_code_used")).toHaveLength(2);
    expect(actions).toContain("second_factor.failed");
  });

  it("window edges: a code is good from one step before its own to one step after, not a second beyond", async () => {
    const secret = DEMO_TOTP_SECRETS["approver@acme.test"]!;
    const step = T0.getTime() / 1000 / 30;
    const code = await codeAt(secret, T0);
    expect(await totpTimeStep(secret, code, at(-30), null)).toBe(step);
    expect(await totpTimeStep(secret, code, at(0), null)).toBe(step);
    expect(await totpTimeStep(secret, code, at(59), null)).toBe(step);
    expect(await totpTimeStep(secret, code, at(-31), null)).toBeNull();
    expect(await totpTimeStep(secret, code, at(60), null)).toBeNull();
  });

  it("replay: a code just used is refused, and so is any code of an earlier step", async () => {
    const { db } = await getRuntime();
    const approver = await user("approver@acme.test");
    const secret = DEMO_TOTP_SECRETS["approver@acme.test"]!;
    const now = at(3600);
    const code = { kind: "totp" as const, code: await codeAt(secret, now) };
    expect(await checkCode(db, approver, code, "second_factor.failed", now)).toEqual({ ok: true, used: "totp" });
    expect(await checkCode(db, approver, code, "second_factor.failed", now)).toMatchObject({ ok: false, reason: "invalid" });
    const earlier = { kind: "totp" as const, code: await codeAt(secret, at(3570)) };
    expect(await checkCode(db, approver, earlier, "second_factor.failed", now)).toMatchObject({ ok: false, reason: "invalid" });
    const next = { kind: "totp" as const, code: await codeAt(secret, at(3630)) };
    expect(await checkCode(db, approver, next, "second_factor.failed", at(3630))).toEqual({ ok: true, used: "totp" });
  });

  it("required for administrators and approvers: sign-in asks them for a code; without an authenticator they must enrol", async () => {
    expect(["admin", "approver"].every((r) => secondFactorRequired(r as "admin"))).toBe(true);
    expect(["viewer", "treasurer"].some((r) => secondFactorRequired(r as "viewer"))).toBe(false);
    const { db } = await getRuntime();
    const admin = await user("admin@acme.test");
    const identity = { id: admin.userId, clientId: admin.clientId };
    expect(await secondFactorAtSignIn(db, identity, undefined, null, T0)).toEqual({ ok: false, reason: "code-needed" });
    expect(await secondFactorAtSignIn(db, identity, "12345x", null, T0)).toEqual({ ok: false, reason: "invalid" });
    const code = await codeAt(DEMO_TOTP_SECRETS["admin@acme.test"]!, T0);
    expect(await secondFactorAtSignIn(db, identity, code, null, T0)).toEqual({ ok: true, provedAt: T0 });
    // A treasurer without one signs in on the password alone.
    const treasurer = await user("treasurer@acme.test");
    expect(await secondFactorAtSignIn(db, { id: treasurer.userId, clientId: "acme" }, undefined, null, T0)).toEqual({ ok: true, provedAt: null });

    // An administrator without an authenticator (new, or reset): the portal sends them to enrol, and step-up cannot pass.
    await db.query(
      "INSERT INTO users (user_id, client_id, email, display_name, role) VALUES (gen_random_uuid(), 'globex', 'second@globex.test', 'Second Admin', 'admin')",
    );
    const second = await user("second@globex.test");
    const { sessionId } = await startSession(db, second.userId, 3600);
    expect((await findPortalUserBySession(db, sessionId, second.userId))?.second_factor_enrolled).toBe(false);
    await recordProof(db, sessionId, T0);
    await expect(requireStepUp(db, portalPrincipal(second.userId, sessionId, "globex"), T0)).rejects.toMatchObject({ code: "STEP_UP_REQUIRED" });
  });

  it("an administrator resets a colleague's second factor in their own organisation only, behind step-up, ending their sessions, audited", async () => {
    const { db } = await getRuntime();
    const proven = async (email: string) => {
      const who = await user(email);
      const { sessionId } = await startSession(db, who.userId, 3600);
      await recordProof(db, sessionId);
      return { ...who, sessionId };
    };
    const acmeAdmin = { ...(await proven("admin@acme.test")), role: "admin" as const };
    const globexAdmin = { ...(await proven("admin@globex.test")), role: "admin" as const };
    const approver = await user("approver@acme.test");
    const approverSession = await startSession(db, approver.userId, 3600);
    const refused = await resetSecondFactor(db, globexAdmin, approver.userId).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("USER_NOT_FOUND");
    const approverState = await db.query("SELECT 1 FROM user_second_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL", [approver.userId]);
    expect(approverState.rowCount).toBe(1);

    const treasurer = { ...(await proven("treasurer@acme.test")), role: "treasurer" as const };
    await expect(resetSecondFactor(db, treasurer, approver.userId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Never one's own: a session whose proof went stale could otherwise swap in its own new authenticator.
    await expect(resetSecondFactor(db, acmeAdmin, acmeAdmin.userId)).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("your own") });
    // A proof older than five minutes asks again, and nothing changes.
    await recordProof(db, acmeAdmin.sessionId, new Date(Date.now() - 6 * 60_000));
    await expect(resetSecondFactor(db, acmeAdmin, approver.userId)).rejects.toMatchObject({ code: "STEP_UP_REQUIRED" });
    expect((await db.query("SELECT 1 FROM user_second_factors WHERE user_id = $1", [approver.userId])).rowCount).toBe(1);
    await recordProof(db, acmeAdmin.sessionId);

    await resetSecondFactor(db, acmeAdmin, approver.userId);
    expect((await db.query("SELECT 1 FROM user_second_factors WHERE user_id = $1", [approver.userId])).rowCount).toBe(0);
    // The colleague's sessions end with it: a copied session cannot enrol in their place.
    expect(await findPortalUserBySession(db, approverSession.sessionId, approver.userId)).toBeNull();
    const { rows } = await db.query<{ actor: string; before: unknown; after: unknown }>(
      "SELECT actor, before, after FROM audit_log WHERE action = 'second_factor.reset' AND entity_id = $1",
      [approver.userId],
    );
    expect(rows).toEqual([{ actor: `user:${acmeAdmin.userId}`, before: { enrolled: true }, after: { enrolled: false } }]);
  });
});

describe("step-up (5 minutes, fixed clock)", () => {
  it("a proof older than five minutes asks again; an integration's token is never asked", async () => {
    const { db } = await getRuntime();
    const admin = await user("admin@acme.test");
    const { sessionId } = await startSession(db, admin.userId, 3600);
    const principal = portalPrincipal(admin.userId, sessionId);
    await expect(requireStepUp(db, principal, T0)).rejects.toMatchObject({ code: "STEP_UP_REQUIRED" });
    await recordProof(db, sessionId, T0);
    await expect(requireStepUp(db, principal, at(STEP_UP_MAX_AGE_S))).resolves.toBeUndefined();
    await expect(requireStepUp(db, principal, at(STEP_UP_MAX_AGE_S + 1))).rejects.toMatchObject({ code: "STEP_UP_REQUIRED" });
    await expect(requireStepUp(db, { ...principal, portalUser: null }, at(3600))).resolves.toBeUndefined();

    // The prompt's answer: a wrong code is audited and changes nothing; a right one proves the session again.
    const actor = { ...admin, sessionId };
    const later = at(STEP_UP_MAX_AGE_S + 60);
    expect(await stepUp(db, actor, { kind: "totp", code: "000000" }, later)).toMatchObject({ ok: false });
    expect(await auditActions(admin.userId)).toContain("second_factor.step_up_failed");
    await expect(requireStepUp(db, principal, later)).rejects.toMatchObject({ code: "STEP_UP_REQUIRED" });
    expect(await stepUp(db, actor, { kind: "totp", code: await codeAt(DEMO_TOTP_SECRETS["admin@acme.test"]!, later) }, later)).toMatchObject({ ok: true });
    await expect(requireStepUp(db, principal, later)).resolves.toBeUndefined();
  });

  it("the routes: changing policies and revealing an HMAC secret answer 403 STEP_UP_REQUIRED to a stale portal session", async () => {
    const { db } = await getRuntime();
    const admin = await portalSessionFor("admin@globex.test");
    await db.query("UPDATE portal_sessions SET second_factor_at = now() - interval '6 minutes' WHERE session_id = $1", [admin.sessionId]);
    const put = await call(putPolicies, "/v1/approvals/policies", { method: "PUT", token: admin.token, body: { policies: [] } });
    expectErrorBody(put.body, 403, "STEP_UP_REQUIRED");
    const reveal = await call(getSigningSecretRoute, "/v1/notifications/signing-secret", { token: admin.token });
    expectErrorBody(reveal.body, 403, "STEP_UP_REQUIRED");
    expect(reveal.status).toBe(403);

    // Globex's own integration keeps the spec's behaviour.
    const integration = await call<{ secret: string | null }>(getSigningSecretRoute, "/v1/notifications/signing-secret", { token: await tokenFor("globex") });
    expect(integration.status).toBe(200);
    expect(integration.body.secret).toMatch(/^whsec_/);

    await db.query("UPDATE portal_sessions SET second_factor_at = now() WHERE session_id = $1", [admin.sessionId]);
    expect((await call(getSigningSecretRoute, "/v1/notifications/signing-secret", { token: admin.token })).status).toBe(200);
  });

  it("approving asks an approver for step-up before anything else; a treasurer is answered by the decision itself", async () => {
    const { db } = await getRuntime();
    const draftId = "00000000-0000-4000-8000-000000000001";
    const approve = (token: string) => call(approveRoute, `/v1/approvals/drafts/${draftId}/approve`, { token, body: {}, params: { draftId } });
    // The approver was reset above; an administrator approves too.
    const approver = await portalSessionFor("admin@acme.test");
    await db.query("UPDATE portal_sessions SET second_factor_at = now() - interval '301 seconds' WHERE session_id = $1", [approver.sessionId]);
    expectErrorBody((await approve(approver.token)).body, 403, "STEP_UP_REQUIRED");
    await db.query("UPDATE portal_sessions SET second_factor_at = now() - interval '299 seconds' WHERE session_id = $1", [approver.sessionId]);
    expectErrorBody((await approve(approver.token)).body, 404, "DRAFT_NOT_FOUND");
    const treasurer = await portalSessionFor("treasurer@acme.test");
    // No step-up for someone who may not approve: the decision itself answers them.
    expectErrorBody((await approve(treasurer.token)).body, 404, "DRAFT_NOT_FOUND");
  });
});

describe("the second factor's throttle under a parallel burst (issue 19, item 6)", () => {
  it("checks five codes at most, the right one included: every other attempt is refused before any check", async () => {
    const { db } = await getRuntime();
    const admin = await user("admin@globex.test");
    const { sessionId } = await startSession(db, admin.userId, 3600);
    const actor = { ...admin, sessionId };
    const right = await codeAt(DEMO_TOTP_SECRETS["admin@globex.test"]!, T0);
    // Thirty wrong codes at once with the right one in the middle, as an attacker holding a session would send them.
    const codes = Array.from({ length: 31 }, (_, i) => (i === 15 ? right : String(100000 + i)));
    const results = await Promise.all(codes.map((code) => stepUp(db, actor, { kind: "totp", code }, T0)));
    // Each wrong code checked is audited (the fifth answers "locked": it set the lock); a right one proves the session.
    const wrongChecked = (await auditActions(admin.userId)).filter((a) => a === "second_factor.step_up_failed").length;
    const rightChecked = results.filter((r) => r.ok).length;
    expect(wrongChecked).toBeGreaterThan(0);
    expect(wrongChecked + rightChecked).toBeLessThanOrEqual(5);
    expect(results.filter((r) => !r.ok && r.reason === "locked").length).toBeGreaterThanOrEqual(26);
  });
});
