"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe choice, where focus starts (and what Escape does); "Cancel" unless given. */
  cancelLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  /** A failed confirmation's message, shown in the dialog (it stays open). */
  error?: string | null;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal confirmation on the native <dialog> (the page behind is inert).
 * Focus starts on Cancel, the safe choice; Tab and Shift+Tab cycle inside the
 * dialog; Escape cancels; on close focus returns to whatever opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  busyLabel,
  busy = false,
  error,
  destructive = false,
  onConfirm,
  onClose,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Focus goes back to the opener however the dialog closes (button, Escape, unmount).
  const restoreFocus = () => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  };

  const trapTab = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        // Escape: the parent decides (a dialog mid-request stays open).
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClose={restoreFocus}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <div className="p-5">
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          <div id={bodyId} className="mt-2 space-y-2 text-sm text-slate-700 dark:text-slate-300">
            {children}
          </div>
          {error ? (
            <p
              role="alert"
              className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
            >
              {error}
            </p>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <button ref={cancelRef} type="button" onClick={onClose} disabled={busy} className={buttonClass("secondary")}>
              {cancelLabel}
            </button>
            <Button
              variant="primary"
              onClick={onConfirm}
              disabled={busy}
              className={cx(destructive && "bg-red-700 hover:bg-red-800 dark:bg-red-500 dark:hover:bg-red-400")}
            >
              {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
