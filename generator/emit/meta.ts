/** The runtime metadata object of each operation, built from the IR as plain data. */
import type { FieldRule, OperationMeta } from '../../templates/typescript/runtime/metadata.js';
import type { IR, IROperation } from '../ir/types.js';
import { metaName } from './naming.js';
import { bodyProperties, conditionalRules, fieldRules } from './rules.js';

/** OperationMeta with `idempotency.lookup.operation` replaced by the referenced operation's id. */
export type MetaData = Omit<OperationMeta, 'idempotency'> & {
  idempotency?: Omit<NonNullable<OperationMeta['idempotency']>, 'lookup'> & {
    lookup?: { operationId: string; param: string };
  };
};

/** The metadata of one operation. */
export function operationMeta(ir: IR, op: IROperation): MetaData {
  const body: OperationMeta['body'] =
    op.method === 'GET' || op.method === 'DELETE'
      ? 'none'
      : op.shape === 'named-only'
        ? 'open'
        : op.requestBody
          ? 'json'
          : 'none';
  const meta: Record<string, unknown> = {
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
      .map((p) => (p.serialization === 'csv' ? { name: p.name, csv: true } : { name: p.name })),
    body,
    successStatus: op.successStatus,
  };
  const headers = op.parameters.filter((p) => p.in === 'header').map((p) => p.name);
  if (headers.length > 0) meta.headerParams = headers;
  if (body === 'json' && op.requestBody)
    meta.bodyFields = Object.keys(bodyProperties(ir, op.requestBody.schema).properties);
  if (op.pagination) meta.pagination = { ...op.pagination };
  if (op.timeRange)
    meta.timeRange = {
      from: op.timeRange.from,
      to: op.timeRange.to,
      maxDays: op.timeRange.maxDays,
      defaultDays: op.timeRange.defaultDays,
    };
  if (op.idempotency) {
    const { field, dedupes, generate, lookup } = op.idempotency;
    meta.idempotency = lookup ? { field, dedupes, generate, lookup } : { field, dedupes, generate };
  }
  const int64: Record<string, unknown> = {};
  if (op.int64.request.length > 0) int64.request = op.int64.request;
  if (op.int64.response.length > 0) int64.response = op.int64.response;
  if (Object.keys(int64).length > 0) meta.int64 = int64;
  if (op.nestedList) meta.nestedList = true;
  const rules: FieldRule[] = fieldRules(ir, op);
  if (rules.length > 0) meta.rules = rules;
  const conditions = conditionalRules(ir, op);
  if (conditions.length > 0) meta.conditions = conditions;
  if (op.requireAnyOf) meta.requireAnyOf = op.requireAnyOf;
  if (op.groupLimit) meta.groupLimit = { field: op.groupLimit.field, max: op.groupLimit.max };
  if (op.deprecated) meta.deprecated = true;
  return meta as unknown as MetaData;
}

/** Prints the metadata as a TypeScript object literal; the lookup operation becomes a reference. */
export function printMeta(meta: MetaData): string {
  const { idempotency, ...rest } = meta;
  const json = JSON.stringify(rest);
  if (!idempotency) return json;
  const { lookup, ...idem } = idempotency;
  const idemText = lookup
    ? `${JSON.stringify(idem).slice(0, -1)},"lookup":{"operation":${metaName(lookup.operationId)},"param":${JSON.stringify(lookup.param)}}}`
    : JSON.stringify(idem);
  return `${json.slice(0, -1)},"idempotency":${idemText}}`;
}
