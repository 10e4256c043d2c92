import { describe, expect, it } from "vitest";
import { recordRanOutSessions } from "@/lib/server/domain/auth/session-expiry";
import { authenticate } from "@/lib/server/domain/auth/sign-in";
import { endSession, endSessionsOfUser, liveSession, purgeSessions, startSession, touchSession } from "@/lib/server/domain/auth/sessions";
import { DEMO_PASSWORD } from "@/lib/server/entry/seed";
import { findPortalUserBySession } from "@/lib/server/domain/users/repo";
import { getRuntime } from "@/lib/server/entry/runtime";

async function userId(email: string): Promise<string> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ user_id: string }>("SELECT user_id FROM users WHERE email = $1", [email]);
  return rows[0]!.user_id;
}

describe("portal sessions (server-side, ended for good)", () => {
  it("a session is live until signed out, and the user is read through it", async () => {
    const { db } = await getRuntime();
    const uid = await userId("viewer@acme.test");
    const session = await startSession(db, uid, 3600);
    expect((await liveSession(db, session.sessionId))?.userId).toBe(uid);
    expect((await findPortalUserBySession(db, session.sessionId, uid))?.email).toBe("viewer@acme.test");
    expect(await touchSession(db, session.sessionId, 900)).not.toBeNull();

    expect(await endSession(db, session.sessionId, "sign-out")).toBe(true);
    expect(await liveSession(db, session.sessionId)).toBeNull();
    expect(await findPortalUserBySession(db, session.sessionId, uid)).toBeNull();
    expect(await touchSession(db, session.sessionId, 900)).toBeNull();
    expect(await endSession(db, session.sessionId, "sign-out")).toBe(false);
  });

  it("a session names its own user only, and malformed ids are simply not live", async () => {
    const { db } = await getRuntime();
    const session = await startSession(db, await userId("viewer@acme.test"), 3600);
    expect(await findPortalUserBySession(db, session.sessionId, await userId("admin@globex.test"))).toBeNull();
    for (const forged of [undefined, "", "not-a-uuid", "'; DROP TABLE users; --", 42]) {
      expect(await liveSession(db, forged)).toBeNull();
    }
  });

  it("an expired session is not live", async () => {
    const { db } = await getRuntime();
    const session = await startSession(db, await userId("viewer@acme.test"), 0);
    expect(await liveSession(db, session.sessionId)).toBeNull();
  });

  it("sign out everywhere ends every live session of that user and no one else's", async () => {
    const { db } = await getRuntime();
    const tara = await userId("treasurer@acme.test");
    const other = await startSession(db, await userId("admin@acme.test"), 3600);
    const mine = [await startSession(db, tara, 3600), await startSession(db, tara, 3600)];
    expect(await endSessionsOfUser(db, tara, "sign-out-everywhere")).toBe(2);
    for (const s of mine) expect(await liveSession(db, s.sessionId)).toBeNull();
    expect(await liveSession(db, other.sessionId)).not.toBeNull();
  });
});

describe("idle timeout (PORTAL_IDLE_TIMEOUT_MIN, enforced by the database)", () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("a session without activity ends after the idle time, and later activity does not revive it", async () => {
    const { db } = await getRuntime();
    const uid = await userId("viewer@acme.test");
    const session = await startSession(db, uid, 3600, 1);
    expect(await liveSession(db, session.sessionId)).not.toBeNull();
    await sleep(1100);
    expect(await liveSession(db, session.sessionId)).toBeNull();
    expect(await findPortalUserBySession(db, session.sessionId, uid)).toBeNull();
    // Activity after the timeout does not bring it back.
    expect(await touchSession(db, session.sessionId, 1)).toBeNull();
    expect(await liveSession(db, session.sessionId)).toBeNull();
  });

  it("activity moves the idle end forward, never past the session's absolute end", async () => {
    const { db } = await getRuntime();
    const session = await startSession(db, await userId("viewer@acme.test"), 3600, 2);
    const { rows } = await db.query<{ max: Date }>("SELECT max_expires_at AS max FROM portal_sessions WHERE session_id = $1", [session.sessionId]);
    const touched = await touchSession(db, session.sessionId, 900);
    expect(touched!.expiresAt.getTime()).toBeGreaterThan(session.expiresAt.getTime() + 800_000);
    // An idle time longer than what is left of the day stops at the day's end.
    const capped = await touchSession(db, session.sessionId, 86_400);
    expect(capped!.expiresAt.getTime()).toBe(rows[0]!.max.getTime());
  });

  it("touching keeps a session alive across several idle periods", async () => {
    const { db } = await getRuntime();
    const session = await startSession(db, await userId("viewer@acme.test"), 3600, 1);
    for (let i = 0; i < 3; i++) {
      await sleep(600);
      expect(await touchSession(db, session.sessionId, 1)).not.toBeNull();
    }
    expect(await liveSession(db, session.sessionId)).not.toBeNull();
  });
});

