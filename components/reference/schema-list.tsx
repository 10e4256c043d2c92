import { typeLabel, type JsonSchema } from "@/lib/portal/reference/openapi-model";
import { TableScroll } from "@/components/ui/table-scroll";

function PropertyRows({ schema }: { schema: JsonSchema }) {
  const required = new Set(schema.required ?? []);
  return (
    <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
      {Object.entries(schema.properties ?? {}).map(([name, prop]) => (
        <tr key={name}>
          <td className="px-4 py-2 align-top font-mono text-xs font-semibold whitespace-nowrap">
            {name}
            {required.has(name) ? null : <span className="ml-1 font-sans font-normal text-slate-600 dark:text-slate-400">optional</span>}
          </td>
          <td className="px-4 py-2 align-top font-mono text-xs text-slate-700 dark:text-slate-300">{typeLabel(prop)}</td>
          <td className="px-4 py-2 align-top text-xs text-slate-600 dark:text-slate-400">
            {prop.description ?? ""}
            {prop.example !== undefined ? <span className="block font-mono">e.g. {JSON.stringify(prop.example)}</span> : null}
          </td>
        </tr>
      ))}
    </tbody>
  );
}

export function SchemaList({ schemas }: { schemas: Record<string, JsonSchema> }) {
  return (
    <div className="space-y-4">
      {Object.entries(schemas)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, schema]) => (
          <section
            key={name}
            id={`schema-${name}`}
            className="scroll-mt-20 rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 className="border-b border-slate-200 px-4 py-3 font-mono text-sm font-semibold dark:border-slate-800">{name}</h3>
            {schema.properties ? (
              <TableScroll>
                <table className="w-full text-left">
                  <caption className="sr-only">Fields of {name}</caption>
                  <thead className="sr-only">
                    <tr>
                      <th scope="col">Field</th>
                      <th scope="col">Type</th>
                      <th scope="col">Notes</th>
                    </tr>
                  </thead>
                  <PropertyRows schema={schema} />
                </table>
              </TableScroll>
            ) : (
              <p className="px-4 py-3 font-mono text-xs">{typeLabel(schema)}</p>
            )}
          </section>
        ))}
    </div>
  );
}
