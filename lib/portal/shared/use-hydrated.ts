import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False in the server's HTML and until React has hydrated the page, then true. A form whose fields
 * react-hook-form registers resets them to their defaults when it hydrates, so a click before then
 * is silently undone: such a form stays disabled until this is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
