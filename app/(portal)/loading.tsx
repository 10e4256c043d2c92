import { Skeleton } from "@/components/ui/skeleton";

/** Shown while a page's server part (session and role checks) runs; shaped like a page header and a card. */
export default function Loading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-7 w-48" />
      <Skeleton className="mt-2 mb-6 h-4 w-72" />
      <Skeleton className="h-72 w-full rounded-xl" />
    </div>
  );
}
