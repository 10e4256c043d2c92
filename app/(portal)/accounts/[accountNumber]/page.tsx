import type { Metadata } from "next";
import { AccountDetail } from "@/components/accounts/account-detail";
import { requirePortalUser } from "@/lib/server/entry/portal/session";

type Props = { params: Promise<{ accountNumber: string }> };

/** Tolerates both encoded and already-decoded params, and a stray `%`. */
function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Account ${decodeParam((await params).accountNumber)}` };
}

export default async function AccountPage({ params }: Props) {
  const accountNumber = decodeParam((await params).accountNumber);
  await requirePortalUser(`/accounts/${encodeURIComponent(accountNumber)}`);
  return <AccountDetail accountNumber={accountNumber} />;
}
