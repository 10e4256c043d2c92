/** Request and response examples for the OpenAPI document. */

export const ACH_REQUEST_EXAMPLE = {
  instructionIdentification: "INV-2026-0042",
  debtorAccount: { identification: "1000123456" },
  debitCurrency: "USD",
  instructedAmount: { amount: "1250.00", currency: "USD" },
  creditorAccount: { identification: "20004455667", name: "Harbour Supplies Ltd" },
  creditorBank: { bankCode: "BANK_A", currency: "USD" },
  remittanceInformation: ["Invoice 2026-0042"],
};

export const SWIFT_REQUEST_EXAMPLE = {
  instructionIdentification: "FX-2026-0007",
  debtorAccount: { identification: "1000123456" },
  instructedAmount: { currency: "EUR" },
  debitAmount: { currency: "USD", amount: "10000.00" },
  creditorAccount: { identification: "DE89370400440532013000", name: "Rhein Logistik GmbH", additionalInformation: ["Hafenstrasse 1", "Hamburg"] },
  creditorAgent: { identification: "COBADEFFXXX" },
  intermediaryAgent: null,
  chargesType: "SHA",
  remittanceInformation: ["Freight November 2026"],
};

export const SWIFT_RESPONSE_EXAMPLE = {
  id: "0b7f5f0e-3c1e-4d5e-9a53-0f5a2b8b9c11",
  status: "success",
  transactionStatus: "Pending",
  uniqueIdentifier: "HBR4F1C2A9B0D7E6F5A4B3C",
  details: {
    extReference: "FX-2026-0007",
    instructedAmount: { currency: "EUR", amount: "9215.00" },
    debtorAccount: { schemeName: "AccountNumber", identification: "1000123456", name: null },
    beneficiaryAccount: { schemeName: "IBAN", identification: "DE89370400440532013000", name: "Rhein Logistik GmbH" },
    creditorAccount: {
      schemeName: "IBAN",
      identification: "DE89370400440532013000",
      name: "Rhein Logistik GmbH",
      additionalInformation: ["Hafenstrasse 1", "Hamburg"],
    },
    settlementDetails: {
      settlementDate: "2026-11-25",
      rail: "SWIFT",
      debitAmount: { currency: "USD", amount: "10000.00" },
      creditAmount: { currency: "EUR", amount: "9215.00" },
    },
    chargeDetails: { chargesType: "SHA", charges: { currency: "USD", amount: "15.00" } },
    remittanceInformation: ["Freight November 2026"],
    beneficiary: { name: "Rhein Logistik GmbH" },
    beneficiaryAgent: { schemeName: "BICFI", identification: "COBADEFFXXX", name: null, additionalInformation: null },
    intermediaryAgent: null,
    failureReason: null,
  },
  linkedActivities: [
    {
      type: "FxConversion",
      description: "Converted USD to EUR at 0.9215",
      amount: { currency: "USD", amount: "10000.00" },
      convertedAmount: { currency: "EUR", amount: "9215.00" },
      exchangeRate: "0.9215",
    },
    { type: "Charge", description: "SWIFT SHA charge", amount: { currency: "USD", amount: "15.00" }, convertedAmount: null, exchangeRate: null },
  ],
};

export const STATUS_RECORD_EXAMPLE = {
  type: "SWIFT",
  status: "Pending",
  transactionId: "0b7f5f0e-3c1e-4d5e-9a53-0f5a2b8b9c11",
  externalReference: "FX-2026-0007",
  remittanceInformation: ["Freight November 2026"],
  debitAmount: { currency: "USD", amount: "10000.00" },
  creditAmount: { currency: "EUR", amount: "9215.00" },
  valueDate: "2026-11-25",
  exchangeRate: "0.9215",
};
