import { describe, expect, it, vi } from "vitest";
import { hashSecret } from "@/lib/server/domain/auth/password";
import { openSession } from "@/lib/server/domain/auth/session-audit";
import { liveSession } from "@/lib/server/domain/auth/sessions";
import { setPasswordWithLink } from "@/lib/server/domain/operations/users";
import { getRuntime } from "@/lib/server/entry/runtime";
import { runOps } from "@/tests/ops";

/** Issue 19, item 10: POST /api/password-links (the set-password page) spends a link; these are its rules. */

const linkToken = (url: unknown) => new URLSearchParams(new URL(String(url)).hash.slice(1)).get("token")!;
const wrongToken = (n: number) => `${String(n).padStart(3, "0")}${"x".repeat(40)}`;

async function invite(email: string): Promise<string> {
  const invited = await runOps(["user", "invite", "--client", "acme", "--email", email, "--role", "viewer", "--json"]);
  expect(invited.code).toBe(0);
  return linkToken(invited.json.inviteUrl);
}

describe("set-password links", () => {
  it("checks the link before the password's KDF runs: wrong links never reach scrypt, a right one does once", async () => {
    const { db } = await getRuntime();
    const from = (n: number) => ({ ip: `198.18.0.${n}`, correlationId: crypto.randomUUID() });
    const token = await invite("kdf.order@acme.test");
    // The real KDF, watched (counted, not timed), in a fresh copy of the use case's modules.
    const kdf = vi.fn(hashSecret);
    vi.resetModules();
    vi.doMock("@/lib/server/domain/auth/password", async (importOriginal) => ({ ...(await importOriginal<object>()), hashSecret: kdf }));
    try {
      const watched = await import("@/lib/server/domain/operations/users");
      for (let n = 1; n <= 5; n++) {
        await expect(watched.setPasswordWithLink(db, { token: wrongToken(n), password: "a long new password" }, from(2))).rejects.toMatchObject({
          code: "VALIDATION_ERROR",
          field: "token",
        });
      }
      // Before the fix each wrong link ran scrypt first (tens of milliseconds of CPU each: a cheap way to load the server).
      expect(kdf).not.toHaveBeenCalled();
      await expect(watched.setPasswordWithLink(db, { token, password: "a long new password" }, from(3))).resolves.toEqual({ email: "kdf.order@acme.test" });
      expect(kdf).toHaveBeenCalledTimes(1);
    } finally {
      vi.doUnmock("@/lib/server/domain/auth/password");
    }
  });

  it("counts wrong links per address: the eleventh attempt is RATE_LIMITED with Retry-After, a right link included; another address is not held back", async () => {
    const { db } = await getRuntime();
    const token = await invite("throttled.setter@acme.test");
    const sprayer = { ip: "198.18.1.1", correlationId: crypto.randomUUID() };
    for (let n = 0; n < 10; n++) {
      await expect(setPasswordWithLink(db, { token: wrongToken(n), password: "a long new password" }, sprayer)).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
      });
    }
    const refused = await setPasswordWithLink(db, { token, password: "a long new password" }, sprayer).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", headers: { "Retry-After": expect.stringMatching(/^\d+$/) } });
    expect(await setPasswordWithLink(db, { token, password: "a long new password" }, { ip: "198.18.1.2", correlationId: crypto.randomUUID() })).toEqual({
      email: "throttled.setter@acme.test",
    });
  });

  it("a password set from a reset link ends every live session of its person, written as user.sessions_ended (password-set)", async () => {
    const { db } = await getRuntime();
    await setPasswordWithLink(db, { token: await invite("reset.setter@acme.test"), password: "the first long password" });
    const { rows } = await db.query<{ user_id: string }>("SELECT user_id FROM users WHERE email = 'reset.setter@acme.test'");
    const userId = rows[0]!.user_id;
    const limits = { lifetimeSeconds: 3600, idleSeconds: 3600 };
    const sessions = [
      await openSession(db, { id: userId, clientId: "acme" }, limits, null),
      await openSession(db, { id: userId, clientId: "acme" }, limits, null),
    ];

    const reset = await runOps(["user", "reset-password", "--client", "acme", "--email", "reset.setter@acme.test", "--json"]);
    await setPasswordWithLink(
      db,
      { token: linkToken(reset.json.inviteUrl), password: "the second long password" },
      { ip: "198.18.2.1", correlationId: "c-set" },
    );

    for (const session of sessions) expect(await liveSession(db, session.sessionId)).toBeNull();
    const ended = await db.query<{ actor: string; data: { ended: number; reason: string }; ip: string; correlation_id: string }>(
      "SELECT actor, data, host(ip) AS ip, correlation_id FROM audit_log WHERE action = 'user.sessions_ended' AND entity_id = $1",
      [userId],
    );
    expect(ended.rows).toEqual([
      { actor: `user:${userId}`, data: expect.objectContaining({ ended: 2, reason: "password-set" }), ip: "198.18.2.1", correlation_id: "c-set" },
    ]);
  });
});
