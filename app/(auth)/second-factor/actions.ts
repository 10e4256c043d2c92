"use server";

import { headers } from "next/headers";
import { confirmEnrolment } from "@/lib/server/domain/auth/second-factor";
import { getEnrollingPerson } from "@/lib/server/entry/portal/enrolling-person";
import { personActor } from "@/lib/server/entry/portal/person-actor";
import { getRuntime } from "@/lib/server/entry/runtime";
import { ZEnrolmentConfirm } from "@/lib/contract/auth/second-factor";

export type EnrolmentResult = { ok: true; recoveryCodes: string[] } | { ok: false; message: string };

/**
 * Confirms the signed-in user's enrolment with the first code their app
 * shows. Any signed-in person (a bank operator too) may enrol themselves (required or not); the
 * recovery codes come back once, here.
 */
export async function confirmSecondFactor(input: unknown): Promise<EnrolmentResult> {
  const user = await getEnrollingPerson();
  if (!user) return { ok: false, message: "Your session has ended. Sign in again." };
  const parsed = ZEnrolmentConfirm.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Enter the 6-digit code your app shows." };
  const { db } = await getRuntime();
  return confirmEnrolment(db, { ...personActor(user, await headers()), sessionId: user.sessionId }, parsed.data.code);
}
