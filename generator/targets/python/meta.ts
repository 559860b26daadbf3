/** The `OperationMeta` literal of every operation for `_meta.py`, built from the IR. */
import { isDecimal, valuePaths } from '../../ir/int64.js';
import type { IR, IROperation } from '../../ir/types.js';
import { bodyProperties, conditionalRules, fieldRules, hasListBody, listBodyRule } from '../../ir/rules.js';
import type { PyCode } from './literal.js';
import { call } from './literal.js';
import { methodName } from './naming.js';
import { wireDescriptor } from '../../emit-kit/wire-types.js';

type Rule = ReturnType<typeof fieldRules>[number];
type ValueRule = Omit<Rule, 'name' | 'in' | 'required'>;

/** A `FieldRule(...)` call; array item rules nest with `where="item"`, an object's field rules as `properties`. */
function ruleCall(name: string, where: string, required: boolean, rule: ValueRule): PyCode {
  return call('FieldRule', {
    name,
    where,
    required: required || undefined,
    type: rule.type,
    format: rule.format,
    enum: rule.enum,
    pattern: rule.pattern,
    min_length: rule.minLength,
    max_length: rule.maxLength,
    minimum: rule.minimum,
    maximum: rule.maximum,
    min_items: rule.minItems,
    max_items: rule.maxItems,
    decimal_gt: rule.decimal?.gt,
    decimal_max_scale: rule.decimal?.maxScale,
    secret: rule.secret || undefined,
    items: rule.items ? ruleCall('', 'item', false, rule.items) : undefined,
    properties: rule.properties?.map((sub) => ruleCall(sub.name, sub.in, sub.required === true, sub)),
  });
}

/** Where decimal strings sit in the success response (read as `Decimal`). */
export function decimalResponsePaths(ir: IR, op: IROperation): string[][] {
  const success = op.responses.find((r) => r.status === String(op.successStatus));
  if (op.shape !== 'shaped' || !success?.schema) return [];
  return valuePaths({ components: { schemas: ir.schemas } }, success.schema, isDecimal);
}

/**
 * How the body is taken from the params: none, the listed top-level fields, `params["body"]` as is
 * (`open`, named-only), or `params["body"]` as a typed JSON list (`list`, the batch endpoints).
 */
function bodyKind(ir: IR, op: IROperation): 'none' | 'json' | 'open' | 'list' {
  if (op.method === 'GET' || op.method === 'DELETE') return 'none';
  if (op.shape === 'named-only') return 'open';
  if (hasListBody(ir, op)) return 'list';
  return op.requestBody ? 'json' : 'none';
}

/** The `OperationMeta(...)` expression of one operation. */
export function operationMeta(ir: IR, op: IROperation): PyCode {
  const body = bodyKind(ir, op);
  const list = listBodyRule(ir, op);
  const { rateLimit: r, pagination: p, timeRange: t, idempotency: i, groupLimit: g } = op;
  const nonEmpty = <T>(list: T[]): T[] | undefined => (list.length > 0 ? list : undefined);
  return call('OperationMeta', {
    id: op.id,
    name: methodName(op.id),
    area: op.area,
    method: op.method,
    path: op.path,
    auth: op.auth,
    shape: op.shape,
    rate_limit: call('RateLimit', { market: r.market }, [r.bucket, r.requests, r.window, r.scope]),
    retry: op.retry,
    success_status: op.successStatus,
    path_params: nonEmpty(op.parameters.filter((x) => x.in === 'path').map((x) => x.name)),
    query_params: nonEmpty(
      op.parameters
        .filter((x) => x.in === 'query')
        .map((x) => call('QueryParam', { csv: x.serialization === 'csv' || undefined }, [x.name])),
    ),
    header_params: nonEmpty(op.parameters.filter((x) => x.in === 'header').map((x) => x.name)),
    body: body === 'none' ? undefined : body,
    body_fields:
      body === 'json' && op.requestBody
        ? nonEmpty(Object.keys(bodyProperties(ir, op.requestBody.schema).properties))
        : undefined,
    pagination: p && call('Pagination', { min_limit: p.minLimit }, [p.style, p.defaultLimit, p.maxLimit]),
    time_range: t && call('TimeRange', {}, [t.from, t.to, t.maxDays, t.defaultDays]),
    idempotency:
      i &&
      call(
        'Idempotency',
        {
          lookup: i.lookup ? [i.lookup.operationId, i.lookup.param] : undefined,
          lookup_with: i.lookup?.with ? Object.entries(i.lookup.with) : undefined,
          prefix: i.prefix,
          length: i.length,
          per_item: i.perItem,
        },
        [i.field, i.dedupes, i.generate],
      ),
    list_body: list && ruleCall(list.name, list.in, list.required === true, list),
    group_limit: g && call('GroupLimit', {}, [g.field, g.max]),
    conditions: nonEmpty(
      conditionalRules(ir, op).map((c) =>
        call('Condition', {}, [c.when.map((w) => [w.field, [...w.oneOf]]), [...c.require]]),
      ),
    ),
    require_any_of: op.requireAnyOf,
    int64_request: nonEmpty(op.int64.request),
    int64_response: nonEmpty(op.int64.response),
    decimal_response: nonEmpty(decimalResponsePaths(ir, op)),
    wire: nonEmpty(Object.entries(wireDescriptor(ir, op))),
    nested_list: op.nestedList || undefined,
    rules: nonEmpty(fieldRules(ir, op).map((rule) => ruleCall(rule.name, rule.in, rule.required === true, rule))),
    deprecated: op.deprecated || undefined,
  });
}
