import { outcomeBuckets, type OutcomeBucket } from "@/lib/portal/webhooks/delivery-log";
import type { TDeliveryAttempt } from "@/lib/contract/webhooks/schema";
import { BANK_TIME_ZONE } from "@/lib/contract/time/bank-time";

// 12-hour, as every time on screen (issue 24, item 7).
const TIME = new Intl.DateTimeFormat("en-US", { timeZone: BANK_TIME_ZONE, hour: "numeric", minute: "2-digit", hourCycle: "h12" });
const DAY_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: BANK_TIME_ZONE,
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h12",
});

function widthLabel(ms: number): string {
  const minutes = ms / 60_000;
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 1440) return `${minutes / 60} h`;
  return minutes === 1440 ? "1 day" : `${minutes / 1440} days`;
}

const W = 600;
const H = 120;

/**
 * Stacked bars of attempt outcomes per time bucket: plain SVG, no chart
 * library. The figures are also in the legend and the accessible name.
 */
export function OutcomeChart({ attempts, now }: { attempts: readonly TDeliveryAttempt[]; now: number }) {
  const { width, buckets } = outcomeBuckets(attempts, now);
  const succeeded = attempts.filter((a) => a.succeeded).length;
  const failed = attempts.length - succeeded;
  const max = Math.max(1, ...buckets.map((b) => b.succeeded + b.failed));
  const slot = buckets.length ? W / buckets.length : W;
  const bar = Math.max(2, Math.min(28, slot * 0.7));
  const fmt = width >= 24 * 3600_000 ? DAY_TIME : buckets.length && buckets[buckets.length - 1]!.start - buckets[0]!.start > 20 * 3600_000 ? DAY_TIME : TIME;
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  const label = buckets.length
    ? `${succeeded} succeeded and ${failed} failed attempts, in ${widthLabel(width)} intervals from ${fmt.format(first!.start)} to ${fmt.format(last!.end)} bank time`
    : "No attempts yet";

  return (
    <figure className="px-5 py-4">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-emerald-600 dark:bg-emerald-400" />
          Succeeded <strong className="tabular font-semibold">{succeeded}</strong>
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-red-600 dark:bg-red-400" />
          Failed <strong className="tabular font-semibold">{failed}</strong>
        </span>
        <span className="ml-auto text-slate-600 dark:text-slate-400">{buckets.length ? `${widthLabel(width)} per bar · bank time` : "\u00a0"}</span>
      </div>
      <svg viewBox={`0 0 ${W} ${H + 18}`} role="img" aria-label={label} className="mt-3 h-36 w-full" preserveAspectRatio="none">
        <line x1="0" x2={W} y1={H} y2={H} className="stroke-slate-300 dark:stroke-slate-700" strokeWidth="1" />
        <line x1="0" x2={W} y1={H / 2} y2={H / 2} className="stroke-slate-200 dark:stroke-slate-800" strokeWidth="1" strokeDasharray="3 4" />
        {buckets.map((b: OutcomeBucket, i) => {
          const x = i * slot + (slot - bar) / 2;
          const hs = (b.succeeded / max) * (H - 8);
          const hf = (b.failed / max) * (H - 8);
          return (
            <g key={b.start}>
              <title>{`${fmt.format(b.start)}: ${b.succeeded} succeeded, ${b.failed} failed`}</title>
              {b.succeeded ? <rect x={x} y={H - hs} width={bar} height={hs} rx="1.5" className="fill-emerald-600 dark:fill-emerald-400" /> : null}
              {b.failed ? <rect x={x} y={H - hs - hf} width={bar} height={hf} rx="1.5" className="fill-red-600 dark:fill-red-400" /> : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-slate-600 dark:text-slate-400">
        <span>{first ? fmt.format(first.start) : "\u00a0"}</span>
        <span>peak {max} per bar</span>
        <span>{last ? fmt.format(last.end) : "\u00a0"}</span>
      </figcaption>
    </figure>
  );
}
