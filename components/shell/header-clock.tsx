"use client";

import Link from "next/link";
import { useBankNow } from "@/components/system/use-bank-now";
import { clockFace } from "@/lib/portal/system/bank-clock";

/**
 * Bank time in the header: cut-offs run on it, so it is always in view. Its
 * sync call is also the first /v1 response of a visit, which fills in the
 * quota meter.
 */
export function HeaderClock() {
  const { now } = useBankNow();
  const face = now ? clockFace(now) : null;
  return (
    <Link
      href="/system"
      className="tabular hidden w-[8.5rem] rounded-md px-2 py-1 text-xs text-slate-600 hover:bg-slate-100 md:block dark:text-slate-400 dark:hover:bg-slate-800"
      title={face ? `${face.zoneName}, ${face.offset}` : "Bank time"}
    >
      <span className="sr-only">Bank time </span>
      {face ? `${face.time} ${face.abbreviation}` : "\u00a0"}
    </Link>
  );
}
