import { ApiRequestError, askForStepUp } from "@/lib/portal/shared/api-client";

/** How a portal server action behind step-up refuses (app/(portal)/security/actions.ts). */
export type ActionRefusal = { ok: false; code: string | null; message: string; enrolmentRequired?: boolean };

/**
 * Calls a server action behind step-up: when it answers STEP_UP_REQUIRED the
 * person is asked for a code (the portal's prompt) and the action runs once
 * more; closing the prompt answers `cancelled`, and nothing was changed.
 */
export async function withStepUp<R extends { ok: true }>(action: () => Promise<R | ActionRefusal>, cancelled: string): Promise<R | ActionRefusal> {
  const result = await action();
  if (result.ok || result.code !== "STEP_UP_REQUIRED") return result;
  const body = { code: result.code, message: result.message, enrolmentRequired: result.enrolmentRequired };
  if (await askForStepUp(new ApiRequestError(403, body))) return action();
  return { ok: false, code: null, message: cancelled };
}
