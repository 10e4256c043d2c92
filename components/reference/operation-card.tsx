import { CodeBlock } from "@/components/reference/code-block";
import { MethodBadge } from "@/components/reference/method-badge";
import { Badge } from "@/components/ui/badge";
import { exampleOf, refName, typeLabel, type ApiOperation, type JsonSchema } from "@/lib/portal/reference/openapi-model";

function SchemaLink({ schema }: { schema: JsonSchema | null }) {
  if (!schema) return <span className="text-slate-600 dark:text-slate-400">—</span>;
  const target = schema.$ref ?? (schema.type === "array" ? schema.items?.$ref : undefined);
  const label = typeLabel(schema);
  return target ? (
    <a href={`#schema-${refName(target)}`} className="font-mono text-xs text-brand-700 hover:underline dark:text-brand-300">
      {label}
    </a>
  ) : (
    <span className="font-mono text-xs">{label}</span>
  );
}

function curlFor(op: ApiOperation, baseUrl: string): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === "accountNumber" ? "1000123456" : `<${name}>`));
  const lines = [`curl -s ${op.method === "GET" ? "" : `-X ${op.method} `}"${baseUrl}${path}"`];
  if (op.authenticated) lines.push(`  -H "Authorization: Bearer $TOKEN"`);
  if (op.requestBody) lines.push(`  -H "Content-Type: application/json" -d @request.json`);
  return lines.join(" \\\n");
}

export function OperationCard({ op, schemas, baseUrl }: { op: ApiOperation; schemas: Record<string, JsonSchema>; baseUrl: string }) {
  const success = op.responses.find((r) => r.status.startsWith("2"));
  const errors = op.responses.filter((r) => !r.status.startsWith("2"));
  const example = success?.schema ? JSON.stringify(exampleOf(success.schema, schemas), null, 2) : null;
  return (
    <article id={`op-${op.id}`} className="scroll-mt-20 rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      {/* A description naming a long path breaks inside it rather than widening a phone's page. */}
      <header className="border-b border-slate-200 px-5 py-4 wrap-break-word dark:border-slate-800">
        <h3 className="flex flex-wrap items-center gap-3">
          <MethodBadge method={op.method} />
          <code className="font-mono text-sm font-semibold break-all text-slate-900 dark:text-slate-100">{op.path}</code>
        </h3>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{op.summary}</p>
        {op.description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{op.description}</p> : null}
        <p className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
          {op.permissions.length ? (
            <>
              Permission{" "}
              {op.permissions.map((p) => (
                <Badge key={p} tone="brand">
                  {p}
                </Badge>
              ))}
            </>
          ) : op.authenticated ? (
            "Any valid access token"
          ) : (
            "No authentication"
          )}
        </p>
      </header>
      <div className="grid gap-5 px-5 py-4 lg:grid-cols-2">
        <div className="min-w-0 space-y-4 text-sm">
          {op.parameters.length ? (
            <section>
              <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Parameters</h4>
              <ul className="space-y-1.5">
                {op.parameters.map((p) => (
                  <li key={`${p.in}-${p.name}`}>
                    <code className="font-mono text-xs font-semibold">{p.name}</code>{" "}
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {p.in}, {typeLabel(p.schema)}
                      {p.required ? ", required" : ""}
                    </span>
                    {p.description ? <span className="block text-xs text-slate-600 dark:text-slate-400">{p.description}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {op.requestBody ? (
            <section>
              <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Request body</h4>
              <SchemaLink schema={op.requestBody.schema} />{" "}
              <span className="text-xs text-slate-600 dark:text-slate-400">({op.requestBody.mediaTypes.join(", ")})</span>
            </section>
          ) : null}
          <section>
            <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Responses</h4>
            <ul className="space-y-1">
              {success ? (
                <li>
                  <Badge tone="green">{success.status}</Badge> <SchemaLink schema={success.schema} />{" "}
                  <span className="text-xs text-slate-500 dark:text-slate-400">{success.mediaTypes.join(", ")}</span>
                </li>
              ) : null}
              {errors.map((r) => (
                <li key={r.status} className="text-xs text-slate-700 dark:text-slate-300">
                  <Badge tone={Number(r.status) >= 500 ? "red" : "amber"}>{r.status}</Badge> {r.description}
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="min-w-0 space-y-3">
          <CodeBlock code={curlFor(op, baseUrl)} label={`Request example for ${op.method} ${op.path}`} />
          {example ? <CodeBlock code={example} label={`Response example for ${op.method} ${op.path}`} /> : null}
        </div>
      </div>
    </article>
  );
}
