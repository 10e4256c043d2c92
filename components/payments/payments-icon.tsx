import type { SVGProps } from "react";

/** Two arrows passing each other: money out and in. Same 20px outline style as components/ui/icons. */
export const PaymentsIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.6}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    width={18}
    height={18}
    {...p}
  >
    <path d="M3.5 7h12M12.5 4l3 3-3 3M16.5 13h-12M7.5 10l-3 3 3 3" />
  </svg>
);
