import { describe, expect, it } from "vitest";
import { POST as achRoute } from "@/app/v1/payments/ach-local/route";
import { DELETE as endSessionsRoute } from "@/app/v1/users/[userId]/sessions/route";
import { POST as forceStatusRoute } from "@/app/v1/sandbox/payments/[paymentId]/status/route";
import { closeSession, openSession } from "@/lib/server/domain/auth/session-audit";
import { authenticate } from "@/lib/server/domain/auth/sign-in";
import { DEMO_PASSWORD } from "@/lib/server/entry/seed";
import { BANK_SCOPE } from "@/lib/server/core/audit/operation";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call } from "@/tests/api";
import { achBody } from "@/tests/payments";
import { portalSessionFor } from "@/tests/portal";

type AuditRow = {
  client_id: string;
  actor: string;
  action: string;
  entity: string;
  entity_id: string;
  ip: string | null;
  correlation_id: string | null;
  data: Record<string, unknown>;
};

async function rowsFor(entityId: string, action: string): Promise<AuditRow[]> {
  const { db } = await getRuntime();
  const { rows } = await db.query<AuditRow>(
    "SELECT client_id, actor, action, entity, entity_id, host(ip) AS ip, correlation_id, data FROM audit_log WHERE entity_id = $1 AND action = $2 ORDER BY audit_id",
    [entityId, action],
  );
  return rows;
}

async function user(email: string): Promise<{ id: string; clientId: string }> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ id: string; client_id: string }>("SELECT user_id::text AS id, client_id FROM users WHERE email = $1", [email]);
  return { id: rows[0]!.id, clientId: rows[0]!.client_id };
}

const LIMITS = { lifetimeSeconds: 3600, idleSeconds: 900 };

/** Audit completeness (issue 14): each of these actions leaves exactly its row, through the one writer. */
describe("every audited action leaves its row", () => {
  it("sign-in: a session opened writes session.signed_in in the user's organisation, with the address", async () => {
    const { db } = await getRuntime();
    const ada = await user("admin@acme.test");
    const session = await openSession(db, ada, LIMITS, "192.0.2.10");
    const [row, ...more] = (await rowsFor(ada.id, "session.signed_in")).filter((r) => r.data.sessionId === session.sessionId);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ client_id: "acme", actor: `user:${ada.id}`, entity: "user", ip: "192.0.2.10" });
  });

  it("failed sign-in: a wrong password is written in the user's organisation; an unknown email in the bank's own log", async () => {
    const { db } = await getRuntime();
    const victor = await user("viewer@acme.test");
    expect(await authenticate(db, { email: "viewer@acme.test", password: "not-the-password" }, "192.0.2.11")).toEqual({ ok: false, reason: "invalid" });
    const [wrong] = await rowsFor(victor.id, "session.sign_in_failed");
    expect(wrong).toMatchObject({ client_id: "acme", actor: `user:${victor.id}`, ip: "192.0.2.11", data: { reason: "wrong-password" } });

    await authenticate(db, { email: "nobody@example.test", password: "whatever-it-is" }, "192.0.2.12");
    const [unknown] = await rowsFor("nobody@example.test", "session.sign_in_failed");
    expect(unknown).toMatchObject({ client_id: BANK_SCOPE, actor: "anonymous", entity: "sign_in", ip: "192.0.2.12", data: { reason: "unknown-email" } });
    // The password typed is never recorded.
    expect(JSON.stringify([wrong, unknown])).not.toContain("not-the-password");
  });

  it("a successful password check writes no failure", async () => {
    const { db } = await getRuntime();
    const tara = await user("treasurer@acme.test");
    expect((await authenticate(db, { email: "treasurer@acme.test", password: DEMO_PASSWORD }, "192.0.2.13")).ok).toBe(true);
    expect(await rowsFor(tara.id, "session.sign_in_failed")).toHaveLength(0);
  });

  it("sign-out: ending a live session writes session.signed_out once; signing out again writes nothing", async () => {
    const { db } = await getRuntime();
    const arlo = await user("approver@acme.test");
    const session = await openSession(db, arlo, LIMITS, null);
    const who = { sessionId: session.sessionId, userId: arlo.id, clientId: arlo.clientId };
    await closeSession(db, who);
    await closeSession(db, who);
    const rows = (await rowsFor(arlo.id, "session.signed_out")).filter((r) => r.data.sessionId === session.sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ client_id: "acme", actor: `user:${arlo.id}` });
  });

  it("end sessions: an administrator's action is written with their address and correlation id", async () => {
    const target = await portalSessionFor("viewer@acme.test");
    const admin = await portalSessionFor("admin@acme.test");
    const res = await call(endSessionsRoute, `/v1/users/${target.userId}/sessions`, {
      method: "DELETE",
      token: admin.token,
      params: { userId: target.userId },
      headers: { "x-forwarded-for": "192.0.2.14", "x-correlation-id": "completeness-end" },
    });
    expect(res.status).toBe(200);
    const [row] = await rowsFor(target.userId, "user.sessions_ended");
    expect(row).toMatchObject({ client_id: "acme", actor: `user:${admin.userId}`, ip: "192.0.2.14", correlation_id: "completeness-end" });
  });

  it("a payment's row carries the actor, the address and the correlation id of its request (one statement)", async () => {
    const tara = await portalSessionFor("treasurer@acme.test");
    const res = await call<{ id: string }>(achRoute, "/v1/payments/ach-local", {
      token: tara.token,
      body: achBody({ instructedAmount: { amount: "12.34", currency: "USD" } }),
      headers: { "x-forwarded-for": "192.0.2.15", "x-correlation-id": "completeness-pay" },
    });
    expect(res.status).toBe(201);
    const [row, ...more] = await rowsFor(res.body.id, "payment.created");
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ client_id: "acme", actor: `user:${tara.userId}`, ip: "192.0.2.15", correlation_id: "completeness-pay", entity: "payment" });
  });

  it("a lifecycle move made through the API (the sandbox) carries its request's actor, address and correlation id", async () => {
    const tara = await portalSessionFor("treasurer@acme.test");
    const made = await call<{ id: string }>(achRoute, "/v1/payments/ach-local", {
      token: tara.token,
      body: achBody({ instructedAmount: { amount: "2.00", currency: "USD" } }),
    });
    const paymentId = made.body.id;
    const admin = await portalSessionFor("admin@acme.test");
    const res = await call(forceStatusRoute, `/v1/sandbox/payments/${paymentId}/status`, {
      token: admin.token,
      params: { paymentId },
      body: { status: "Completed" },
      headers: { "x-forwarded-for": "192.0.2.16", "x-correlation-id": "completeness-move" },
    });
    expect(res.status).toBe(200);
    const [row] = await rowsFor(paymentId, "payment.completed");
    expect(row).toMatchObject({ actor: `user:${admin.userId}`, ip: "192.0.2.16", correlation_id: "completeness-move" });
  });

  it("an address that is not an IP (a proxy's garbage) is dropped, the row still written", async () => {
    const res = await call<{ id: string }>(achRoute, "/v1/payments/ach-local", {
      token: (await portalSessionFor("treasurer@acme.test")).token,
      body: achBody({ instructedAmount: { amount: "1.00", currency: "USD" } }),
      headers: { "x-forwarded-for": "unknown" },
    });
    expect(res.status).toBe(201);
    const [row] = await rowsFor(res.body.id, "payment.created");
    expect(row!.ip).toBeNull();
    expect(row!.correlation_id).toMatch(/./);
  });
});
