"use client";

import { useState } from "react";
import { DepositForm } from "@/components/webhooks/deposit-form";
import { DepositResult, type DepositOutcome } from "@/components/webhooks/deposit-result";

/** The UAT sandbox: simulate a deposit on the left, watch its webhooks go out on the right. */
export function SandboxView() {
  const [result, setResult] = useState<DepositOutcome | null>(null);
  return (
    <div className="grid gap-6 xl:grid-cols-[26rem_1fr]">
      <DepositForm onDeposited={setResult} />
      <DepositResult result={result} />
    </div>
  );
}
