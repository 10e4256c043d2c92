import { z } from "zod";

/** The status monitor's contract, parsed again in the browser. */
export const ZHealth = z.enum(["ok", "degraded", "down", "unavailable"]);

export const ZSystemStatus = z.object({
  checkedAt: z.string(),
  environment: z.enum(["uat", "production"]),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({ health: ZHealth, version: z.string().nullable(), latencyMs: z.number().nullable() }),
  worker: z.object({ health: ZHealth, alive: z.number().nullable(), lastSeenSeconds: z.number().nullable() }),
  queue: z.object({
    health: ZHealth,
    open: z.number().nullable(),
    due: z.number().nullable(),
    running: z.number().nullable(),
    failedLastDay: z.number().nullable(),
    oldestDueSeconds: z.number().nullable(),
  }),
  /** The signed-in user's client's API quota (integrations spend it; the portal does not). */
  apiQuota: z.object({
    health: ZHealth,
    limit: z.number(),
    used: z.number().nullable(),
    resetSeconds: z.number().nullable(),
  }),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;
export type THealth = z.infer<typeof ZHealth>;
