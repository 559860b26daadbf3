// @ts-check
/**
 * house/decimal-amounts: a schema property that holds an amount, a price or a fee (by name:
 * `amount`, `price`, `fee`, or ending in `_amount`, `_price`, `_fee`) is a decimal string:
 * `type: string` with `format: decimal`. Named and inline schemas alike. The names are rule
 * options (`names`, `suffixes`) in redocly.yaml; `exceptions` lists property names that carry such a
 * suffix but hold a code, not an amount (`debit_fee`: how fees are paid), or `<title>.<property>`
 * for one property of the schema with that `title` only (`CrossexTransferCoin.est_fee`: a JSON
 * number on the wire). A schema's `x-decimal`
 * (`{gt?, maxScale?}`) sits on a decimal string only, in the table's shape (`spec/extensions/table.js`).
 */
import { deref } from '../support/operation.js';
import { isObject } from '../support/json.js';
import { checkExtension, problemText, show } from '../../extensions/check.js';

const DEFAULT_NAMES = ['amount', 'price', 'fee'];
const DEFAULT_SUFFIXES = ['_amount', '_price', '_fee'];
/**
 * Whether a schema's `type` is string (alone or with null).
 * @param {unknown} type
 * @returns {boolean}
 */
function isStringType(type) {
  if (type === 'string') return true;
  return Array.isArray(type) && type.includes('string') && type.every((t) => t === 'string' || t === 'null');
}

/**
 * Creates the rule's visitor.
 * @param {{ names?: string[], suffixes?: string[], exceptions?: string[] }} [options]
 * @returns {Record<string, any>}
 */
export default function DecimalAmounts(options = {}) {
  const names = options.names ?? DEFAULT_NAMES;
  const suffixes = options.suffixes ?? DEFAULT_SUFFIXES;
  const exceptions = options.exceptions ?? [];
  /**
   * @param {string} name
   * @param {unknown} title the schema's `title`, which a `<title>.<property>` exception names
   */
  const isMoney = (name, title) =>
    !exceptions.includes(name) &&
    !(typeof title === 'string' && exceptions.includes(`${title}.${name}`)) &&
    (names.includes(name) || suffixes.some((suffix) => name.endsWith(suffix)));
  return {
    Schema: {
      /**
       * @param {Record<string, unknown>} schema
       * @param {any} ctx
       */
      enter(schema, ctx) {
        if (schema['x-decimal'] !== undefined) checkXDecimal(schema, ctx);
        if (!isObject(schema.properties)) return;
        for (const [name, raw] of Object.entries(schema.properties)) {
          if (!isMoney(name, schema.title)) continue;
          const { node: property } = deref(ctx.resolve, raw, ctx.location.source.absoluteRef);
          if (!isObject(property)) continue;
          const faults = [];
          if (!isStringType(property.type))
            faults.push(property.type === undefined ? 'no type' : `type ${show(property.type)}`);
          if (property.format !== 'decimal')
            faults.push(property.format === undefined ? 'no format' : `format ${show(property.format)}`);
          if (faults.length === 0) continue;
          ctx.report({
            message: `Property \`${name}\` holds an amount or price, so it must be \`type: string, format: decimal\`; it has ${faults.join(' and ')}.`,
            location: ctx.location.child(['properties', name]),
          });
        }
      },
    },
  };
}

/**
 * Reports an `x-decimal` that is malformed or sits on something other than a decimal string.
 * @param {Record<string, unknown>} schema
 * @param {any} ctx
 */
function checkXDecimal(schema, ctx) {
  const here = ctx.location.child(['x-decimal']);
  if (!isStringType(schema.type) || schema.format !== 'decimal') {
    ctx.report({
      message: '`x-decimal` applies to decimal strings only (`type: string, format: decimal`).',
      location: here.key(),
    });
  }
  for (const problem of checkExtension('x-decimal', schema['x-decimal'])) {
    ctx.report({ message: `${problemText('x-decimal', problem)}.`, location: here.child(problem.path) });
  }
}
