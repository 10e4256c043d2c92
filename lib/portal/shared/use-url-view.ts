"use client";

import { useSearchParams } from "next/navigation";
import { useMemo } from "react";

type Params = Record<string, string | string[] | undefined>;

/**
 * A list view's state (page, size, filters) lives in the URL: every change is
 * a history entry (pushState, which Next's router follows), so Back returns
 * to the previous page or filter, and a reload or a shared link shows the same.
 */
export function useUrlView<V>(
  path: string,
  parse: (params: Params) => V,
  toQuery: (view: V) => string,
): [V, (change: (view: V) => V, history?: "push" | "replace") => void] {
  const params = useSearchParams();
  const view = useMemo(() => parse(Object.fromEntries(params)), [params, parse]);
  // "replace" is for typing: one history entry per search, not per keystroke.
  const update = (change: (view: V) => V, history: "push" | "replace" = "push") => {
    const next = `${path}${toQuery(change(view))}`;
    if (next === `${window.location.pathname}${window.location.search}`) return;
    if (history === "push") window.history.pushState(null, "", next);
    else window.history.replaceState(null, "", next);
  };
  return [view, update];
}
