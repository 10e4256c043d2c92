"use client";

import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { forgetAccessToken } from "@/lib/portal/shared/api-client";
import { ACTIVITY_EVENTS, deadlineChannel, idlePhase, REPORT_EVERY_MS, reportActivity, secondsLeft } from "@/lib/portal/shared/idle";
import { signOutOfPortal } from "@/lib/portal/shared/sign-out";

let leaving = false;

/** Time is up: to sign-in, without signing out, so an idle tab never ends a session another tab kept alive (sign-in sends a live one back). */
function leave(): void {
  if (leaving) return;
  leaving = true;
  forgetAccessToken();
  const here = `${window.location.pathname}${window.location.search}`;
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full navigation drops the user's cached queries
  window.location.assign(`/login?signedOut=idle&callbackUrl=${encodeURIComponent(here)}`);
}

/**
 * Warns a minute before the session times out for inactivity, with a dialog
 * that keeps it ("Stay signed in", where focus starts; Escape does the same)
 * or signs out now. The server decides: this only reports the person's input
 * and shows the time the server gave.
 */
export function IdleMonitor() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [reportError, setReportError] = useState<string | null>(null);
  const deadlineRef = useRef<number | null>(null);
  const lastInput = useRef(0);
  const lastReport = useRef(0);
  const publish = useRef<(deadline: number) => void>(() => {});

  const adopt = (next: number) => {
    deadlineRef.current = next;
    setDeadline(next);
  };

  const report = async () => {
    lastReport.current = Date.now();
    try {
      const next = await reportActivity();
      if (next === null) return leave();
      adopt(next);
      publish.current(next);
      setReportError(null);
    } catch {
      setReportError("We could not reach Harbour to keep you signed in. Check your connection and try again.");
    }
  };

  useEffect(() => {
    const channel = deadlineChannel((d) => {
      if (deadlineRef.current === null || d > deadlineRef.current) adopt(d);
    });
    publish.current = channel.publish;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const d = deadlineRef.current;
      const phase = d === null ? "active" : idlePhase(d, t);
      if (phase === "expired") return leave();
      // Input during the warning does not count: the person answers the dialog.
      if (phase === "active" && lastInput.current > lastReport.current && t - lastReport.current >= REPORT_EVERY_MS) void report();
    };
    const onInput = () => {
      lastInput.current = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onInput, { capture: true, passive: true });
    // Opening a page is the person's doing: reported at once.
    lastInput.current = Date.now();
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 1000);
    return () => {
      channel.close();
      window.clearTimeout(first);
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onInput, { capture: true });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page: the callbacks read refs
  }, []);

  const phase = deadline === null ? "active" : idlePhase(deadline, now);
  return (
    <ConfirmDialog
      open={phase === "warning"}
      title="Are you still there?"
      cancelLabel="Stay signed in"
      confirmLabel="Sign out now"
      error={reportError}
      onClose={() => void report()}
      onConfirm={() => void signOutOfPortal()}
    >
      <p>
        For your security, you will be signed out in{" "}
        <span className="font-semibold tabular-nums">{deadline === null ? 0 : secondsLeft(deadline, now)} seconds</span> because there has been no activity.
      </p>
    </ConfirmDialog>
  );
}
