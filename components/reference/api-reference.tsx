"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo } from "react";
import { MethodBadge } from "@/components/reference/method-badge";
import { OperationCard } from "@/components/reference/operation-card";
import { SchemaList } from "@/components/reference/schema-list";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/state-message";
import { openApiOperation } from "@/lib/contract/api/openapi-operation";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { readErrorBody, readJson } from "@/lib/portal/shared/read-json";
import { errorCodes, groupOperations, type OpenApiDocument } from "@/lib/portal/reference/openapi-model";
import { referenceKeys } from "@/lib/portal/shared/query-keys";
import { TableScroll } from "@/components/ui/table-scroll";

/**
 * The document is public (no token, no quota) and changes only with a deploy: the one /v1 read not sent through the
 * SDK's client, which would mint a token and spend the person's quota on it.
 */
async function fetchOpenApi(signal: AbortSignal): Promise<OpenApiDocument> {
  // eslint-disable-next-line no-restricted-syntax -- public document: no token, no quota (above)
  const response = await fetch(openApiOperation.path, { signal });
  if (!response.ok) throw new ApiRequestError(response.status, await readErrorBody(response));
  return readJson(response, openApiOperation.response, openApiOperation.id);
}

function ReferenceSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the API reference" className="grid gap-6 lg:grid-cols-[14rem_1fr]">
      <Skeleton className="h-80 w-full rounded-xl" />
      <div className="space-y-4">
        <Skeleton className="h-56 w-full rounded-xl" />
        <Skeleton className="h-56 w-full rounded-xl" />
      </div>
    </div>
  );
}

export function ApiReference({ isAdmin }: { isAdmin: boolean }) {
  const query = useQuery({ queryKey: referenceKeys.openApi(), queryFn: ({ signal }) => fetchOpenApi(signal), staleTime: 10 * 60_000 });
  const model = useMemo(() => {
    if (!query.data) return null;
    return { groups: groupOperations(query.data), codes: errorCodes(query.data), schemas: query.data.components?.schemas ?? {} };
  }, [query.data]);
  // The address the user reached the portal at: the document's own server URL is the bind address behind a proxy.
  const baseUrl = typeof window === "undefined" ? (query.data?.servers?.[0]?.url ?? "") : window.location.origin;

  return (
    <>
      <PageHeader
        title="API reference"
        description={query.data?.info?.description ?? "The Open Banking API the portal itself uses."}
        actions={
          <>
            <a href="/v1/openapi.json" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
              OpenAPI JSON
            </a>
            {isAdmin ? (
              <Link href="/developers/access" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
                Get a token
              </Link>
            ) : null}
          </>
        }
      />
      {query.isPending ? (
        <ReferenceSkeleton />
      ) : query.isError || !model ? (
        <Card>
          <ErrorState title="The API description could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : (
        // minmax(0, …): a column as wide as the screen, not as its longest path (the phone's page was 95 px too wide).
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
          <nav aria-label="API contents" className="lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
            <ul className="space-y-4 text-sm">
              {model.groups.map((g) => (
                <li key={g.tag}>
                  <a href={`#tag-${g.tag}`} className="font-semibold text-slate-900 hover:underline dark:text-slate-100">
                    {g.tag}
                  </a>
                  <ul className="mt-1.5 space-y-1">
                    {g.operations.map((op) => (
                      <li key={op.id}>
                        <a
                          href={`#op-${op.id}`}
                          className="flex items-center gap-2 text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                        >
                          <MethodBadge method={op.method} />
                          <span className="min-w-0 font-mono text-xs break-all lg:truncate">{op.path.replace("/v1", "")}</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
              <li>
                <a href="#errors" className="font-semibold text-slate-900 hover:underline dark:text-slate-100">
                  Error codes
                </a>
              </li>
              <li>
                <a href="#schemas" className="font-semibold text-slate-900 hover:underline dark:text-slate-100">
                  Schemas
                </a>
              </li>
            </ul>
          </nav>
          <div className="min-w-0 space-y-10">
            {model.groups.map((g) => (
              <section key={g.tag} id={`tag-${g.tag}`} aria-labelledby={`tag-title-${g.tag}`} className="scroll-mt-20 space-y-4">
                <h2 id={`tag-title-${g.tag}`} className="text-lg font-semibold tracking-tight">
                  {g.tag}
                </h2>
                {g.operations.map((op) => (
                  <OperationCard key={op.id} op={op} schemas={model.schemas} baseUrl={baseUrl} />
                ))}
              </section>
            ))}
            <section id="errors" aria-labelledby="errors-title" className="scroll-mt-20">
              <Card>
                <CardHeader
                  id="errors-title"
                  title="Error codes"
                  description="Every error has one body: {error, message, code, field, details, correlationId}. Match on code, not on message."
                />
                <TableScroll>
                  <table className="w-full text-left text-sm">
                    <thead className="bg-slate-50 dark:bg-slate-900/60">
                      <tr>
                        <th scope="col" className="px-5 py-2 text-xs font-medium text-slate-600 uppercase dark:text-slate-400">
                          Status
                        </th>
                        <th scope="col" className="px-5 py-2 text-xs font-medium text-slate-600 uppercase dark:text-slate-400">
                          Code
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                      {model.codes.map((c) => (
                        <tr key={c.code}>
                          <td className="px-5 py-2">
                            <Badge tone={c.status >= 500 ? "red" : "amber"}>{c.status}</Badge>{" "}
                            <span className="text-xs text-slate-600 dark:text-slate-400">{c.reason}</span>
                          </td>
                          <td className="px-5 py-2 font-mono text-xs">{c.code}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              </Card>
            </section>
            <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-20 space-y-4">
              <h2 id="schemas-title" className="text-lg font-semibold tracking-tight">
                Schemas
              </h2>
              <SchemaList schemas={model.schemas} />
            </section>
          </div>
        </div>
      )}
    </>
  );
}
