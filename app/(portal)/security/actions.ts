"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { personActor } from "@/lib/server/entry/portal/person-actor";
import { regenerateRecoveryCodes } from "@/lib/server/domain/auth/second-factor";
import { resetSecondFactor } from "@/lib/server/domain/auth/second-factor-team";
import { assertRole, PortalAuthError } from "@/lib/server/entry/portal/session";
import { getRuntime } from "@/lib/server/entry/runtime";
import { ApiError } from "@/lib/contract/http/errors";
import type { ActionRefusal } from "@/lib/portal/shared/step-up-action";

export type ResetResult = { ok: true } | ActionRefusal;

/**
 * An administrator removes a colleague's authenticator (a lost phone), behind
 * step-up (the page shows the prompt and calls again). The role is checked
 * here, as a server action is an endpoint anyone can post to; the person must
 * belong to the administrator's organisation and not be the administrator.
 */
export async function resetPersonSecondFactor(userId: unknown): Promise<ResetResult> {
  try {
    const admin = await assertRole("admin");
    const parsed = z.uuid().safeParse(userId);
    if (!parsed.success) return { ok: false, code: "USER_NOT_FOUND", message: "There is no such person in your organisation." };
    const { db } = await getRuntime();
    await resetSecondFactor(db, { ...personActor(admin, await headers()), role: admin.role, sessionId: admin.sessionId }, parsed.data);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, code: error.code, message: error.message, enrolmentRequired: error.extra.enrolmentRequired === true };
    if (error instanceof PortalAuthError) return { ok: false, code: null, message: error.message };
    throw error;
  }
}

export type RecoveryCodesResult = { ok: true; codes: string[] } | ActionRefusal;

/**
 * The signed-in person makes new recovery codes (theirs only): behind step-up,
 * so a code is asked when the last one is older than five minutes (the page
 * shows the prompt and calls again); the old codes stop working.
 */
export async function regenerateOwnRecoveryCodes(): Promise<RecoveryCodesResult> {
  try {
    const user = await assertRole("viewer");
    const { db } = await getRuntime();
    return { ok: true, codes: await regenerateRecoveryCodes(db, { ...personActor(user, await headers()), sessionId: user.sessionId }) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, code: error.code, message: error.message, enrolmentRequired: error.extra.enrolmentRequired === true };
    if (error instanceof PortalAuthError) return { ok: false, code: null, message: error.message };
    throw error;
  }
}
