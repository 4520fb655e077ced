// India's business identifiers as a brand applying to sell types them: the browser's port of the
// `validation` crate's `india_ids` rules (GSTIN with state code and GSTN's mod-36 check
// character, the PAN inside it, IFSC, bank account, Indian mobile). Both are tested against
// crates/validation/tests/vectors/india-ids.json; the reasons are the vectors' codes, the
// messages the server's.

export type IdReason = 'required' | 'length' | 'format' | 'state' | 'check' | 'mismatch' | 'digits' | 'mobile';

export type IdResult = { ok: true; value: string } | { ok: false; reason: IdReason; message: string };

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GSTN's state codes: 01 to 38 and 97 (Other Territory). */
export const GST_STATE_CODES: readonly string[] = [
  ...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')),
  '97',
];

const MESSAGES = {
  required: 'Required',
  gstinLength: 'A GSTIN is 15 characters.',
  gstinFormat:
    'A GSTIN is 2 digits, a PAN, an entity number, Z and a check character (like 27AAPFU0939F1ZV).',
  gstinCheck: "The GSTIN's last character does not match the rest: check it for a typo.",
  panFormat: 'A PAN is 5 letters, 4 digits and a letter (like AAPFU0939F).',
  ifscFormat: 'An IFSC is 4 letters, a zero and 6 letters or digits (like HDFC0001234).',
  bankAccount: 'A bank account number is 9 to 18 digits.',
  mobile: 'Enter a 10-digit Indian mobile number (it starts with 6, 7, 8 or 9).',
} as const;

const ok = (value: string): IdResult => ({ ok: true, value });
const fail = (reason: IdReason, message: string): IdResult => ({ ok: false, reason, message });

const PAN = /^[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z]$/;
const GSTIN = /^[0-9]{2}[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** GSTN's check character of a GSTIN's first 14 characters, or null when they are not base 36. */
export function gstinCheckCharacter(first14: string): string | null {
  if (first14.length !== 14) return null;
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = BASE36.indexOf(first14[i] ?? '');
    if (value < 0) return null;
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36] ?? null;
}

export function gstin(raw: string): IdResult {
  const text = raw.trim().toUpperCase();
  if (!text) return fail('required', MESSAGES.required);
  if (text.length !== 15) return fail('length', MESSAGES.gstinLength);
  if (!GSTIN.test(text)) return fail('format', MESSAGES.gstinFormat);
  const state = text.slice(0, 2);
  if (!GST_STATE_CODES.includes(state)) {
    return fail('state', `'${state}' is not an Indian GST state code.`);
  }
  if (gstinCheckCharacter(text.slice(0, 14)) !== text[14]) return fail('check', MESSAGES.gstinCheck);
  return ok(text);
}

/** A PAN; when `gstinRaw` is a valid GSTIN, it must be that GSTIN's characters 3 to 12. */
export function pan(raw: string, gstinRaw?: string | null): IdResult {
  const text = raw.trim().toUpperCase();
  if (!text) return fail('required', MESSAGES.required);
  if (!PAN.test(text)) return fail('format', MESSAGES.panFormat);
  const tax = gstinRaw ? gstin(gstinRaw) : null;
  if (tax?.ok) {
    const inside = tax.value.slice(2, 12);
    if (inside !== text) {
      return fail('mismatch', `The PAN must be the GSTIN's characters 3 to 12 (${inside}).`);
    }
  }
  return ok(text);
}

export function ifsc(raw: string): IdResult {
  const text = raw.trim().toUpperCase();
  if (!text) return fail('required', MESSAGES.required);
  return IFSC.test(text) ? ok(text) : fail('format', MESSAGES.ifscFormat);
}

/** 9 to 18 digits; spaces between groups are dropped. */
export function bankAccount(raw: string): IdResult {
  const text = raw.replace(/\s+/g, '');
  if (!text) return fail('required', MESSAGES.required);
  return /^[0-9]{9,18}$/.test(text) ? ok(text) : fail('digits', MESSAGES.bankAccount);
}

/** 10 digits starting 6 to 9; `+91`, a leading 0 of 11 digits, spaces and hyphens dropped. */
export function indianMobile(raw: string): IdResult {
  let text = raw.replace(/[\s-]+/g, '');
  if (!text) return fail('required', MESSAGES.required);
  if (text.startsWith('+91')) text = text.slice(3);
  else if (text.length === 11 && text.startsWith('0')) text = text.slice(1);
  return /^[6-9][0-9]{9}$/.test(text) ? ok(text) : fail('mobile', MESSAGES.mobile);
}

/** Every digit but the last 4 as X, as the server shows a bank account. */
export const maskAccount = (account: string): string =>
  account.replace(/\s+/g, '').replace(/.(?=.{4})/g, 'X');
