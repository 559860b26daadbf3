// @ts-check
/**
 * house/array-query-serialization: a query parameter whose schema is an array declares `style`
 * and `explode` explicitly, with the house values (comma-separated: `style: form`,
 * `explode: false`; options `style` and `explode` in redocly.yaml). The request signature covers
 * the query string byte for byte, so the wire form must never be left to a default.
 */
import { deref } from '../support/operation.js';
import { isPlainObject, show } from '../support/shape.js';

/**
 * Whether a (resolved) schema describes an array.
 * @param {unknown} schema
 * @returns {boolean}
 */
function isArraySchema(schema) {
  if (!isPlainObject(schema)) return false;
  const type = schema.type;
  return type === 'array' || (Array.isArray(type) && type.includes('array')) || schema.items !== undefined;
}

/**
 * Creates the rule's visitor.
 * @param {{ style?: string, explode?: boolean }} [options]
 * @returns {Record<string, any>}
 */
export default function ArrayQuerySerialization(options = {}) {
  const style = options.style ?? 'form';
  const explode = options.explode ?? false;
  return {
    Parameter: {
      /**
       * @param {Record<string, unknown>} parameter
       * @param {any} ctx
       */
      enter(parameter, ctx) {
        if (parameter.in !== 'query') return;
        const { node: schema } = deref(ctx.resolve, parameter.schema, ctx.location.source.absoluteRef);
        if (!isArraySchema(schema)) return;
        const name = String(parameter.name);
        for (const [key, want] of /** @type {Array<[string, unknown]>} */ ([['style', style], ['explode', explode]])) {
          const got = parameter[key];
          if (got === undefined) {
            ctx.report({
              message: `Array query parameter \`${name}\` must declare \`${key}: ${String(want)}\` (comma-separated values); it leaves \`${key}\` to the default.`,
              location: ctx.location.key(),
            });
          } else if (got !== want) {
            ctx.report({
              message: `Array query parameter \`${name}\` must use \`${key}: ${String(want)}\` (comma-separated values), got ${show(got)}.`,
              location: ctx.location.child([key]),
            });
          }
        }
      },
    },
  };
}
