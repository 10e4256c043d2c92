import type { Metadata } from "next";
import { SwiftPaymentForm } from "@/components/payments/swift-form";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { fillSourceOf } from "@/lib/portal/payment-templates/templates-api";
import { checkRole } from "@/lib/server/entry/portal/session";
import { loadPaymentReference } from "@/lib/server/entry/portal/payment-reference";

export const metadata: Metadata = { title: "New SWIFT payment" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function NewSwiftPaymentPage({ searchParams }: Props) {
  const { user, allowed } = await checkRole("treasurer", "/payments/swift/new");
  if (!allowed) return <Forbidden required="treasurer" actual={user.role} />;
  const params = await searchParams;
  const from = params.from;
  const { rates, holidays } = await loadPaymentReference();
  return (
    <>
      <PageHeader title="New SWIFT payment" description="An international payment, in your account's currency or converted at the bank's rate." />
      <SwiftPaymentForm rates={rates} holidays={holidays} initialAccount={typeof from === "string" ? from : undefined} source={fillSourceOf(params)} />
    </>
  );
}
