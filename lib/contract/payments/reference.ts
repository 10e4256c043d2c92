/** Reference data the payment forms need and the API does not publish (bank codes, FX rates, holidays). */
export type FxRate = { from: string; to: string; rate: string };
export type BankCode = { bankCode: string; currency: string; name: string };
/** `achCutoff`: the ACH same-day cut-off the bank's operators set, bank time. */
export type PaymentReference = { bankCodes: BankCode[]; rates: FxRate[]; holidays: string[]; achCutoff: { hour: number; minute: number } };
