import type { Metadata } from "next";
import { TransferForm } from "@/components/payments/transfer-form";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { fillSourceOf } from "@/lib/portal/payment-templates/templates-api";
import { checkRole } from "@/lib/server/entry/portal/session";
import { loadPaymentReference } from "@/lib/server/entry/portal/payment-reference";

export const metadata: Metadata = { title: "Transfer between accounts" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function NewTransferPage({ searchParams }: Props) {
  const { user, allowed } = await checkRole("treasurer", "/payments/transfer/new");
  if (!allowed) return <Forbidden required="treasurer" actual={user.role} />;
  const params = await searchParams;
  const from = params.from;
  const { rates, holidays } = await loadPaymentReference();
  return (
    <>
      <PageHeader
        title="Transfer between accounts"
        description="Move money between your organisation's own active accounts, in the same currency or converted at the bank's rate."
      />
      <TransferForm rates={rates} holidays={holidays} initialAccount={typeof from === "string" ? from : undefined} source={fillSourceOf(params)} />
    </>
  );
}
