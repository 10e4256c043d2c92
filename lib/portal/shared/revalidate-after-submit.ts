import type { FieldErrors, FieldPath, FieldValues, UseFormSetError, UseFormSubscribe, UseFormTrigger } from "react-hook-form";

type Issue = { path: string; type: string; message: string };

/** The API's own answers (setError type "server") on fields other than `changed`: a schema run does not know them. */
export function serverErrorsApartFrom(errors: FieldErrors, changed: string): Issue[] {
  const found: Issue[] = [];
  const walk = (node: unknown, path: string) => {
    if (node === null || typeof node !== "object") return;
    const e = node as { type?: unknown; message?: unknown };
    if (e.type === "server" && typeof e.message === "string") {
      if (path !== changed && !path.startsWith(`${changed}.`) && !changed.startsWith(`${path}.`)) found.push({ path, type: "server", message: e.message });
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== "ref") walk(child, path ? `${path}.${key}` : key);
  };
  walk(errors, "");
  return found;
}

/**
 * After a failed submit, every change runs the whole schema again, so the
 * form shows what is wrong now, as the user types. react-hook-form's own
 * re-validation of the one field looks its error up through the error its
 * group had before: after an empty submit left "needs at least 1 line" on
 * `remittanceInformation`, typing a 40-character first line only cleared that
 * message, and "at most 35 characters" showed on the next submit. The API's
 * answers on other fields are put back: the schema cannot know them. Use with
 * `reValidateMode: "onSubmit"`, so the library does not validate the same
 * change a second time. Returns the unsubscribe.
 */
export function revalidateChangesAfterSubmit<F extends FieldValues>(form: {
  subscribe: UseFormSubscribe<F>;
  trigger: UseFormTrigger<F>;
  setError: UseFormSetError<F>;
}): () => void {
  return form.subscribe({
    formState: { values: true },
    callback: ({ name, type, isSubmitted, errors }) => {
      if (type !== "change" || !isSubmitted || !name) return;
      const kept = serverErrorsApartFrom(errors ?? {}, name);
      void form.trigger().then(() => {
        for (const { path, ...error } of kept) form.setError(path as FieldPath<F>, error);
      });
    },
  });
}
