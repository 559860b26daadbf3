/**
 * The emit stage in units, each cached on its own: one per area (its TypeScript module, its
 * reference page and its Python module) and one for everything else. An area's unit is made from
 * its slice of the IR only (the area's operations in full; of the others, their ids and areas;
 * the rest of the IR; the area's operation types; the usual meaning of each error status), and
 * keyed by that slice: an edit in one area re-emits that area and the shared unit, and the other
 * areas' files come from the cache. Since a unit is made from exactly what keys it, a cached unit
 * is what it would make again. Free of the emitters' tools: a run whose units all hit loads none.
 */
import type { IR, IROperation } from './ir/types.js';
import type { ModelTypes, OperationTypes } from './emit/models.js';
import { commonErrors } from './emit/common-errors.js';
import { cacheKey } from './output-cache.js';

/** What one area's files are made from (plain data: it is also the unit's cache key). */
export interface AreaSlice {
  readonly area: string;
  /** The IR with the other areas' operations reduced to their `id` and `area`. */
  readonly ir: IR;
  /** The area's operation types, by operation id. */
  readonly types: Array<[string, OperationTypes]>;
  /** The usual meaning of each error status across the whole API (`commonErrors`). */
  readonly common: Array<[string, string]>;
}

/**
 * One unit of the emit stage: its cache key and its slice (`undefined`: the shared unit, made from
 * the IR, the bundled spec and the model names).
 */
export interface EmitUnit {
  readonly key: string;
  readonly slice?: AreaSlice;
}

/**
 * The units of the emit stage for `ir`: one per area, then the shared one. `code` is the text of
 * everything the emitters run (the generator and the templates), `document` the bundled spec's JSON.
 */
export function emitUnits(ir: IR, types: ModelTypes, code: readonly string[], document: string): EmitUnit[] {
  const codeKey = cacheKey(['emit-code', ...code]);
  const common = [...commonErrors(ir)];
  // Everything but the operations is the same in every slice: hashed once.
  const restKey = cacheKey(['emit-rest', JSON.stringify({ ...ir, operations: [] })]);
  const areas = [...new Set(ir.operations.map((o) => o.area))].sort();
  const units: EmitUnit[] = areas.map((area) => {
    const operations = ir.operations.map((o) => (o.area === area ? o : ({ id: o.id, area: o.area } as IROperation)));
    const slice: AreaSlice = {
      area,
      ir: { ...ir, operations },
      types: operations.filter((o) => o.area === area).map((o) => [o.id, types.operations.get(o.id) as OperationTypes]),
      common,
    };
    const own = JSON.stringify({ area, operations, types: slice.types, common });
    return { key: cacheKey(['emit-area', codeKey, restKey, own]), slice };
  });
  units.push({ key: cacheKey(['emit', codeKey, JSON.stringify(ir), document, JSON.stringify(types.modelNames)]) });
  return units;
}
