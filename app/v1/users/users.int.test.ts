import { describe, expect, it } from "vitest";
import { GET as usersRoute } from "@/app/v1/users/route";
import { DELETE as endSessionsRoute } from "@/app/v1/users/[userId]/sessions/route";
import { GET as accountsRoute } from "@/app/v1/accounts/route";
import type { TOrganisationUserList, TSessionsEnded } from "@/lib/contract/users/schema";
import { liveSession } from "@/lib/server/domain/auth/sessions";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { portalSessionFor, portalTokenFor } from "@/tests/portal";

const endSessions = (userId: string, token: string, headers: Record<string, string> = {}) =>
  call<TSessionsEnded & Record<string, unknown>>(endSessionsRoute, `/v1/users/${userId}/sessions`, { method: "DELETE", token, params: { userId }, headers });

async function auditRows(action: string, entityId: string) {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ client_id: string; actor: string; ip: string | null; correlation_id: string | null; data: Record<string, unknown> }>(
    "SELECT client_id, actor, host(ip) AS ip, correlation_id, data FROM audit_log WHERE action = $1 AND entity_id = $2 ORDER BY audit_id",
    [action, entityId],
  );
  return rows;
}

describe("GET /v1/users (an organisation's users, for its administrators)", () => {
  it("lists the organisation's users with role and live sessions, and no one else's", async () => {
    await portalSessionFor("viewer@acme.test");
    const res = await call<TOrganisationUserList & Record<string, unknown>>(usersRoute, "/v1/users", { token: await portalTokenFor("admin@acme.test") });
    expect(res.status).toBe(200);
    const byEmail = new Map(res.body.data.map((u) => [u.email, u]));
    expect([...byEmail.keys()].sort()).toEqual(["admin@acme.test", "approver@acme.test", "treasurer@acme.test", "viewer@acme.test"]);
    expect(byEmail.get("approver@acme.test")!.role).toBe("approver");
    expect(byEmail.get("viewer@acme.test")!.liveSessions).toBeGreaterThanOrEqual(1);
    expect(byEmail.get("viewer@acme.test")!.lastActiveAt).not.toBeNull();
    expect(res.body.meta.pagination.total_size).toBe(4);
  });

  it("refuses other roles and integrations with 403", async () => {
    for (const token of [await portalTokenFor("treasurer@acme.test"), await portalTokenFor("approver@acme.test"), await tokenFor("acme")]) {
      const res = await call(usersRoute, "/v1/users", { token });
      expect(res.status).toBe(403);
      expectErrorBody(res.body, 403, "FORBIDDEN");
    }
  });
});

describe("DELETE /v1/users/{userId}/sessions (an administrator ends a user's sessions)", () => {
  it("ends every session of the user at once, API tokens included, and writes one audit row", async () => {
    const a = await portalSessionFor("treasurer@acme.test");
    const b = await portalSessionFor("treasurer@acme.test");
    const bystander = await portalSessionFor("viewer@acme.test");
    expect((await call(accountsRoute, "/v1/accounts", { token: a.token })).status).toBe(200);

    const admin = await portalSessionFor("admin@acme.test");
    const res = await endSessions(a.userId, admin.token, { "x-forwarded-for": "203.0.113.9", "x-correlation-id": "end-sessions-1" });
    expect(res.status).toBe(200);
    expect(res.body.data.userId).toBe(a.userId);
    expect(res.body.data.ended).toBeGreaterThanOrEqual(2);

    for (const s of [a, b]) {
      expect(await liveSession((await getRuntime()).db, s.sessionId)).toBeNull();
      const refused = await call(accountsRoute, "/v1/accounts", { token: s.token });
      expect(refused.status).toBe(401);
    }
    expect(await liveSession((await getRuntime()).db, bystander.sessionId)).not.toBeNull();

    const rows = await auditRows("user.sessions_ended", a.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ client_id: "acme", actor: `user:${admin.userId}`, ip: "203.0.113.9", correlation_id: "end-sessions-1" });
    expect(rows[0]!.data).toMatchObject({ email: "treasurer@acme.test", ended: res.body.data.ended });
  });

  it("refuses a user of another organisation as not found, and ends nothing there", async () => {
    const globex = await portalSessionFor("admin@globex.test");
    const res = await endSessions(globex.userId, await portalTokenFor("admin@acme.test"));
    expect(res.status).toBe(404);
    expectErrorBody(res.body, 404, "USER_NOT_FOUND");
    expect(await liveSession((await getRuntime()).db, globex.sessionId)).not.toBeNull();
    expect(await auditRows("user.sessions_ended", globex.userId)).toHaveLength(0);
  });

  it("refuses non-administrators with 403, and a malformed id with 400", async () => {
    const target = await portalSessionFor("viewer@acme.test");
    for (const email of ["treasurer@acme.test", "approver@acme.test", "viewer@acme.test"]) {
      const res = await endSessions(target.userId, await portalTokenFor(email));
      expect(res.status, email).toBe(403);
    }
    expect((await endSessions(target.userId, await tokenFor("acme"))).status).toBe(403);
    expect(await liveSession((await getRuntime()).db, target.sessionId)).not.toBeNull();
    const malformed = await endSessions("not-a-user", await portalTokenFor("admin@acme.test"));
    expect(malformed.status).toBe(400);
    expectErrorBody(malformed.body, 400, "VALIDATION_ERROR");
  });
});

describe("idle timeout reaches the portal's API tokens", () => {
  it("a token of a session that idled out gets 401 before the token itself expires", async () => {
    const s = await portalSessionFor("viewer@acme.test", 1);
    expect((await call(accountsRoute, "/v1/accounts", { token: s.token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await call(accountsRoute, "/v1/accounts", { token: s.token });
    expect(res.status).toBe(401);
    expectErrorBody(res.body, 401, "UNAUTHORIZED");
  });
});
