import type { Metadata } from "next";
import { VaDetail } from "@/components/virtual-accounts/va-detail";
import { hasRole } from "@/lib/contract/auth/roles";
import { requirePortalUser } from "@/lib/server/entry/portal/session";

type Props = { params: Promise<{ virtualAccountNumber: string }> };

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Virtual account ${decodeParam((await params).virtualAccountNumber)}` };
}

export default async function VirtualAccountPage({ params }: Props) {
  const number = decodeParam((await params).virtualAccountNumber);
  const user = await requirePortalUser(`/virtual-accounts/${encodeURIComponent(number)}`);
  return <VaDetail number={number} canOperate={hasRole(user.role, "treasurer")} />;
}
