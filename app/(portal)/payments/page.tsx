import type { Metadata } from "next";
import { PaymentsSearch } from "@/components/payments/payments-search";
import { requirePortalUser } from "@/lib/server/entry/portal/session";
import { parsePaymentsView, paymentsViewQuery } from "@/lib/portal/payments/payment-search";

export const metadata: Metadata = { title: "Payments" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PaymentsPage({ searchParams }: Props) {
  await requirePortalUser(`/payments${paymentsViewQuery(parsePaymentsView(await searchParams))}`);
  return <PaymentsSearch />;
}
