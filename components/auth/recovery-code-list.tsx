import { formatRecoveryCode } from "@/lib/contract/auth/second-factor";

/** Recovery codes as shown to their owner, this once (at enrolment, or when new ones are made). */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  return (
    <ul
      aria-label="Recovery codes"
      className="mt-4 grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-4 font-mono text-sm dark:bg-slate-950"
      data-testid="recovery-codes"
    >
      {codes.map((code) => (
        <li key={code}>{formatRecoveryCode(code)}</li>
      ))}
    </ul>
  );
}
