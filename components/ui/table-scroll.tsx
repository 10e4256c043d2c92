import type { HTMLAttributes } from "react";
import { cx } from "@/components/ui/cx";

/**
 * The box a table wider than a phone scrolls sideways in. `relative` is the point: a screen-reader label
 * (`sr-only`, absolutely placed) is clipped only by a scroll box that is its containing block, and one placed
 * past the screen's edge otherwise widened the whole page (issue 24: /users by 195 px, the delivery log by 390).
 * `className` adds to it (a height limit with `overflow-auto`, a border).
 */
export function TableScroll({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx("relative overflow-x-auto", className)} {...props} />;
}
