/**
 * Reading order fields from a request body, with errors that name the field, the value and the
 * rule (400 INVALID_PARAM_VALUE, MISSING_REQUIRED_PARAM, INVALID_PRECISION). Shared by spot and
 * futures orders.
 */
import { canonical, compareDecimal, isDecimal, scaleOf } from '../decimal.js';
import { MockHttpError, invalidBody, invalidParam, missingParam } from '../errors.js';
import type { StpAct } from './types.js';

/** The body as a record; anything else is an invalid body. */
export function bodyRecord(body: unknown, what = 'an order'): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidBody(`expected ${what} as a JSON object`);
  }
  return body as Record<string, unknown>;
}

/** A required string field. */
export function requiredText(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (value === undefined || value === null || value === '') throw missingParam(name);
  if (typeof value !== 'string') throw invalidParam(name, value, 'must be a string');
  return value;
}

/** An optional string field. */
export function optionalText(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidParam(name, value, 'must be a string');
  return value;
}

/** An optional field restricted to `values`, `fallback` when absent. */
export function oneOf<T extends string>(
  body: Record<string, unknown>,
  name: string,
  values: readonly T[],
  fallback: T,
): T {
  const value = optionalText(body, name);
  if (value === undefined || value === '') return fallback;
  if (!(values as readonly string[]).includes(value)) throw invalidParam(name, value, `one of ${values.join(', ')}`);
  return value as T;
}

/** A required field restricted to `values`. */
export function requiredOneOf<T extends string>(body: Record<string, unknown>, name: string, values: readonly T[]): T {
  const value = requiredText(body, name);
  if (!(values as readonly string[]).includes(value)) throw invalidParam(name, value, `one of ${values.join(', ')}`);
  return value as T;
}

/** An optional boolean field. */
export function flag(body: Record<string, unknown>, name: string): boolean {
  const value = body[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalidParam(name, value, 'must be true or false');
  return value;
}

/** A decimal string in canonical form (`1.50` -> `1.5`); `positive` requires > 0. */
export function decimalField(body: Record<string, unknown>, name: string, rule: 'positive' | 'any'): string {
  const value = requiredText(body, name);
  if (!isDecimal(value)) throw invalidParam(name, value, 'must be a decimal string');
  if (rule === 'positive' && compareDecimal(value, '0') <= 0) throw invalidParam(name, value, 'must be greater than 0');
  return canonical(value);
}

/** 400 INVALID_PRECISION when `value` has more than `scale` decimals. */
export function checkPrecision(name: string, value: string, scale: number): void {
  if (scaleOf(value) > scale) {
    throw new MockHttpError(
      400,
      'INVALID_PRECISION',
      `Invalid precision of \`${name}\` ${value}: at most ${scale} decimals`,
    );
  }
}

const TEXT = /^t-[0-9A-Za-z_.-]{1,28}$/;

/** The order's `text`: `t-` then 1 to 28 letters, digits, `_`, `-`, `.`; `fallback` when absent. */
export function orderText(body: Record<string, unknown>, fallback: string): string {
  const text = optionalText(body, 'text');
  if (text === undefined || text === '') return fallback;
  if (!TEXT.test(text))
    throw invalidParam('text', text, 'starts with t- followed by 1 to 28 letters, digits, _, - or .');
  return text;
}

/**
 * The order's `stp_act` and the action that applies: an account in an STP group gets `cn` when it
 * sends none; an account in no group may not send one (the seed: such an order is rejected).
 */
export function stpOf(body: Record<string, unknown>, stpId: number): { sent: StpAct | undefined; applies: StpAct } {
  const sent = optionalText(body, 'stp_act');
  if (sent === undefined || sent === '' || sent === '-') return { sent: undefined, applies: 'cn' };
  if (!['cn', 'co', 'cb'].includes(sent)) throw invalidParam('stp_act', sent, 'one of cn, co, cb');
  if (stpId === 0) {
    throw invalidParam('stp_act', sent, 'only an account in an STP group may set it; omit it to trade without STP');
  }
  return { sent: sent as StpAct, applies: sent as StpAct };
}
