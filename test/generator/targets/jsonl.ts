/**
 * A third target, for the walk-through of docs/ir.md ("How to add a target"): JSON lines, one line
 * per operation (method, path, operationId, rate-limit scope, idempotency field), made from the IR
 * alone. It lives with the tests, not in generator/targets/index.ts: it is run by passing it to
 * `generate({ targets })`.
 */
import type { IR, IROperation } from '../../../generator/ir/types.js';
import type { Files, Target } from '../../../generator/targets/target.js';

/** One operation as a line of JSON. */
export function operationLine(op: IROperation): string {
  return JSON.stringify({
    method: op.method,
    path: op.path,
    operationId: op.id,
    rateLimitScope: op.rateLimit.scope,
    idempotencyField: op.idempotency?.field ?? null,
  });
}

/** The lines of `area`'s operations, sorted by path then method. */
function areaLines(ir: IR, area: string): string {
  const ops = ir.operations.filter((o) => o.area === area);
  ops.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
  return ops.map((op) => `${operationLine(op)}\n`).join('');
}

/** The JSON-lines target: `jsonl/<area>.jsonl` per area, and `jsonl/areas.json` listing them. */
export const jsonlTarget: Target = {
  name: 'jsonl',
  areaFiles({ ir, area }) {
    const files: Files = new Map([[`jsonl/${area}.jsonl`, areaLines(ir, area)]]);
    return Promise.resolve(files);
  },
  sharedFiles({ ir }) {
    const areas = [...new Set(ir.operations.map((o) => o.area))].sort();
    const index = areas.map((area) => ({ area, file: `${area}.jsonl` }));
    return Promise.resolve(new Map([['jsonl/areas.json', `${JSON.stringify(index, null, 2)}\n`]]));
  },
};
