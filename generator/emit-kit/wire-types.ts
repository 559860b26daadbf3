/**
 * The `wire` descriptor of an operation: where its success answer holds a value of a type the
 * wire may change (decimal string, int64, number, integer, time string), for both clients'
 * wire-drift guards. Built from the IR's response schema; places are property names joined by
 * `.`, `*` for every array item or map value.
 */
import { isDecimal, isInt64, valuePaths } from '../ir/int64.js';
import type { Node } from '../ir/resolve.js';
import type { IR, IROperation } from '../ir/types.js';

/**
 * A declared wire type of an answer field: `d` decimal string, `i` int64, `n` number, `g` integer,
 * `s` time string. The TypeScript runtime's `WireKind` is the same (test/generator/rule-types.test.ts).
 */
export type WireKind = 'd' | 'i' | 'n' | 'g' | 's';

const hasType = (s: Node, type: string): boolean => s.type === type || (Array.isArray(s.type) && s.type.includes(type));

/** A property name that holds a time (`create_time`, `time`, `timestamp`, `create_time_ms`, `timest`). */
const TIME_NAME = /(^|_)time(st|stamp)?(_ms)?$/;

/** Each kind's schema test, in the order a place is claimed (the first kind that matches wins). */
const KINDS: ReadonlyArray<readonly [WireKind, (s: Node) => boolean]> = [
  ['i', isInt64],
  ['d', isDecimal],
  ['n', (s) => hasType(s, 'number')],
  ['g', (s) => hasType(s, 'integer') && !isInt64(s)],
  ['s', (s) => hasType(s, 'string') && s.format === undefined && s.enum === undefined],
];

/**
 * The descriptor as the TypeScript metadata carries it: one text, `[prefix:]group;group...`, each
 * group a kind letter followed by its places separated by spaces, each place written without the
 * prefix all of them share (`*:dsize price;iid` is `*.size` and `*.price` decimal, `*.id` int64).
 * Read back by `wirePlaces` in the runtime's wire-drift.ts.
 */
export function wireText(descriptor: Readonly<Record<string, WireKind>>): string {
  const places = Object.keys(descriptor).map((place) => (place === '' ? [] : place.split('.')));
  const first = places[0] ?? [];
  let shared = 0;
  while (shared < first.length && places.every((p) => p.length > shared + 1 && p[shared] === first[shared])) shared++;
  const prefix = first.slice(0, shared).join('.');
  const groups = KINDS.flatMap(([kind]) => {
    const own = places.filter((p) => descriptor[p.join('.')] === kind).map((p) => p.slice(shared).join('.'));
    return own.length > 0 ? [kind + own.join(' ')] : [];
  });
  return (shared > 0 ? `${prefix}.:` : '') + groups.join(';');
}

/** The descriptor of one operation, sorted by place; empty for a named-only operation or a bodiless answer. */
export function wireDescriptor(ir: IR, op: IROperation): Record<string, WireKind> {
  const success = op.responses.find((r) => r.status === String(op.successStatus));
  if (op.shape !== 'shaped' || !success?.schema) return {};
  const doc = { components: { schemas: ir.schemas } };
  const found = new Map<string, WireKind>();
  for (const [kind, match] of KINDS) {
    for (const path of valuePaths(doc, success.schema, match)) {
      if (kind === 's' && !TIME_NAME.test(path[path.length - 1] ?? '')) continue;
      if (path.some((segment) => segment.includes('.'))) {
        throw new Error(`${op.id}: answer property ${JSON.stringify(path.join('/'))} has a "." in its name`);
      }
      const place = path.join('.');
      if (!found.has(place)) found.set(place, kind);
    }
  }
  return Object.fromEntries([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
