/**
 * The GS1 mod-10 check digit shared by every GS1 key with one (GTIN, GLN, SSCC…): weights 3, 1,
 * 3, … counted from the right of the digits before it.
 */
export function gs1CheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new Error('GS1 key body must be digits');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for a string of digits whose last digit is the GS1 check digit of the ones before it. */
export function hasGs1CheckDigit(value: string): boolean {
  return /^\d{2,}$/.test(value) && gs1CheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}
