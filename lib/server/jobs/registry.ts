import "server-only";
import { AUDIT_PERIODIC_JOBS } from "@/lib/server/audit/seal";
import { DELIVERY_PERIODIC_JOBS } from "@/lib/server/delivery/maintenance";
import { DELIVERY_TASK } from "@/lib/server/delivery/task";
import { MAINTENANCE_JOBS } from "@/lib/server/jobs/maintenance";
import { PAYMENT_PERIODIC_JOBS, PAYMENT_TASKS } from "@/lib/server/payments/jobs";
import type { PeriodicJob, TaskDefinition } from "@/lib/server/jobs/worker";
import { CREATE_VIRTUAL_ACCOUNTS_TASK_DEFINITION } from "@/lib/server/virtual-accounts/jobs/process";

/** Every task kind the worker runs and every periodic job; each domain adds its own here. */
export const TASK_DEFINITIONS: readonly TaskDefinition[] = [...PAYMENT_TASKS, DELIVERY_TASK, CREATE_VIRTUAL_ACCOUNTS_TASK_DEFINITION];

export const PERIODIC_JOBS: readonly PeriodicJob[] = [...MAINTENANCE_JOBS, ...PAYMENT_PERIODIC_JOBS, ...DELIVERY_PERIODIC_JOBS, ...AUDIT_PERIODIC_JOBS];
