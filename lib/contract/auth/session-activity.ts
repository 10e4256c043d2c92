import { z } from "zod";

/** POST /api/portal/sessions/activity: the seconds the session has left after the person's input, and the timeout. */
export const ZSessionActivity = z.object({
  remainingSeconds: z.number().int().min(0),
  idleSeconds: z.number().int().min(0),
});
export type TSessionActivity = z.infer<typeof ZSessionActivity>;
