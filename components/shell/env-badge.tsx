import { cx } from "@/components/ui/cx";

/** Production is red on purpose: nobody should mistake it for the test environment. */
export function EnvBadge({ env }: { env: "uat" | "production" }) {
  const production = env === "production";
  return (
    <span
      title={production ? "Production: real money moves" : "UAT: test environment, demo data"}
      className={cx(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ring-1 ring-inset",
        production
          ? "bg-red-50 text-red-800 ring-red-600/40 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/40"
          : "bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/40",
      )}
    >
      <span aria-hidden="true" className={cx("size-1.5 rounded-full", production ? "bg-red-600" : "bg-amber-500")} />
      {production ? "PRODUCTION" : "UAT"}
    </span>
  );
}
