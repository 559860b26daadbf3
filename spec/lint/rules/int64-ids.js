// @ts-check
/**
 * house/int64-ids: an integer schema property that is an identifier (`id`, `uid`, or ending in
 * `_id`, `_uid`) declares `format: int64`, so the client keeps it lossless (order and user ids
 * exceed 2^53). String ids are not concerned.
 */
import { deref } from '../support/operation.js';
import { isObject } from '../support/json.js';
import { show } from '../../extensions/check.js';

/**
 * Whether a property name reads as an identifier.
 * @param {string} name
 * @returns {boolean}
 */
function isIdName(name) {
  return name === 'id' || name === 'uid' || name.endsWith('_id') || name.endsWith('_uid');
}

/**
 * Whether a schema's `type` is integer (alone or with null).
 * @param {unknown} type
 * @returns {boolean}
 */
function isIntegerType(type) {
  if (type === 'integer') return true;
  return Array.isArray(type) && type.includes('integer') && type.every((t) => t === 'integer' || t === 'null');
}

/**
 * Creates the rule's visitor.
 * @returns {Record<string, any>}
 */
export default function Int64Ids() {
  return {
    Schema: {
      /**
       * @param {Record<string, unknown>} schema
       * @param {any} ctx
       */
      enter(schema, ctx) {
        if (!isObject(schema.properties)) return;
        for (const [name, raw] of Object.entries(schema.properties)) {
          if (!isIdName(name)) continue;
          const { node: property } = deref(ctx.resolve, raw, ctx.location.source.absoluteRef);
          if (!isObject(property) || !isIntegerType(property.type) || property.format === 'int64') continue;
          ctx.report({
            message: `Integer identifier \`${name}\` must declare \`format: int64\` (ids exceed 2^53); it has ${property.format === undefined ? 'no format' : `format ${show(property.format)}`}.`,
            location: ctx.location.child(['properties', name]),
          });
        }
      },
    },
  };
}
