import { randomUUID } from "node:crypto";
import { ApiError, errorBody } from "@/lib/contract/http/errors";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { PUT as putPolicies } from "@/app/v1/approvals/policies/route";
import { enrolDemoSecondFactor, recordProof, secondFactorAtSignIn } from "@/lib/server/domain/auth/second-factor";
import { startSession } from "@/lib/server/domain/auth/sessions";
import { BANK_SCOPE } from "@/lib/server/core/audit/operation";
import { runConsoleAction } from "@/lib/server/entry/console/console-actions";
import type { OpsContext } from "@/lib/server/core/operation-context";
import { createOperator } from "@/lib/server/domain/operations/users";
import { getRuntime } from "@/lib/server/entry/runtime";
import type { ConsoleAction } from "@/lib/contract/ops/console";
import { call, expectErrorBody } from "@/tests/api";
import { runOps } from "@/tests/ops";
import { portalSessionFor } from "@/tests/portal";

/** Any base32 secret: the operator's authenticator, set up outright as the demo seed does. */
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const T0 = new Date(1_900_000_020 * 1000);

async function operator(email: string): Promise<{ userId: string; ctx: OpsContext }> {
  const { db, config } = await getRuntime();
  const cli: OpsContext = { db, appEnv: config.appEnv, actor: "system:test", correlationId: randomUUID(), baseUrl: "http://localhost" };
  await createOperator(cli, { email });
  const { rows } = await db.query<{ user_id: string }>("SELECT user_id FROM users WHERE email = $1", [email]);
  const userId = rows[0]!.user_id;
  return { userId, ctx: { ...cli, actor: `user:${userId}` } };
}

async function consoleCall(ctx: OpsContext, session: { sessionId: string; mustEnrol: boolean }, action: ConsoleAction, body: unknown) {
  const correlationId = randomUUID();
  try {
    return { status: 200, body: (await runConsoleAction({ ...ctx, correlationId }, session, action, body)) as Record<string, unknown> };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, body: errorBody(error, correlationId) as Record<string, unknown> };
  }
}

async function roleOf(email: string): Promise<string> {
  const { db } = await getRuntime();
  return (await db.query<{ role: string }>("SELECT role FROM users WHERE email = $1", [email])).rows[0]!.role;
}

