"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { resetSecondFactor } from "@/lib/server/auth/second-factor";
import { assertRole, PortalAuthError } from "@/lib/server/auth/session";
import { clientIpOf } from "@/lib/server/http/client-ip";
import { getRuntime } from "@/lib/server/runtime";
import { ApiError } from "@/lib/contract/http/errors";

export type ResetResult = { ok: true } | { ok: false; message: string };

/**
 * An administrator removes a colleague's authenticator (a lost phone). The
 * role is checked here, as a server action is an endpoint anyone can post
 * to; the person must belong to the administrator's organisation.
 */
export async function resetPersonSecondFactor(userId: unknown): Promise<ResetResult> {
  try {
    const admin = await assertRole("admin");
    const parsed = z.uuid().safeParse(userId);
    if (!parsed.success) return { ok: false, message: "There is no such person in your organisation." };
    const { db } = await getRuntime();
    const ip = clientIpOf(await headers());
    await resetSecondFactor(db, { userId: admin.id, clientId: admin.clientId, role: admin.role, ip }, parsed.data);
    return { ok: true };
  } catch (error) {
    if (error instanceof PortalAuthError || error instanceof ApiError) return { ok: false, message: error.message };
    throw error;
  }
}
