import type { Metadata } from "next";
import { PaymentDetail } from "@/components/payments/payment-detail";
import { requirePortalUser } from "@/lib/auth/session";

type Props = { params: Promise<{ paymentId: string }> };

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export const metadata: Metadata = { title: "Payment" };

export default async function PaymentPage({ params }: Props) {
  const paymentId = decodeParam((await params).paymentId);
  await requirePortalUser(`/payments/${encodeURIComponent(paymentId)}`);
  return <PaymentDetail paymentId={paymentId} />;
}
