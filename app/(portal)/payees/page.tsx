import type { Metadata } from "next";
import { PayeesView } from "@/components/payees/payees-view";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { checkRole } from "@/lib/server/entry/portal/session";
import { loadPaymentReference } from "@/lib/server/entry/portal/payment-reference";

export const metadata: Metadata = { title: "Payees" };

export default async function PayeesPage() {
  // Approvers see the payee book to decide new details; viewers hold no payee permission.
  const { user } = await checkRole("viewer", "/payees");
  if (user.role === "viewer") return <Forbidden required="treasurer" actual={user.role} />;
  const { bankCodes } = await loadPaymentReference();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Payees"
        description="The beneficiaries your organisation pays. Under a payee approval policy, a new payee or a new account, bank or BIC waits for another person before it can be paid."
      />
      <PayeesView bankCodes={bankCodes} />
    </div>
  );
}
