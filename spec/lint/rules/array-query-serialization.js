// @ts-check
/**
 * house/array-query-serialization: a query parameter whose schema is an array declares `style`
 * and `explode` explicitly, with the house values (comma-separated: `style: form`,
 * `explode: false`; options `style` and `explode` in redocly.yaml). The request signature covers
 * the query string byte for byte, so the wire form must never be left to a default.
 */
import { deref } from '../support/operation.js';
import { isObject } from '../support/json.js';
import { show } from '../../extensions/check.js';

/**
 * Whether a (resolved) schema describes an array.
 * @param {unknown} schema
 * @returns {boolean}
 */
function isArraySchema(schema) {
  if (!isObject(schema)) return false;
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
        /** @type {Array<[string, unknown]>} */
        const wanted = [
          ['style', style],
          ['explode', explode],
        ];
        const missing = wanted.filter(([key]) => parameter[key] === undefined);
        const wrong = wanted.filter(([key, want]) => parameter[key] !== undefined && parameter[key] !== want);
        if (missing.length === 0 && wrong.length === 0) return;
        const faults = [
          ...missing.map(([key]) => `declares no \`${key}\``),
          ...wrong.map(([key]) => `has \`${key}: ${show(parameter[key])}\``),
        ];
        ctx.report({
          message: `Array query parameter \`${name}\` must declare \`style: ${style}, explode: ${String(explode)}\` (comma-separated values); it ${faults.join(' and ')}.`,
          location: missing.length > 0 ? ctx.location.key() : ctx.location.child([wrong[0]?.[0] ?? 'style']),
        });
      },
    },
  };
}
