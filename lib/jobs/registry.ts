import { MAINTENANCE_JOBS } from "@/lib/jobs/maintenance";
import type { PeriodicJob, TaskDefinition } from "@/lib/jobs/worker";

/** Every task kind the worker runs and every periodic job; each domain adds its own here. */
export const TASK_DEFINITIONS: readonly TaskDefinition[] = [];

export const PERIODIC_JOBS: readonly PeriodicJob[] = [...MAINTENANCE_JOBS];
