"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { regenerateOwnRecoveryCodes } from "@/app/(portal)/security/actions";
import { RecoveryCodeList } from "@/components/auth/recovery-code-list";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { withStepUp } from "@/lib/portal/shared/step-up-action";

/**
 * New recovery codes (lost, or running out): confirmed first, as the old ones
 * stop working; a stale second factor brings up the step-up prompt, then the
 * action is tried again once. The new codes are shown this once.
 */
export function RecoveryCodesRenewal() {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const renew = async () => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    const result = await withStepUp(regenerateOwnRecoveryCodes, "Nothing was changed: your recovery codes are as they were.");
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setCodes(result.codes);
    router.refresh();
  };

  return (
    <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      {codes ? (
        <section aria-labelledby="new-recovery-title">
          <h3 id="new-recovery-title" className="font-semibold" tabIndex={-1} ref={(el) => el?.focus()}>
            Your new recovery codes
          </h3>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Your earlier codes no longer work. Keep these somewhere safe, away from your phone: this is the only time Harbour shows them.
          </p>
          <RecoveryCodeList codes={codes} />
        </section>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-600 dark:text-slate-400">Lost your recovery codes, or used most of them? Make a new set.</p>
          <Button onClick={() => setConfirming(true)} disabled={busy}>
            {busy ? "Making codes…" : "Make new recovery codes"}
          </Button>
        </div>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Make new recovery codes?"
        confirmLabel="Make new codes"
        onConfirm={() => void renew()}
        onClose={() => setConfirming(false)}
      >
        Your current recovery codes stop working at once, including any you have not used yet.
      </ConfirmDialog>
    </div>
  );
}
