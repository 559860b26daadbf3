/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/credentials.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The key and the secret, checked where they are taken (client options, the `EXCHANGE_V4_*`
 * defaults, `createSignerMiddleware`): each must be non-empty printable ASCII without whitespace,
 * so no credential can ever reach an HTTP header (or an HTTP library's error about one) with a
 * control or non-ASCII character in it. The error names the field and the rule, never the value.
 */
import { ValidationError } from './errors.js';

/** What a key or a secret may hold: printable ASCII, no space (`!` to `~`). */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * The rule a credential breaks: `type` (not a string, or empty), `printable-ascii` (a control,
 * whitespace or non-ASCII character), or `undefined` when it is good. Pure.
 */
export function credentialRule(value: unknown): 'type' | 'printable-ascii' | undefined {
  if (typeof value !== 'string' || value === '') return 'type';
  return PRINTABLE_ASCII.test(value) ? undefined : 'printable-ascii';
}

/**
 * Throws the `ValidationError` of a bad key or secret (value `[redacted]`); `source` names where it
 * came from when that was not the options (`EXCHANGE_V4_KEY`).
 */
export function checkCredential(field: 'key' | 'secret', value: unknown, source?: string): void {
  const rule = credentialRule(value);
  if (rule === undefined) return;
  const from = source === undefined ? '' : ` (from ${source})`;
  const explanation =
    rule === 'type' ? 'must be a non-empty string' : 'must be non-empty printable ASCII without whitespace';
  throw new ValidationError(field, '[redacted]', rule, explanation + from);
}
