/** Whether a ticker is an ISIN (two letters, nine letters or digits, a check digit): DEGIRO and some IBKR files name holdings so. */
export const isIsin = (s: string): boolean => /^[A-Z]{2}[A-Z0-9]{9}\d$/.test(s);
