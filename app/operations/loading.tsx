import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading" className="mx-auto max-w-6xl px-4 py-6">
      <Skeleton className="h-7 w-48" />
      <Skeleton className="mt-2 mb-6 h-4 w-72" />
      <Skeleton className="h-72 w-full rounded-xl" />
    </div>
  );
}
