import { z } from "zod";
import type { TVirtualAccountDetail } from "@/lib/contract/virtual-accounts/responses";
import { ZClientReference, ZCountry, ZTaxIdentificationNumber } from "@/lib/contract/virtual-accounts/fields";
import { holderIssuesV2, ZUpdateVirtualAccountV2, type TUpdateVirtualAccountV2 } from "@/lib/contract/virtual-accounts/schema";

/**
 * The allocation form (PATCH /v2/virtual-accounts/{n}) and the client
 * reference form. Inputs hold text; the form value becomes the API body
 * (empty cells omitted, only the chosen type's block), which is checked with
 * the API's own PATCH schema plus the rules that apply at allocation: both
 * names, and the v2 Individual/Business rules.
 */

export type AllocationValues = {
  accountHolderType: "Individual" | "Business";
  accountHolderName: string;
  accountName: string;
  taxIdentificationNumber: string;
  countryOfResidence: string;
  individual: { dob: string; nationality: string; nativeLanguageName: string };
  business: {
    registeredAddress: { addressLine1: string; addressLine2: string; city: string; postalCode: string; country: string };
    dateOfIncorporation: string;
    countryOfIncorporation: string;
  };
};

/** Drops empty strings and then empty objects, trimming text. */
function compact(value: unknown): unknown {
  if (typeof value === "string") {
    const text = value.trim();
    return text === "" ? undefined : text;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const c = compact(v);
      if (c !== undefined) out[k] = c;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return value;
}

const CODE_FIELDS = ["countryOfResidence"] as const;

/** The form as the PATCH body: only the block of the chosen type, codes upper-cased. */
export function allocationBody(values: AllocationValues): TUpdateVirtualAccountV2 {
  const { individual, business, ...rest } = values;
  const body = (compact(rest) ?? {}) as Record<string, unknown>;
  for (const f of CODE_FIELDS) if (typeof body[f] === "string") body[f] = (body[f] as string).toUpperCase();
  if (values.accountHolderType === "Individual") {
    const block = compact({ ...individual, nationality: individual.nationality.toUpperCase() });
    if (block) body.individual = block;
  } else {
    const address = business.registeredAddress;
    const block = compact({
      ...business,
      registeredAddress: { ...address, country: address.country.toUpperCase() },
      countryOfIncorporation: business.countryOfIncorporation.toUpperCase(),
    });
    if (block) body.business = block;
  }
  return body as TUpdateVirtualAccountV2;
}

/** Typed for react-hook-form: text values in, the PATCH body out. */
export const ZAllocationForm = z.preprocess(
  (values) => allocationBody(values as AllocationValues),
  ZUpdateVirtualAccountV2.check(
    z.superRefine((body, ctx) => {
      for (const key of ["accountHolderName", "accountName"] as const) {
        if (body[key] === undefined) ctx.addIssue({ code: "custom", path: [key], message: "is required to allocate the account" });
      }
      for (const issue of holderIssuesV2(body, true)) {
        // The form has no control for the address as a whole: the message goes on each of its required fields.
        if (issue.path.join(".") === "business.registeredAddress") {
          for (const field of ["addressLine1", "city", "postalCode", "country"]) {
            ctx.addIssue({ code: "custom", path: ["business", "registeredAddress", field], message: "is required for a business" });
          }
        } else ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    }),
  ),
) as unknown as z.ZodType<TUpdateVirtualAccountV2, AllocationValues>;

const text = (v: string | null | undefined) => v ?? "";

/** The form's starting values: whatever the account already holds (blocks may have been given at creation). */
export function allocationDefaults(account: TVirtualAccountDetail): AllocationValues {
  const address = account.business?.registeredAddress;
  return {
    accountHolderType: account.accountHolderType ?? "Individual",
    accountHolderName: "",
    accountName: "",
    taxIdentificationNumber: text(account.taxIdentificationNumber),
    countryOfResidence: text(account.countryOfResidence),
    individual: {
      dob: text(account.individual?.dob),
      nationality: text(account.individual?.nationality),
      nativeLanguageName: text(account.individual?.nativeLanguageName),
    },
    business: {
      registeredAddress: {
        addressLine1: text(address?.addressLine1),
        addressLine2: text(address?.addressLine2),
        city: text(address?.city),
        postalCode: text(address?.postalCode),
        country: text(address?.country),
      },
      dateOfIncorporation: text(account.business?.dateOfIncorporation),
      countryOfIncorporation: text(account.business?.countryOfIncorporation),
    },
  };
}

/** Empty clears the reference (the API's null). */
export const ZClientReferenceForm = z.object({ clientReference: z.union([z.literal(""), ZClientReference]) });
export type ClientReferenceValues = z.input<typeof ZClientReferenceForm>;

/**
 * After allocation, taxIdentificationNumber and countryOfResidence can each be
 * set once if they were left empty (decisions §6). The form offers only the
 * empty ones; what is sent is the non-empty ones.
 */
export const ZSetOnceForm = z
  .object({
    taxIdentificationNumber: z.union([z.literal(""), ZTaxIdentificationNumber]),
    countryOfResidence: z.union([
      z.literal(""),
      z
        .string()
        .transform((v) => v.trim().toUpperCase())
        .pipe(ZCountry),
    ]),
  })
  .refine((v) => v.taxIdentificationNumber !== "" || v.countryOfResidence !== "", { message: "Fill in at least one field", path: ["taxIdentificationNumber"] });
export type SetOnceValues = z.input<typeof ZSetOnceForm>;

export function setOnceBody(values: z.output<typeof ZSetOnceForm>): TUpdateVirtualAccountV2 {
  return {
    ...(values.taxIdentificationNumber ? { taxIdentificationNumber: values.taxIdentificationNumber } : {}),
    ...(values.countryOfResidence ? { countryOfResidence: values.countryOfResidence } : {}),
  };
}
