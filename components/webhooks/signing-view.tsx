"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Notice } from "@/components/ui/notice";
import { CodeBlock } from "@/components/reference/code-block";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/state-message";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { webhookKeys } from "@/lib/portal/shared/query-keys";
import { receiverSnippet } from "@/lib/portal/webhooks/webhook-snippet";
import { fetchSigningSecret, rotateSigningSecret } from "@/lib/portal/webhooks/webhooks-api";
import type { TRotatedSigningSecret, TSigningSecret } from "@/lib/contract/webhooks/schema";

const MASK = "•".repeat(32);

function SecretField({ secret }: { secret: string }) {
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied("idle"), 2000);
  };
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="signing-secret"
          className="flex h-9 min-w-0 flex-1 items-center overflow-x-auto rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-[13px] whitespace-nowrap text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        >
          {revealed ? (
            secret
          ) : (
            <>
              <span aria-hidden="true">{`whsec_${MASK}`}</span>
              <span className="sr-only">Hidden</span>
            </>
          )}
        </code>
        <Button aria-pressed={revealed} onClick={() => setRevealed((v) => !v)}>
          {revealed ? "Hide" : "Reveal"}
          <span className="sr-only"> secret</span>
        </Button>
        <Button onClick={copy}>
          {copied === "copied" ? "Copied" : copied === "failed" ? "Copy failed" : "Copy"}
          <span className="sr-only"> secret</span>
        </Button>
      </div>
      <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
        {copied === "copied"
          ? "The secret is on your clipboard. Store it in your receiver's secret manager, not in code."
          : "Anyone with this secret can forge deliveries: reveal it only where no one is watching."}
      </p>
    </div>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 px-5 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="min-w-0 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

export function SigningView({ jwksUrl }: { jwksUrl: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [rotated, setRotated] = useState<TRotatedSigningSecret | null>(null);
  const signing = useQuery({ queryKey: webhookKeys.signingSecret(), queryFn: ({ signal }) => fetchSigningSecret(signal), gcTime: 0 });
  const rotate = useMutation({
    mutationFn: rotateSigningSecret,
    onSuccess: (result) => {
      setRotated(result);
      setConfirming(false);
      queryClient.setQueryData<TSigningSecret>(webhookKeys.signingSecret(), { algorithm: result.algorithm, secret: result.secret });
    },
  });

  const mode = signing.data?.algorithm ?? null;

  return (
    <div className="grid gap-6 2xl:grid-cols-[minmax(0,36rem)_1fr]">
      <Card aria-labelledby="signing-title" className="self-start">
        <CardHeader
          id="signing-title"
          title="How deliveries are signed"
          description="Every delivery carries Svc-Timestamp, Svc-Nonce and Svc-Signature over {timestamp}{nonce}POST{path}{body}."
        />
        {signing.isPending ? (
          <div className="space-y-4 px-5 py-4" aria-busy="true">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-5 w-72" />
          </div>
        ) : signing.isError ? (
          <ErrorState title="The signing settings could not be loaded" error={signing.error} onRetry={() => void signing.refetch()} />
        ) : (
          <dl className="divide-y divide-slate-200 dark:divide-slate-800">
            <Row term="Algorithm">
              <span className="flex flex-wrap items-center gap-2">
                <Badge tone="brand">{signing.data.algorithm}</Badge>
                <span className="text-slate-600 dark:text-slate-400">
                  {signing.data.algorithm === "HMAC-SHA256"
                    ? "a secret shared with you"
                    : "RSA-PSS, MGF1-SHA-256, salt 32; header Svc-Signature-Version: rsa-v1"}
                </span>
              </span>
            </Row>
            {signing.data.secret !== null ? (
              <Row term="Message signing secret">
                <SecretField key={signing.data.secret} secret={signing.data.secret} />
              </Row>
            ) : (
              <Row term="Message signing secret">
                <span className="text-slate-700 dark:text-slate-300">
                  None: your deliveries are signed with the bank&apos;s private key. Verify them with the public keys below.
                </span>
              </Row>
            )}
            <Row term="Public keys (JWKS)">
              <a
                href={jwksUrl}
                className="font-mono text-[13px] break-all text-brand-700 underline hover:no-underline dark:text-brand-300"
                target="_blank"
                rel="noreferrer"
              >
                {jwksUrl}
              </a>
              <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
                {signing.data.algorithm === "HMAC-SHA256"
                  ? "Used for RSA-signed clients and for the bank's access tokens."
                  : "Match keys by trying each; refetch when a signature fails with cached keys."}
              </span>
            </Row>
            {signing.data.algorithm === "HMAC-SHA256" ? (
              <Row term="Rotation">
                <div className="space-y-2">
                  <p className="text-slate-700 dark:text-slate-300">
                    A new secret signs every attempt from now on. Keep accepting the previous secret for <strong>24 hours</strong>, so deliveries signed just
                    before the switch, and retries of them, still pass.
                  </p>
                  <Button
                    onClick={() => {
                      rotate.reset();
                      setConfirming(true);
                    }}
                  >
                    Rotate secret…
                  </Button>
                  <div aria-live="polite" className="empty:hidden">
                    {rotated ? (
                      <Notice>
                        New secret in use. Accept the previous one as well until <strong>{formatBankDateTime(rotated.previousSecretValidUntil)}</strong>, then
                        remove it.
                      </Notice>
                    ) : null}
                  </div>
                </div>
              </Row>
            ) : null}
          </dl>
        )}
      </Card>

      <Card aria-labelledby="snippet-title" className="min-w-0 self-start">
        <CardHeader
          id="snippet-title"
          title="Verify deliveries (Node.js)"
          description={
            mode === "HMAC-SHA256"
              ? "node:crypto only. Set HARBOUR_WEBHOOK_SECRET (and HARBOUR_WEBHOOK_SECRET_PREVIOUS during a rotation)."
              : "node:crypto only. The keys come from the JWKS; load them at start."
          }
        />
        <div className="px-5 py-4">
          {mode ? <CodeBlock code={receiverSnippet(mode, jwksUrl)} label={`Webhook verification snippet for ${mode}`} /> : <Skeleton className="h-96 w-full" />}
          <ul className="mt-3 list-disc space-y-1 pl-5 text-xs text-slate-600 dark:text-slate-400">
            <li>Verify the raw body bytes before parsing JSON; the signed path is the path and query of the request line.</li>
            <li>Timestamps more than 5 minutes off are refused; a nonce is accepted once.</li>
            <li>Deliveries are at least once: handle each transactionId idempotently. Answer 2xx within 10 seconds.</li>
          </ul>
        </div>
      </Card>

      <ConfirmDialog
        open={confirming}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        busyLabel="Rotating…"
        busy={rotate.isPending}
        error={rotate.error?.message ?? null}
        onConfirm={() => rotate.mutate()}
        onClose={() => setConfirming(false)}
      >
        <p>A new secret is created and signs every delivery attempt from now on, including retries of earlier deliveries.</p>
        <p>
          For the next <strong>24 hours</strong> your receiver should accept both the new and the previous secret. Deploy the new secret next to the old one,
          then remove the old one after the overlap.
        </p>
      </ConfirmDialog>
    </div>
  );
}
