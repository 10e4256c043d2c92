"use client";

import { ZConsoleOutcome, type ConsoleAction } from "@/lib/contract/ops/console";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { operationPath, postConsole } from "@/lib/portal/operations/api";

type Props = {
  action: ConsoleAction;
  input: Record<string, string>;
  label: string;
  title: string;
  explanation: string;
  destructive?: boolean;
  /** A secret or set-password link in the answer, shown once after the action. */
  reveal?: { key: string; label: string };
};

/** A console action behind a confirmation (suspend, reactivate, disable, reset): the page refreshes after it. */
export function ConfirmAction({ action, input, label, title, explanation, destructive = false, reveal }: Props) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const result = await postConsole(operationPath(action), input, ZConsoleOutcome);
    setBusy(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setOpen(false);
    if (reveal) setRevealed(String(result.data[reveal.key] ?? ""));
    router.refresh();
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} className={destructive ? "text-red-700 dark:text-red-300" : undefined}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={label}
        busyLabel="Working…"
        busy={busy}
        error={error}
        destructive={destructive}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        <p>{explanation}</p>
      </ConfirmDialog>
      {revealed && reveal ? (
        <p
          role="status"
          className="basis-full rounded-md border border-amber-300 bg-amber-50 p-2 text-xs break-all text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {reveal.label} (shown once):{" "}
          <span className="font-mono" data-testid="revealed-value">
            {revealed}
          </span>
        </p>
      ) : null}
    </>
  );
}
