"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { shouldRetry } from "@/lib/portal/shared/api-client";
import { StepUpPrompt } from "@/components/auth/step-up-prompt";

/**
 * The portal's one QueryClient. Every /v1 call counts against the user's own
 * portal quota, so the portal refetches sparingly: 30 s freshness, no
 * refetch on focus, no retry of a 4xx.
 */
function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, gcTime: 5 * 60_000, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      <StepUpPrompt />
    </QueryClientProvider>
  );
}
