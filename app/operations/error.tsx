"use client";

import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/state-message";

/** An operations page that failed to render on the server; the frame around it keeps working. */
export default function OperationsError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <Card>
      <ErrorState
        title="This page could not be shown"
        error={new Error(error.digest ? `Something went wrong on our side (reference ${error.digest}).` : "Something went wrong on our side.")}
        onRetry={reset}
      />
    </Card>
  );
}
