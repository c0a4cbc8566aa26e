/**
 * Money as people type it. Amounts are compared and stored after rounding to whole pence, so a
 * price of "0.001" is 0p (and refused), "0x10" or "1e3" is not a price at all, and no float ever
 * decides whether an amount is allowed. Shared by the forms and the API.
 */

/** Plain decimal text: digits, optionally a point and more digits. No signs, exponents or hex. */
export const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** Anything at or above this many pence is "too large" whatever the limit (and stays exact). */
const PENCE_CEILING = Number.MAX_SAFE_INTEGER;

/** Whole pence of a non-negative decimal text, rounded half up on the third decimal. */
const penceOfDecimalText = (text: string): number => {
  const [whole = '0', fraction = ''] = text.split('.');
  if (whole.replace(/^0+/, '').length > 12) return PENCE_CEILING;
  const digits = `${fraction}000`.slice(0, 3);
  return Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
};

/**
 * An amount in pounds (a JSON number, or the text of a form field) as whole pence, or `null` when
 * it is not a non-negative plain decimal.
 */
export const toPence = (value: number | string): number | null => {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    if (value >= 1e12) return PENCE_CEILING;
    // Six decimals of a finite number below 10^12 are plain decimal text; rounding is exact there.
    return penceOfDecimalText(value.toFixed(6));
  }
  const text = value.trim();
  return PLAIN_DECIMAL.test(text) ? penceOfDecimalText(text) : null;
};

/** Pence as pounds with two decimals, for storing typed prices (`1999` → `19.99`). */
export const penceToPounds = (pence: number): number => pence / 100;

/**
 * One formatter for every amount (`toLocaleString` with options builds a new one each call), made
 * on the first amount rather than when the module loads: building it takes a function's cold start
 * about 14 ms, which most of the functions that import this file never need.
 */
let gbpNumber: Intl.NumberFormat | undefined;

/** `£1,234.50` */
export const formatGbp = (pence: number): string => {
  gbpNumber ??= new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `£${gbpNumber.format(pence / 100)}`;
};
