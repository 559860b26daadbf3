/*
 * Copied by exchange-v4 from templates/typescript/runtime/request-body.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/** A call's body text (int64 values and bigints with all their digits); only calls that may write use it. */
import { stringifyJson } from './json.js';
import type { OperationMeta } from './metadata.js';

/** Writes the body of one call; `undefined` when it sends none. */
export type BodyWriter = (meta: OperationMeta, params: Readonly<Record<string, unknown>>) => string | undefined;

/** `json`: the body fields; `open`: `params.body` as given. */
export const bodyFor: BodyWriter = (meta, params) => {
  const int64 = meta.int64?.request;
  if (meta.body === 'json') {
    const body: Record<string, unknown> = {};
    for (const field of meta.bodyFields ?? []) if (params[field] !== undefined) body[field] = params[field];
    return stringifyJson(body, int64);
  }
  if (meta.body === 'open' && params['body'] !== undefined) return stringifyJson(params['body'], int64);
  return undefined;
};
