/**
 * The Ajv setup every spec-validating test shares: JSON Schema 2020-12 (as OpenAPI 3.1 uses),
 * ajv-formats, the spec's `decimal` format and its `x-decimal` keyword (`gt`, `maxScale`), decided
 * on the digits, never through floating point.
 */
import { Ajv2020, type ErrorObject, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives as the module object's `default` in types.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** A plain decimal string: optional `-`, digits, optional `.digits`. */
export const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Compares two decimal strings exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const scale = (s: string): number => (s.split('.')[1] ?? '').length;
  const digits = Math.max(scale(a), scale(b));
  const big = (s: string): bigint => {
    const [int = '0', frac = ''] = s.replace(/^-/, '').split('.');
    const magnitude = BigInt(int + frac.padEnd(digits, '0'));
    return s.startsWith('-') ? -magnitude : magnitude;
  };
  const diff = big(a) - big(b);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** The rule of an `x-decimal` keyword that `value` breaks, or `undefined`. */
export function decimalViolation(value: string, rule: { gt?: string; maxScale?: number }): string | undefined {
  if (!DECIMAL.test(value)) return 'must be a decimal string';
  if (rule.gt !== undefined && compareDecimal(value, rule.gt) <= 0) return `must be greater than ${rule.gt}`;
  const scale = value.split('.')[1]?.length ?? 0;
  if (rule.maxScale !== undefined && scale > rule.maxScale) return `must have at most ${rule.maxScale} decimals`;
  return undefined;
}

/** An Ajv 2020 instance with the spec's formats and `x-decimal`; `options` set strictness and error collection. */
export function createSpecAjv(options: Options): Ajv2020 {
  const ajv = new Ajv2020({ logger: false, ...options });
  addFormats(ajv);
  ajv.addFormat('decimal', { type: 'string', validate: (s: string) => DECIMAL.test(s) });
  ajv.addKeyword({
    keyword: 'x-decimal',
    type: 'string',
    schemaType: 'object',
    errors: true,
    validate: function xDecimal(rule: { gt?: string; maxScale?: number }, data: string): boolean {
      const problem = DECIMAL.test(data) ? decimalViolation(data, rule) : undefined;
      (xDecimal as { errors?: Array<Partial<ErrorObject>> }).errors =
        problem === undefined ? [] : [{ keyword: 'x-decimal', message: problem, params: {} }];
      return problem === undefined;
    },
  });
  return ajv;
}
