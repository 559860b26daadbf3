/** The runtime metadata object of each operation, built from the IR as typed data. */
import type { FieldRule, OperationMeta } from './runtime/metadata.js';
import type { IR, IROperation } from '../../ir/types.js';
import { Reference } from './literal.js';
import { metaName } from '../../emit-kit/naming.js';
import { bodyProperties, conditionalRules, fieldRules, hasListBody, listBodyRule } from '../../ir/rules.js';
import { wireDescriptor, wireText } from '../../emit-kit/wire-types.js';

type Idempotency = NonNullable<OperationMeta['idempotency']>;

/** OperationMeta as the emitter holds it: the lookup operation is a reference to its constant. */
export type EmittedMeta = Omit<OperationMeta, 'idempotency'> & {
  readonly idempotency?: Omit<Idempotency, 'lookup'> & {
    readonly lookup?: {
      readonly operation: Reference;
      readonly param: string;
      readonly with?: { readonly [param: string]: string };
    };
  };
};

/**
 * The metadata of one operation (members in a fixed order; absent ones left out). A shaped
 * operation whose body is a JSON list stays `shape: 'shaped'` (its answer is typed, its query
 * parameters are the flat params' ones) with `body: 'open'`: the runtime sends `params.body` as is,
 * after checking it against `listBody`, while the generated params type (`{ body: Item[] }`) keeps
 * the list typed.
 */
export function operationMeta(ir: IR, op: IROperation): EmittedMeta {
  const listBody = hasListBody(ir, op);
  const body: OperationMeta['body'] =
    op.method === 'GET' || op.method === 'DELETE'
      ? 'none'
      : op.shape === 'named-only' || listBody
        ? 'open'
        : op.requestBody
          ? 'json'
          : 'none';
  const headers = op.parameters.filter((p) => p.in === 'header').map((p) => p.name);
  const idem = op.idempotency;
  const rules: FieldRule[] = fieldRules(ir, op);
  const conditions = conditionalRules(ir, op);
  const listRule = listBodyRule(ir, op);
  const wire = wireDescriptor(ir, op);
  const { request } = op.int64;
  // The answer's int64 places are in its wire descriptor, which the runtime reads instead.
  const response = Object.keys(wire).length > 0 ? [] : op.int64.response;
  return {
    id: op.id,
    area: op.area,
    method: op.method,
    path: op.path,
    auth: op.auth,
    shape: op.shape,
    rateLimit: {
      bucket: op.rateLimit.bucket,
      requests: op.rateLimit.requests,
      window: op.rateLimit.window,
      scope: op.rateLimit.scope,
      ...(op.rateLimit.market === undefined ? {} : { market: op.rateLimit.market }),
    },
    retry: op.retry,
    pathParams: op.parameters.filter((p) => p.in === 'path').map((p) => p.name),
    queryParams: op.parameters
      .filter((p) => p.in === 'query')
      .map((p) => (p.serialization === 'csv' ? { name: p.name, csv: true as const } : { name: p.name })),
    body,
    successStatus: op.successStatus,
    ...(headers.length > 0 ? { headerParams: headers } : {}),
    ...(body === 'json' && op.requestBody
      ? { bodyFields: Object.keys(bodyProperties(ir, op.requestBody.schema).properties) }
      : {}),
    ...(op.pagination ? { pagination: { ...op.pagination } } : {}),
    ...(op.timeRange
      ? {
          timeRange: {
            from: op.timeRange.from,
            to: op.timeRange.to,
            maxDays: op.timeRange.maxDays,
            defaultDays: op.timeRange.defaultDays,
          },
        }
      : {}),
    ...(idem
      ? {
          idempotency: {
            field: idem.field,
            dedupes: idem.dedupes,
            generate: idem.generate,
            ...(idem.prefix === undefined ? {} : { prefix: idem.prefix }),
            ...(idem.length === undefined ? {} : { length: idem.length }),
            ...(idem.perItem ? { perItem: true as const } : {}),
            ...(idem.lookup
              ? {
                  lookup: {
                    operation: new Reference(metaName(idem.lookup.operationId)),
                    param: idem.lookup.param,
                    ...(idem.lookup.with ? { with: { ...idem.lookup.with } } : {}),
                  },
                }
              : {}),
          },
        }
      : {}),
    ...(request.length > 0 || response.length > 0
      ? { int64: { ...(request.length > 0 ? { request } : {}), ...(response.length > 0 ? { response } : {}) } }
      : {}),
    ...(Object.keys(wire).length > 0 ? { wire: wireText(wire) } : {}),
    ...(op.nestedList ? { nestedList: true as const } : {}),
    ...(rules.length > 0 ? { rules } : {}),
    ...(conditions.length > 0 ? { conditions } : {}),
    ...(listRule ? { listBody: listRule } : {}),
    ...(op.requireAnyOf ? { requireAnyOf: op.requireAnyOf } : {}),
    ...(op.groupLimit ? { groupLimit: { field: op.groupLimit.field, max: op.groupLimit.max } } : {}),
    ...(op.deprecated ? { deprecated: true as const } : {}),
  };
}
