"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { CodeBlock } from "@/components/reference/code-block";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { useHydrated } from "@/lib/portal/shared/use-hydrated";
import { ZTokenHelper, type TestTokenResult, type TTokenHelper } from "@/lib/contract/auth/token-helper-schema";

type Props = {
  clientId: string;
  baseUrl: string;
  availableScopes: TTokenHelper["scopes"];
  issueTestToken: (input: TTokenHelper) => Promise<TestTokenResult>;
};

function commands(baseUrl: string, clientId: string, scopes: readonly string[]): string {
  return [
    `export HARBOUR_URL="${baseUrl}"`,
    `export HARBOUR_CLIENT_ID="${clientId}"`,
    `# Paste the client secret the bank issued; it is never shown in the portal.`,
    `read -rs HARBOUR_CLIENT_SECRET && export HARBOUR_CLIENT_SECRET`,
    ``,
    `# 1. Exchange the client credentials for an access token (RFC 6749 §4.4).`,
    `TOKEN=$(curl -s -u "$HARBOUR_CLIENT_ID:$HARBOUR_CLIENT_SECRET" \\`,
    `  -d grant_type=client_credentials \\`,
    `  --data-urlencode "scope=${scopes.join(" ")}" \\`,
    `  "$HARBOUR_URL/v1/oauth/token" | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    ``,
    `# 2. Call the API with it.`,
    `curl -s -H "Authorization: Bearer $TOKEN" "$HARBOUR_URL/v1/accounts?pageSize=10"`,
  ].join("\n");
}

export function TokenHelper({ clientId, baseUrl, availableScopes, issueTestToken }: Props) {
  const [result, setResult] = useState<TestTokenResult | null>(null);
  const form = useForm<TTokenHelper>({ resolver: zodResolver(ZTokenHelper), defaultValues: { scopes: [...availableScopes] } });
  const scopes = useWatch({ control: form.control, name: "scopes" }) ?? [];
  const { errors, isSubmitting } = form.formState;
  const hydrated = useHydrated();

  const onSubmit = async (values: TTokenHelper) => setResult(await issueTestToken(values));

  return (
    <div className="grid gap-6 xl:grid-cols-[20rem_1fr]">
      <Card aria-labelledby="scopes-title" className="self-start">
        <CardHeader id="scopes-title" title="Scopes" description="A token carries only what it needs. Choose the permissions to request." />
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="px-5 py-4">
          <fieldset disabled={!hydrated} aria-describedby={errors.scopes ? "scopes-error" : undefined}>
            <legend className="sr-only">Scopes to request</legend>
            <div className="space-y-1.5">
              {availableScopes.map((scope) => (
                <label key={scope} className="flex items-center gap-2 font-mono text-xs text-slate-800 dark:text-slate-200">
                  <input type="checkbox" value={scope} {...form.register("scopes")} className="size-4 accent-brand-700" />
                  {scope}
                </label>
              ))}
            </div>
          </fieldset>
          {errors.scopes ? (
            <p id="scopes-error" role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {errors.scopes.message}
            </p>
          ) : null}
          <Button type="submit" variant="primary" className="mt-4 w-full" disabled={!hydrated || isSubmitting}>
            {isSubmitting ? "Issuing…" : "Issue a 5-minute test token"}
          </Button>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            For trying the API from a terminal. Integrations use the client-credentials commands.
          </p>
        </form>
      </Card>
      <div className="min-w-0 space-y-6">
        <Card aria-labelledby="curl-title">
          <CardHeader
            id="curl-title"
            title="Client-credentials flow"
            description={`Client ${clientId}. Run these in a shell; the secret stays on your machine.`}
          />
          <div className="p-5">
            <CodeBlock code={commands(baseUrl, clientId, scopes)} label="Client-credentials commands" />
          </div>
        </Card>
        <Card aria-labelledby="test-token-title">
          <CardHeader id="test-token-title" title="Test token" />
          <div className="min-h-24 p-5" aria-live="polite">
            {result === null ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No token issued yet.</p>
            ) : result.ok ? (
              <div className="space-y-2">
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  Expires {formatBankDateTime(new Date(result.expiresAt).toISOString())}. Scope: <span className="font-mono text-xs">{result.scope}</span>
                </p>
                <CodeBlock code={`export TOKEN="${result.accessToken}"`} label="Issued test token" />
              </div>
            ) : (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {result.message}
              </p>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}
