import type { ReactNode, TdHTMLAttributes } from "react";
import { cx } from "@/components/ui/cx";
import { TableScroll } from "@/components/ui/table-scroll";
import type { ListColumn } from "@/components/ui/list-frame";

/**
 * The kit's plain table, for lists read in full on the page (the operations console, the service monitor): a caption
 * for screen readers, one head row, rows divided. A server-paginated list of the portal uses ListFrame instead.
 */

type Props = {
  caption: string;
  /** Headings: right-aligned over figures, hidden on a phone (`wideOnly`), or read only by screen readers (actions). */
  columns: readonly ListColumn[];
  /** Long tables scroll within 24rem as a focusable region of this name, their head kept in view. */
  scrollRegion?: string;
  children: ReactNode;
};

export function DataTable({ caption, columns, scrollRegion, children }: Props) {
  const table = (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className={cx("text-xs text-slate-600 uppercase dark:text-slate-400", scrollRegion && "sticky top-0 bg-white dark:bg-slate-900")}>
        <tr>
          {columns.map((column) => {
            const { label, align, srOnly, className } = typeof column === "string" ? { label: column } : column;
            return (
              <th key={label} scope="col" className={cx("px-3 py-2 font-medium sm:px-5", align === "right" && "text-right", className)}>
                {srOnly ? <span className="sr-only">{label}</span> : label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
    </table>
  );
  if (scrollRegion) {
    return (
      <TableScroll className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={scrollRegion}>
        {table}
      </TableScroll>
    );
  }
  return <TableScroll>{table}</TableScroll>;
}

type CellProps = TdHTMLAttributes<HTMLTableCellElement> & {
  /** Figures: right-aligned, tabular digits. */
  numeric?: boolean;
  /** Identifiers and codes. */
  mono?: boolean;
};

/** A DataTable cell: the kit's padding, optionally figures or an identifier. */
export function Cell({ numeric, mono, className, ...props }: CellProps) {
  return <td className={cx("px-3 py-2.5 sm:px-5", numeric && "tabular text-right", mono && "font-mono", className)} {...props} />;
}
