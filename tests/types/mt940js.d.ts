/** The parts of mt940js (no published types) the statement tests read. */
declare module "mt940js" {
  export type Mt940Transaction = {
    amount: number;
    currency: string;
    reference: string;
    bankReference?: string;
    details: string;
    transactionType: string;
    isReversal: boolean;
  };
  export type Mt940Statement = {
    transactionReference: string;
    accountIdentification: string;
    currency: string;
    openingBalance: number;
    closingBalance: number;
    closingAvailableBalance: number;
    transactions: Mt940Transaction[];
  };
  export class Parser {
    parse(text: string): Mt940Statement[];
  }
}
