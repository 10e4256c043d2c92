/** Reference data the payment forms need and the API does not publish (bank codes, FX rates, holidays). */
export type FxRate = { from: string; to: string; rate: string };
export type BankCode = { bankCode: string; currency: string; name: string };
export type PaymentReference = { bankCodes: BankCode[]; rates: FxRate[]; holidays: string[] };