describe("housekeeping", () => {
  it("a session that ran out is recorded once: ended when it ran out, idle or expired, with its audit row; live ones untouched", async () => {
    const { db } = await getRuntime();
    const uid = await userId("treasurer@acme.test");
    const idle = await startSession(db, uid, 3600, 900);
    const expired = await startSession(db, uid, 3600, 900);
    const live = await startSession(db, uid, 3600, 900);
    await db.query("UPDATE portal_sessions SET expires_at = now() - interval '5 seconds' WHERE session_id = $1", [idle.sessionId]);
    await db.query(
      "UPDATE portal_sessions SET expires_at = now() - interval '5 seconds', max_expires_at = now() - interval '5 seconds' WHERE session_id = $1",
      [expired.sessionId],
    );
    expect(await recordRanOutSessions(db, 1)).toBeGreaterThanOrEqual(2);
    expect(await recordRanOutSessions(db)).toBe(0);

    const { rows } = await db.query<{ session_id: string; ended_reason: string | null; ended_at: Date | null; expires_at: Date }>(
      "SELECT session_id, ended_reason, ended_at, expires_at FROM portal_sessions WHERE session_id = ANY($1)",
      [[idle.sessionId, expired.sessionId, live.sessionId]],
    );
    const byId = new Map(rows.map((r) => [r.session_id, r]));
    expect(byId.get(idle.sessionId)).toMatchObject({ ended_reason: "idle", ended_at: byId.get(idle.sessionId)!.expires_at });
    expect(byId.get(expired.sessionId)).toMatchObject({ ended_reason: "expired" });
    expect(byId.get(live.sessionId)).toMatchObject({ ended_reason: null, ended_at: null });

    const audit = await db.query<{ client_id: string; actor: string; data: { sessionId: string; reason: string } }>(
      "SELECT client_id, actor, data FROM audit_log WHERE action = 'session.expired' AND entity_id = $1 AND data->>'sessionId' = ANY($2)",
      [uid, [idle.sessionId, expired.sessionId, live.sessionId]],
    );
    const reasons = Object.fromEntries(audit.rows.map((r) => [r.data.sessionId, r.data.reason]));
    expect(reasons).toEqual({ [idle.sessionId]: "idle", [expired.sessionId]: "expired" });
    expect(audit.rows.every((r) => r.client_id === "acme" && r.actor === "system:session-expiry")).toBe(true);
  });

  it("purges ended sessions past their keeping time and never a live one", async () => {
    const { db } = await getRuntime();
    const uid = await userId("viewer@acme.test");
    const live = await startSession(db, uid, 3600);
    const ended = await startSession(db, uid, 3600);
    await endSession(db, ended.sessionId, "sign-out");
    await db.query("UPDATE portal_sessions SET ended_at = now() - interval '31 days' WHERE session_id = $1", [ended.sessionId]);
    expect(await purgeSessions(db)).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query("SELECT session_id FROM portal_sessions WHERE session_id = ANY($1::uuid[])", [[live.sessionId, ended.sessionId]]);
    expect(rows).toEqual([{ session_id: live.sessionId }]);
  });
});

describe("portal sign-in throttling (per email and per source address)", () => {
  const policies = { email: { maxFailures: 3, windowSeconds: 60, lockSeconds: 60 }, address: { maxFailures: 5, windowSeconds: 60, lockSeconds: 60 } };

  it("locks an email after its failures, before the password is checked", async () => {
    const { db } = await getRuntime();
    const wrong = { email: "admin@acme.test", password: "wrong" };
    for (let i = 0; i < 2; i++) expect(await authenticate(db, wrong, "198.51.100.1", policies)).toEqual({ ok: false, reason: "invalid" });
    expect(await authenticate(db, wrong, "198.51.100.2", policies)).toMatchObject({ ok: false, reason: "locked" });
    // Even the right password waits for the lock to end.
    const right = await authenticate(db, { email: "admin@acme.test", password: DEMO_PASSWORD }, "198.51.100.3", policies);
    expect(right).toMatchObject({ ok: false, reason: "locked" });
    expect((right as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(50);
  });

  it("locks a source address that tries many emails, whatever the email", async () => {
    const { db } = await getRuntime();
    const address = "203.0.113.77";
    for (let i = 0; i < 4; i++) {
      expect(await authenticate(db, { email: `nobody${i}@acme.test`, password: "x" }, address, policies)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await authenticate(db, { email: "nobody9@acme.test", password: "x" }, address, policies)).toMatchObject({ ok: false, reason: "locked" });
    const fromThere = await authenticate(db, { email: "viewer@acme.test", password: DEMO_PASSWORD }, address, policies);
    expect(fromThere).toMatchObject({ ok: false, reason: "locked" });
    // The same user from another address signs in.
    expect(await authenticate(db, { email: "viewer@acme.test", password: DEMO_PASSWORD }, "203.0.113.78", policies)).toMatchObject({ ok: true });
  });
});
