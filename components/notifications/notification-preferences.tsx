"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { NOTIFICATION_KIND_LABELS, type TNotificationPreferences } from "@/lib/contract/notifications/schema";
import { fetchNotificationPreferences, saveNotificationPreferences } from "@/lib/portal/notifications/notifications-api";
import { shouldRetry } from "@/lib/portal/shared/api-client";
import { notificationKeys } from "@/lib/portal/shared/query-keys";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/state-message";

type Choice = TNotificationPreferences["preferences"][number];

/** Per kind: in the portal, and by e-mail too. E-mail needs the portal, so turning the portal off clears it. */
function PreferencesForm({ initial }: { initial: TNotificationPreferences }) {
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<Choice[]>(initial.preferences);
  const save = useMutation({
    mutationFn: () => saveNotificationPreferences({ preferences: choices }),
    onSuccess: (saved) => {
      setChoices(saved.preferences);
      queryClient.setQueryData(notificationKeys.preferences(), saved);
    },
  });
  const change = (kind: Choice["kind"], patch: Partial<Choice>) => {
    save.reset();
    setChoices(choices.map((c) => (c.kind !== kind ? c : { ...c, ...patch, byEmail: (patch.inPortal ?? c.inPortal) && (patch.byEmail ?? c.byEmail) })));
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {choices.map((c) => {
          const { label, who } = NOTIFICATION_KIND_LABELS[c.kind];
          return (
            <li key={c.kind} className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
              <fieldset className="min-w-0">
                <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">{label}</legend>
                <p className="text-xs text-slate-600 dark:text-slate-400">{who}</p>
                <div className="mt-2 flex flex-wrap gap-4 text-sm text-slate-800 dark:text-slate-200">
                  <label className="inline-flex items-center gap-2">
                    <input type="checkbox" checked={c.inPortal} onChange={(e) => change(c.kind, { inPortal: e.target.checked })} />
                    In the portal
                  </label>
                  <label className="inline-flex items-center gap-2">
                    <input type="checkbox" checked={c.byEmail} disabled={!c.inPortal} onChange={(e) => change(c.kind, { byEmail: e.target.checked })} />
                    By e-mail too
                  </label>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save preferences"}
        </Button>
        {save.isSuccess ? <Notice>Your preferences are saved.</Notice> : null}
        {save.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Your preferences could not be saved: {save.error.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}

export function NotificationPreferences() {
  const query = useQuery({ queryKey: notificationKeys.preferences(), queryFn: ({ signal }) => fetchNotificationPreferences(signal), retry: shouldRetry });
  return (
    <Card aria-labelledby="preferences-title">
      <CardHeader
        id="preferences-title"
        title="Preferences"
        description="What you are told, in the portal and by e-mail. Unless you change it: everything in the portal, nothing by e-mail."
      />
      {query.isPending ? (
        <div role="status" className="space-y-3 px-5 py-4" aria-label="Loading preferences">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState title="Your preferences could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PreferencesForm initial={query.data} />
      )}
    </Card>
  );
}
