import type { ComponentProps, ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { ListTableBody } from "@/components/ui/list-table-body";
import { Pager } from "@/components/ui/pager";
import { EmptyState } from "@/components/ui/state-message";
import { TableScroll } from "@/components/ui/table-scroll";

type BodyProps = ComponentProps<typeof ListTableBody>;

type Props = {
  /** The list's filters, over the table. */
  filters: ReactNode;
  /** Under the filters, announced as it changes: what the list shows (every match, only this page's, all). */
  note?: ReactNode;
  /** Beside the note: downloads of what is listed. */
  actions?: ReactNode;
  /** The table's name for screen readers ("Payments, newest first, page 2"). */
  caption: ReactNode;
  /** The width under which the table scrolls sideways instead of squeezing ("min-w-[52rem]"). */
  minWidth: string;
  /** The list's own head row (`<thead>`). */
  head: ReactNode;
  /** The page's query (its refetching marks the table busy) and the body's states, as ListTableBody takes them. */
  query: BodyProps["query"] & { isFetching: boolean };
  body: Omit<BodyProps, "query">;
  /** The pager under the table, busy while a page loads. */
  pager: Omit<ComponentProps<typeof Pager>, "busy">;
};

/**
 * The frame of every filtered, server-paged list page of the portal (accounts, payments, virtual accounts, the audit
 * log): a card with the filters, a line saying what is shown beside its downloads, the table in each of its states
 * (ListTableBody), and the Pager. The page keeps its view in the URL (lib/portal/shared/filtered-list.ts).
 */
export function ListFrame({ filters, note, actions, caption, minWidth, head, query, body, pager }: Props) {
  return (
    <Card>
      <div className="border-b border-slate-200 px-4 py-4 sm:px-5 dark:border-slate-800">{filters}</div>
      {note !== undefined || actions ? (
        <div className="flex flex-wrap items-start justify-between gap-3 px-4 pt-3 sm:px-5">
          <p className="min-h-5 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {note || "\u00a0"}
          </p>
          {actions}
        </div>
      ) : null}
      <TableScroll>
        <table className={cx("w-full text-sm", minWidth)} aria-busy={query.isFetching}>
          <caption className="sr-only">{caption}</caption>
          {head}
          <ListTableBody query={query} {...body} />
        </table>
      </TableScroll>
      <Pager {...pager} busy={query.isFetching} />
    </Card>
  );
}

/**
 * A column a phone leaves out (its heading and its cells): at 390 px a list shows the columns that matter and the row's
 * first cell says the rest (issue 24, item 4); from `sm` up every column shows.
 */
export const WIDE_ONLY = "hidden sm:table-cell";

/** The heading of such a column. */
export const wideOnly = (label: string, { srOnly = false } = {}): ListColumn => ({ label, srOnly, className: WIDE_ONLY });

/** A heading of a list: right-aligned over figures, with the list's own classes (a column hidden at phone width), or read only by screen readers (actions). */
export type ListColumn = string | { label: string; align?: "right"; className?: string; srOnly?: boolean };

/** A list's head row, banded; `padding` is the list's cell padding, so each heading sits over its column. */
export function ListHead({ columns, padding = "px-4 py-2.5" }: { columns: readonly ListColumn[]; padding?: string }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60">
      <tr>
        {columns.map((column) => {
          const { label, align, className, srOnly } = typeof column === "string" ? { label: column } : column;
          return (
            <th
              key={label}
              scope="col"
              className={cx(
                padding,
                "text-left text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400",
                align === "right" && "text-right",
                className,
              )}
            >
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** A searched list's empty page: past the end of its pages, nothing matching the filters, or nothing yet (the list's words). */
export function SearchEmptyState(props: { total: number | null; filtered: boolean; noMatch: string; nothingYet: string; nothingYetText: string }) {
  const { total, filtered, noMatch, nothingYet, nothingYetText } = props;
  if (total !== 0) return <EmptyState title="This page is past the end">Go back a page.</EmptyState>;
  if (filtered) return <EmptyState title={noMatch}>Change or clear the filters.</EmptyState>;
  return <EmptyState title={nothingYet}>{nothingYetText}</EmptyState>;
}