describe("bank operators' second factor (docs/security.md, docs/operations.md)", () => {
  it("an operator with an authenticator must give a code at sign-in; failures join the bank's audit chain", async () => {
    const { db } = await getRuntime();
    const { userId } = await operator("ops-signin@harbour.test");
    // No authenticator yet: the password signs in, and the operations gate then sends them to enrolment.
    expect(await secondFactorAtSignIn(db, { id: userId, clientId: "" }, undefined, null, T0)).toEqual({ ok: true, provedAt: null });
    await enrolDemoSecondFactor(db, "ops-signin@harbour.test", SECRET);
    expect(await secondFactorAtSignIn(db, { id: userId, clientId: "" }, undefined, null, T0)).toEqual({ ok: false, reason: "code-needed" });
    expect(await secondFactorAtSignIn(db, { id: userId, clientId: "" }, "000000", null, T0)).toEqual({ ok: false, reason: "invalid" });
    const code = await generate({ secret: SECRET, epoch: T0.getTime() / 1000 });
    expect(await secondFactorAtSignIn(db, { id: userId, clientId: "" }, code, null, T0)).toEqual({ ok: true, provedAt: T0 });
    const { rows } = await db.query<{ client_id: string }>("SELECT client_id FROM audit_log WHERE entity_id = $1 AND action = 'second_factor.failed'", [
      userId,
    ]);
    expect(rows.map((r) => r.client_id)).toEqual([BANK_SCOPE]);
  });

  it("every console change with a stale second factor is refused 403 STEP_UP_REQUIRED, as a policy change is; with a fresh one it passes", async () => {
    const { db } = await getRuntime();
    const { userId, ctx } = await operator("ops-roles@harbour.test");
    await enrolDemoSecondFactor(db, "ops-roles@harbour.test", SECRET);
    const { sessionId } = await startSession(db, userId, 3600);
    const session = { sessionId, mustEnrol: false };
    const change = { clientId: "acme", email: "viewer@acme.test", role: "admin" };

    // Signed in with a code six minutes ago: the last proof is too old.
    await recordProof(db, sessionId, new Date(Date.now() - 6 * 60_000));
    const stale = await consoleCall(ctx, session, "user-role", change);
    expect(stale.status).toBe(403);
    expectErrorBody(stale.body, 403, "STEP_UP_REQUIRED");
    expect(await roleOf("viewer@acme.test")).toBe("viewer");
    // Inviting someone gives them a role too: the same rule.
    const invite = await consoleCall(ctx, session, "user-invite", { clientId: "acme", email: "new-admin@acme.test", role: "admin" });
    expectErrorBody(invite.body, 403, "STEP_UP_REQUIRED");
    // So does every other change, a bank holiday included (it moves settlement dates): nothing is written.
    expectErrorBody((await consoleCall(ctx, session, "holiday-add", { date: "2031-12-29", name: "Test holiday" })).body, 403, "STEP_UP_REQUIRED");
    expectErrorBody((await consoleCall(ctx, session, "fx-rate-set", { from: "USD", to: "EUR", rate: "0.9" })).body, 403, "STEP_UP_REQUIRED");
    expectErrorBody((await consoleCall(ctx, session, "client-permissions", { clientId: "acme", permissions: ["get-account"] })).body, 403, "STEP_UP_REQUIRED");

    // The portal's policy step-up answers with the same status and code.
    const admin = await portalSessionFor("admin@acme.test");
    await db.query("UPDATE portal_sessions SET second_factor_at = now() - interval '6 minutes' WHERE session_id = $1", [admin.sessionId]);
    const policy = await call(putPolicies, "/v1/approvals/policies", { method: "PUT", token: admin.token, body: { policies: [] } });
    expect(policy.status).toBe(stale.status);
    expect(policy.body.code).toBe(stale.body.code);

    await recordProof(db, sessionId);
    const fresh = await consoleCall(ctx, session, "user-role", change);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ email: "viewer@acme.test", role: "admin" });
    expect(await roleOf("viewer@acme.test")).toBe("admin");
    expect((await consoleCall(ctx, session, "holiday-add", { date: "2031-12-29", name: "Test holiday" })).status).toBe(200);
  });

  it("an operator with no authenticator can run no console action; one who never proved a code is asked to step up", async () => {
    const { db } = await getRuntime();
    const { userId, ctx } = await operator("ops-new@harbour.test");
    const { sessionId } = await startSession(db, userId, 3600);
    const refused = await consoleCall(ctx, { sessionId, mustEnrol: true }, "holiday-add", { date: "2031-12-30", name: "Test holiday" });
    expectErrorBody(refused.body, 403, "FORBIDDEN");
    const unenrolled = await consoleCall(ctx, { sessionId, mustEnrol: false }, "user-role", { clientId: "acme", email: "treasurer@acme.test", role: "admin" });
    expectErrorBody(unenrolled.body, 403, "STEP_UP_REQUIRED");
    expect(unenrolled.body.enrolmentRequired).toBe(true);
    expect(await roleOf("treasurer@acme.test")).toBe("treasurer");
  });

  it("a lost phone: `operator reset-second-factor` removes the authenticator, ends the sessions and is audited in the bank's chain", async () => {
    const { db } = await getRuntime();
    const { userId } = await operator("ops-lost@harbour.test");
    await enrolDemoSecondFactor(db, "ops-lost@harbour.test", SECRET);
    const { sessionId } = await startSession(db, userId, 3600);
    const reset = await runOps(["operator", "reset-second-factor", "--email", "ops-lost@harbour.test", "--json"]);
    expect(reset).toMatchObject({ code: 0, json: { email: "ops-lost@harbour.test", role: "operator", ended: 1 } });
    expect(await secondFactorAtSignIn(db, { id: userId, clientId: "" }, undefined, null, T0)).toEqual({ ok: true, provedAt: null });
    const session = await db.query("SELECT 1 FROM portal_sessions WHERE session_id = $1 AND ended_at IS NULL", [sessionId]);
    expect(session.rowCount).toBe(0);
    const { rows } = await db.query<{ client_id: string; before: unknown }>(
      "SELECT client_id, before FROM audit_log WHERE entity_id = $1 AND action = 'second_factor.reset'",
      [userId],
    );
    expect(rows).toEqual([{ client_id: BANK_SCOPE, before: { enrolled: true } }]);
    // A client's user is not an operator: not found in the bank's scope.
    expect((await runOps(["operator", "reset-second-factor", "--email", "admin@acme.test", "--json"])).code).toBe(1);
  });
});
