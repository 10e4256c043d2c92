"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PAGE_SIZES } from "@/lib/portal/accounts/account-filters";
import type { PageRequest } from "@/lib/portal/shared/filtered-list";
import { useUrlView } from "@/lib/portal/shared/use-url-view";

type View<F> = { page: number; size: number; filters: F };
type Paged<T> = { data: T[]; meta: { pagination: { total_size: number; page_token: string } } };

/**
 * A searched, server-paged list (payments, the audit log): its view in the URL (useUrlView), the page of the search
 * on screen, and what ListFrame's pager needs. The first page's token goes with the later pages of the same search,
 * so they are one result set.
 */
export function usePagedSearch<F, T>(options: {
  path: string;
  parse: (params: Record<string, string | string[] | undefined>) => View<F>;
  toQuery: (view: View<F>) => string;
  queryKey: (params: { filters: F; pageStart: number; pageSize: number }) => readonly unknown[];
  fetchPage: (filters: F, page: PageRequest, signal: AbortSignal) => Promise<Paged<T>>;
}) {
  const [view, setView] = useUrlView(options.path, options.parse, options.toQuery);
  const { filters, page: pageStart, size: pageSize } = view;
  const [token, setToken] = useState<{ search: string; value: string } | null>(null);
  const search = JSON.stringify([filters, pageSize]);
  const pageToken = pageStart > 1 && token?.search === search ? token.value : undefined;
  const page = useQuery({
    queryKey: options.queryKey({ filters, pageStart, pageSize }),
    queryFn: async ({ signal }) => {
      const result = await options.fetchPage(filters, { pageStart, pageSize, pageToken }, signal);
      if (pageStart === 1) setToken({ search, value: result.meta.pagination.page_token });
      return result;
    },
    placeholderData: keepPreviousData,
  });
  const total = page.data?.meta.pagination.total_size ?? null;
  return {
    view,
    page,
    rows: page.data?.data ?? [],
    total,
    /** A new search starts at its first page. */
    searchFor: (next: F) => setView((v) => ({ ...v, filters: next, page: 1 })),
    pager: {
      page: pageStart,
      size: pageSize,
      total,
      onPage: (p: number) => setView((v) => ({ ...v, page: p })),
      sizes: PAGE_SIZES,
      onSize: (s: number) => setView((v) => ({ ...v, size: s, page: 1 })),
    },
  };
}
