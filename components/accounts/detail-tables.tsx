import type { ReactNode } from "react";
import type { TAccount } from "@/lib/contract/accounts/schema";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/state-message";
import { TableScroll } from "@/components/ui/table-scroll";

const TH = "px-5 py-2 text-left text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400";
const TD = "px-5 py-2.5";

type Column<T> = { header: string; cell: (row: T) => ReactNode; mono?: boolean };

function SimpleTable<T>({ title, rows, columns, empty }: { title: string; rows: readonly T[]; columns: Column<T>[]; empty: string }) {
  const id = `table-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card aria-labelledby={id}>
      <CardHeader id={id} title={title} />
      {rows.length === 0 ? (
        <EmptyState title={empty} className="py-6" />
      ) : (
        <TableScroll>
          <table className="w-full text-sm">
            <thead className="bg-slate-50 dark:bg-slate-900/60">
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={TH}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {rows.map((row, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <td key={c.header} className={`${TD} ${c.mono ? "font-mono text-xs" : ""}`}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}

export function OwnersTable({ owners }: { owners: TAccount["owners"] }) {
  return (
    <SimpleTable
      title="Owners"
      rows={owners}
      empty="No owners recorded"
      columns={[
        { header: "Name", cell: (o) => o.displayName },
        { header: "Holder type", cell: (o) => o.accountHolderType },
      ]}
    />
  );
}

export function RoutingsTable({ routings }: { routings: TAccount["accountRoutings"] }) {
  return (
    <SimpleTable
      title="Routings"
      rows={routings}
      empty="No routings recorded"
      columns={[
        { header: "Scheme", cell: (r) => r.scheme },
        { header: "Address", cell: (r) => r.address, mono: true },
      ]}
    />
  );
}

export function AttributesTable({ attributes }: { attributes: TAccount["accountAttributes"] }) {
  return (
    <SimpleTable
      title="Attributes"
      rows={attributes}
      empty="No attributes recorded"
      columns={[
        { header: "Name", cell: (a) => a.name, mono: true },
        { header: "Value", cell: (a) => String(a.value), mono: true },
      ]}
    />
  );
}
