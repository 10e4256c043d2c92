import type { Metadata } from "next";
import { PaymentsHub } from "@/components/payments/payments-hub";
import { requirePortalUser } from "@/lib/server/auth/session";

export const metadata: Metadata = { title: "Payments" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PaymentsPage({ searchParams }: Props) {
  const account = (await searchParams).account;
  const initial = typeof account === "string" ? account : undefined;
  await requirePortalUser(initial ? `/payments?account=${encodeURIComponent(initial)}` : "/payments");
  return <PaymentsHub initialAccount={initial} />;
}
