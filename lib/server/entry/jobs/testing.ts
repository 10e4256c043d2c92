import "server-only";
import { TASK_DEFINITIONS } from "@/lib/server/entry/jobs/registry";
import { Worker } from "@/lib/server/core/jobs/worker";
import { getRuntime } from "@/lib/server/entry/runtime";

/** Test helpers for the virtual-account suites (imported by *.int.test.ts only). */

export const allocatedV1 = (i: number, extra: Record<string, unknown> = {}) => ({
  currency: "USD",
  accountHolderName: `Holder ${i}`,
  accountName: `Account ${i}`,
  clientReference: `REF-${i}`,
  ...extra,
});

export const individualV2 = (i: number, extra: Record<string, unknown> = {}) => ({
  currency: "USD",
  accountHolderType: "Individual",
  accountHolderName: `Person ${i}`,
  accountName: `Wallet ${i}`,
  clientReference: `P-${i}`,
  individual: { dob: "1980-01-31", nationality: "BM" },
  ...extra,
});

export const businessV2 = (i: number, extra: Record<string, unknown> = {}) => ({
  currency: "USD",
  accountHolderType: "Business",
  accountHolderName: `Company ${i} Ltd.`,
  accountName: `Collections ${i}`,
  business: { registeredAddress: { addressLine1: "1 Front Street", city: "Hamilton", postalCode: "HM 11", country: "BM" } },
  ...extra,
});

/** Runs every due task (the batch jobs) to completion, as the in-process worker would. */
export async function drainWorker(): Promise<number> {
  const worker = new Worker(await getRuntime(), TASK_DEFINITIONS);
  return worker.drain();
}
