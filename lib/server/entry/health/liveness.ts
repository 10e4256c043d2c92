import "server-only";
import { pingDatabase } from "@/lib/server/entry/health/repo";
import { getRuntime } from "@/lib/server/entry/runtime";

/** Decisions §1's health: does the database answer? Never throws: a failure to open the runtime is a "no" too. */
export async function isDatabaseAnswering(): Promise<boolean> {
  try {
    await pingDatabase((await getRuntime()).db);
    return true;
  } catch {
    return false;
  }
}
