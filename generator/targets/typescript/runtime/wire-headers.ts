/**
 * The check the `fetch` transport makes on an attempt's final headers before calling fetch: a
 * header fetch would refuse fails the attempt here, proven never sent (fetch's own refusal is a
 * `TypeError` that cannot be told from a network failure). The rules are the plan's (call-plan.ts).
 */
import { BAD_HEADER_VALUE, HEADER_NAME } from './call-plan.js';

/**
 * The name of the first header HTTP (and so `fetch`) would refuse: a name that is not a token, or a
 * value with a character other than tab, visible ASCII, space and 0x80-0xFF. The `fetch` transport
 * checks this before calling fetch, so such a request is proven never sent (fetch's own refusal is a
 * `TypeError` no different from a network failure). Pure.
 */
export function unsendableHeader(headers: Readonly<Record<string, string>>): string | undefined {
  for (const name in headers) {
    const value = headers[name];
    if (!HEADER_NAME.test(name) || (value !== undefined && BAD_HEADER_VALUE.test(value))) return name;
  }
  return undefined;
}
