import type { Metadata } from "next";
import { AchPaymentForm } from "@/components/payments/ach-form";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { fillSourceOf } from "@/lib/portal/payment-templates/templates-api";
import { checkRole } from "@/lib/server/entry/portal/session";
import { loadPaymentReference } from "@/lib/server/entry/portal/payment-reference";

export const metadata: Metadata = { title: "New ACH payment" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function NewAchPaymentPage({ searchParams }: Props) {
  const { user, allowed } = await checkRole("treasurer", "/payments/ach/new");
  if (!allowed) return <Forbidden required="treasurer" actual={user.role} />;
  const params = await searchParams;
  const from = params.from;
  const { bankCodes, holidays, achCutoff } = await loadPaymentReference();
  return (
    <>
      <PageHeader title="New ACH payment" description="A domestic payment in USD or BMD to an account at a configured bank." />
      <AchPaymentForm
        bankCodes={bankCodes}
        holidays={holidays}
        achCutoff={achCutoff}
        initialAccount={typeof from === "string" ? from : undefined}
        source={fillSourceOf(params)}
      />
    </>
  );
}
