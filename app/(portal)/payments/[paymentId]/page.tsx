import type { Metadata } from "next";
import { PaymentDetail } from "@/components/payments/payment-detail";
import { hasRole } from "@/lib/contract/auth/roles";
import { requirePortalUser } from "@/lib/server/entry/portal/session";
import { getConfig } from "@/lib/server/core/config";

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
  const user = await requirePortalUser(`/payments/${encodeURIComponent(paymentId)}`);
  // The sandbox permission is the admin's (lib/contract/auth/roles.ts), and the sandbox exists only in uat.
  const sandbox = getConfig().appEnv === "uat" && hasRole(user.role, "admin");
  return <PaymentDetail paymentId={paymentId} sandbox={sandbox} />;
}
