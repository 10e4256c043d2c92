import "server-only";
import { AUDIT_PERIODIC_JOBS } from "@/lib/server/core/audit/seal";
import { DELIVERY_PERIODIC_JOBS } from "@/lib/server/domain/delivery/maintenance";
import { DELIVERY_TASK } from "@/lib/server/domain/delivery/task";
import { EVENT_PERIODIC_JOBS } from "@/lib/server/domain/events/jobs";
import { EMAIL_TASK } from "@/lib/server/domain/notifications/email-task";
import { NOTIFICATION_PERIODIC_JOBS } from "@/lib/server/domain/notifications/jobs";
import { MAINTENANCE_JOBS } from "@/lib/server/entry/jobs/maintenance";
import { PAYMENT_PERIODIC_JOBS, PAYMENT_TASKS } from "@/lib/server/domain/payments/jobs";
import type { PeriodicJob, TaskDefinition } from "@/lib/server/core/jobs/worker";
import { CREATE_VIRTUAL_ACCOUNTS_TASK_DEFINITION } from "@/lib/server/domain/virtual-accounts/jobs/process";
import { PAYMENT_RUN_TASK_DEFINITION } from "@/lib/server/domain/payment-runs/process";

/** Every task kind the worker runs and every periodic job; each domain adds its own here. */
export const TASK_DEFINITIONS: readonly TaskDefinition[] = [
  ...PAYMENT_TASKS,
  DELIVERY_TASK,
  CREATE_VIRTUAL_ACCOUNTS_TASK_DEFINITION,
  PAYMENT_RUN_TASK_DEFINITION,
  EMAIL_TASK,
];

export const PERIODIC_JOBS: readonly PeriodicJob[] = [
  ...MAINTENANCE_JOBS,
  ...PAYMENT_PERIODIC_JOBS,
  ...DELIVERY_PERIODIC_JOBS,
  ...AUDIT_PERIODIC_JOBS,
  ...EVENT_PERIODIC_JOBS,
  ...NOTIFICATION_PERIODIC_JOBS,
];
