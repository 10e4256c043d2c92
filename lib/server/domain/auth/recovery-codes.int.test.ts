import { createHash } from "node:crypto";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { beginEnrolment, checkCode, confirmEnrolment, recordProof, regenerateRecoveryCodes } from "@/lib/server/domain/auth/second-factor";
import { startSession } from "@/lib/server/domain/auth/sessions";
import { getRuntime } from "@/lib/server/entry/runtime";
import { STEP_UP_MAX_AGE_S } from "@/lib/contract/auth/second-factor";

/** A fixed clock far from the test's own: step-up ages are measured from it. */
const T0 = new Date(1_900_000_020 * 1000);
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const sha256 = (code: string) => createHash("sha256").update(code).digest("hex");

async function enrolled(email: string) {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ user_id: string; client_id: string }>("SELECT user_id, client_id FROM users WHERE email = $1", [email]);
  const person = { userId: rows[0]!.user_id, clientId: rows[0]!.client_id, email };
  const { sessionId } = await startSession(db, person.userId, 3600);
  const actor = { ...person, sessionId };
  const enrolment = (await beginEnrolment(db, person))!;
  const confirmed = await confirmEnrolment(db, actor, await generate({ secret: enrolment.secret, epoch: T0.getTime() / 1000 }), T0);
  if (!confirmed.ok) throw new Error(confirmed.message);
  return { actor, codes: confirmed.recoveryCodes };
}

const useCode = async (actor: { userId: string; clientId: string }, code: string) =>
  (await checkCode((await getRuntime()).db, actor, { kind: "recovery", code }, "second_factor.failed", T0)).ok;

describe("recovery codes made again (docs/security.md)", () => {
  it("is refused to someone without an authenticator with STEP_UP_REQUIRED naming enrolment, whatever the session says", async () => {
    const { db } = await getRuntime();
    const { rows } = await db.query<{ user_id: string }>("SELECT user_id FROM users WHERE email = 'treasurer@acme.test'");
    const userId = rows[0]!.user_id;
    const { sessionId } = await startSession(db, userId, 3600);
    await recordProof(db, sessionId, T0);
    await expect(regenerateRecoveryCodes(db, { userId, clientId: "acme", sessionId }, T0)).rejects.toMatchObject({
      code: "STEP_UP_REQUIRED",
      extra: { enrolmentRequired: true },
    });
    expect((await db.query("SELECT 1 FROM user_recovery_codes WHERE user_id = $1", [userId])).rowCount).toBe(0);
  });

  it("needs a fresh second factor: with a proof older than five minutes nothing changes and the old codes still work", async () => {
    const { db } = await getRuntime();
    const { actor, codes } = await enrolled("treasurer@acme.test");
    // Enrolment proved the factor at T0.
    await expect(regenerateRecoveryCodes(db, actor, at(STEP_UP_MAX_AGE_S + 1))).rejects.toMatchObject({ code: "STEP_UP_REQUIRED", status: 403 });
    expect(await useCode(actor, codes[0]!)).toBe(true);
  });

  it("replaces every old code (used or not) with ten new ones, stored only as SHA-256 hashes, and audits it", async () => {
    const { db } = await getRuntime();
    const { actor, codes: old } = await enrolled("viewer@acme.test");
    expect(await useCode(actor, old[0]!)).toBe(true);

    await recordProof(db, actor.sessionId, at(600));
    const fresh = await regenerateRecoveryCodes(db, actor, at(600 + STEP_UP_MAX_AGE_S));
    expect(fresh).toHaveLength(10);
    expect(new Set(fresh).size).toBe(10);
    fresh.forEach((c) => expect(c).toMatch(/^[a-z2-7]{10}$/));
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);

    const { rows } = await db.query<{ code_hash: string; used_at: Date | null }>("SELECT code_hash, used_at FROM user_recovery_codes WHERE user_id = $1", [
      actor.userId,
    ]);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.code_hash).sort()).toEqual(fresh.map(sha256).sort());
    expect(rows.every((r) => r.used_at === null)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(fresh[0]);

    // The old codes, even those never used, no longer sign in; a new one does, once.
    for (const code of old.slice(1, 4)) expect(await useCode(actor, code)).toBe(false);
    expect(await useCode(actor, fresh[0]!)).toBe(true);
    expect(await useCode(actor, fresh[0]!)).toBe(false);

    const audit = await db.query<{ client_id: string; before: unknown; after: unknown }>(
      "SELECT client_id, before, after FROM audit_log WHERE entity_id = $1 AND action = 'second_factor.recovery_codes_regenerated'",
      [actor.userId],
    );
    expect(audit.rows).toEqual([{ client_id: "acme", before: { recoveryCodesLeft: 9 }, after: { recoveryCodesLeft: 10 } }]);
    expect(JSON.stringify(audit.rows)).not.toContain(fresh[1]);
  });
});
