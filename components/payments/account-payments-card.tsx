"use client";

import { AccountPayments } from "@/components/payments/account-payments";
import { PayButtons } from "@/components/payments/pay-buttons";
import { Card, CardHeader } from "@/components/ui/card";

/** The account detail page's payments section. */
export function AccountPaymentsCard({ accountNumber, payable }: { accountNumber: string; payable: boolean }) {
  return (
    <Card aria-labelledby="account-payments" className="mt-6">
      <CardHeader
        id="account-payments"
        title="Payments"
        description="Payments debited from this account, newest first."
        actions={payable ? <PayButtons from={accountNumber} size="compact" /> : null}
      />
      <AccountPayments accountNumber={accountNumber} />
    </Card>
  );
}
