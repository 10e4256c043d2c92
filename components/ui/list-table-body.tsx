import type { ReactNode } from "react";
import { ErrorState } from "@/components/ui/state-message";

/** What a list's query says about itself (a react-query result has all of it). */
type ListQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

type Props = {
  query: ListQuery;
  /** Columns of the table: the error and empty messages span them all. */
  columns: number;
  /** Rows shaped like the real ones, shown while the first page loads. */
  skeleton: ReactNode;
  /** "Payments could not be loaded": what failed, in the list's words. */
  errorTitle: string;
  /** What an empty page says (nothing yet, nothing matching, or past the end): each list words its own. */
  empty: ReactNode;
  rows: ReactNode[];
};

/** A server-paginated table's body in each of its states: loading, failed with a retry, empty, or its rows. */
export function ListTableBody({ query, columns, skeleton, errorTitle, empty, rows }: Props) {
  return (
    <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
      {query.isPending ? (
        skeleton
      ) : query.isError ? (
        <tr>
          <td colSpan={columns}>
            <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
          </td>
        </tr>
      ) : rows.length === 0 ? (
        <tr>
          <td colSpan={columns}>{empty}</td>
        </tr>
      ) : (
        rows
      )}
    </tbody>
  );
}
