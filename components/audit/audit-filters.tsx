"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FilterInput } from "@/components/ui/form";
import type { TAuditFilters } from "@/lib/contract/audit/schema";

/**
 * The audit log's search: applied on Search (or Enter), so one search is one
 * history entry and one request; the API checks every value and its message
 * shows above the table.
 */
export function AuditFilters({ filters, onSearch }: { filters: TAuditFilters; onSearch: (filters: TAuditFilters) => void }) {
  const [draft, setDraft] = useState<TAuditFilters>(filters);
  // A new search from the URL (Back, a link) replaces what is typed.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setDraft(filters);
  }
  const set = (name: keyof TAuditFilters) => (value: string) => setDraft((d) => ({ ...d, [name]: value.trim() || undefined }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  return (
    <form role="search" aria-label="Search the audit log" onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <FilterInput id="audit-actor" label="Who (email or actor)" value={draft.actor ?? ""} onChange={set("actor")} hint="ada@example.com" />
      <FilterInput id="audit-action" label="Action (or its beginning)" value={draft.action ?? ""} onChange={set("action")} hint="payment." />
      <FilterInput id="audit-target" label="Target id" value={draft.target ?? ""} onChange={set("target")} />
      <FilterInput id="audit-from" label="From (bank day)" type="date" value={draft.fromDate ?? ""} onChange={set("fromDate")} />
      <FilterInput id="audit-to" label="To (bank day)" type="date" value={draft.toDate ?? ""} onChange={set("toDate")} />
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-5">
        <Button type="submit" variant="primary">
          Search
        </Button>
        <Button onClick={() => onSearch({})}>Clear</Button>
      </div>
    </form>
  );
}
