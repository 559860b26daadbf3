/**
 * Compares what an operation exchanges: its parameters, its request body and its success response.
 * Inline schemas are compared here; component schemas they reference are recorded as uses and
 * compared once by `components.ts`.
 */
import type { IROperation, IRResponse } from '../ir/types.js';
import { classifySchemaDiff } from './classify.js';
import { fieldLabel, refOf, type ChangeSink, type DiffContext } from './context.js';
import {
  memberOf,
  parameterPointer,
  parameterSchemaPointer,
  requestBodySchemaPointer,
  responsePointer,
  responseSchemaPointer,
} from './pointers.js';
import { compareSchemas, type SchemaDiff } from './schema-walk.js';
import type { Direction, OperationRef } from './types.js';

/** The readable text of a schema difference, e.g. `FuturesOrder.size: type integer(int64) → string`. */
export function schemaMessage(label: string, d: SchemaDiff): string {
  const where = fieldLabel(label, d.field);
  switch (d.kind) {
    case 'type':
      return `${where}: type ${d.detail}`;
    case 'format':
    case 'format-widened':
    case 'decimal-format':
      return `${where}: ${d.detail}`;
    case 'enum-removed':
      return `${where}: enum value removed: ${d.detail}`;
    case 'enum-added':
      return `${where}: enum value added: ${d.detail}`;
    case 'property-removed':
      return `${where}: field removed`;
    case 'property-added':
      return `${where}: ${d.required ? 'required field added' : 'field added'}`;
    case 'made-required':
      return `${where}: now required`;
    case 'made-optional':
      return `${where}: now optional`;
    case 'deprecated':
      return `${where}: deprecated`;
    case 'undeprecated':
      return `${where}: no longer deprecated`;
    case 'docs':
      return `${where}: ${d.detail}`;
    case 'constraint':
      return `${where}: ${d.detail}`;
    case 'composition':
      return `${where}: ${d.detail}`;
  }
}

/** Compares two schemas at one site of one operation, recording changes and component uses. */
function compareSite(
  ctx: DiffContext,
  sink: ChangeSink,
  op: OperationRef,
  direction: Direction,
  label: string,
  a: unknown,
  b: unknown,
  before: string,
  after: string,
): void {
  const result = compareSchemas(ctx.oldDoc, ctx.newDoc, a, b, before, after);
  sink.use(result.refs, direction, op);
  for (const d of result.diffs) {
    const { kind, category, targets } = classifySchemaDiff(d, direction);
    sink.add(kind, [op], d.before, d.after, schemaMessage(label, d), category, targets);
  }
}

function compareParameters(ctx: DiffContext, sink: ChangeSink, a: IROperation, b: IROperation): void {
  const op = refOf(b);
  const key = (p: { in: string; name: string }): string => `${p.in}:${p.name}`;
  const newByKey = new Map(b.parameters.map((p) => [key(p), p]));
  const oldKeys = new Set(a.parameters.map(key));
  for (const pa of a.parameters) {
    const label = `parameter ${pa.name} (${pa.in})`;
    const before = parameterPointer(ctx.oldDoc, a, pa);
    const pb = newByKey.get(key(pa));
    if (!pb) {
      sink.add('parameter-removed', [op], before, null, `${label}: removed`);
      continue;
    }
    const after = parameterPointer(ctx.newDoc, b, pb);
    if (!pa.required && pb.required) sink.add('parameter-made-required', [op], before, after, `${label}: now required`);
    if (pa.required && !pb.required) sink.add('parameter-made-optional', [op], before, after, `${label}: now optional`);
    if (!pa.deprecated && pb.deprecated) sink.add('parameter-deprecated', [op], before, after, `${label}: deprecated`);
    if (pa.description !== pb.description)
      sink.add(
        'docs-changed',
        [op],
        memberOf(ctx.oldDoc, before, 'description'),
        memberOf(ctx.newDoc, after, 'description'),
        `${label}: description changed`,
      );
    compareSite(
      ctx,
      sink,
      op,
      'request',
      label,
      pa.schema,
      pb.schema,
      parameterSchemaPointer(ctx.oldDoc, before),
      parameterSchemaPointer(ctx.newDoc, after),
    );
  }
  for (const pb of b.parameters) {
    if (oldKeys.has(key(pb))) continue;
    const after = parameterPointer(ctx.newDoc, b, pb);
    const label = `parameter ${pb.name} (${pb.in})`;
    if (pb.required) sink.add('parameter-added-required', [op], null, after, `${label}: added, required`);
    else sink.add('parameter-added', [op], null, after, `${label}: added`);
  }
}

function compareRequestBody(ctx: DiffContext, sink: ChangeSink, a: IROperation, b: IROperation): void {
  const op = refOf(b);
  const ba = a.requestBody;
  const bb = b.requestBody;
  const before = ba ? requestBodySchemaPointer(ctx.oldDoc, a) : null;
  const after = bb ? requestBodySchemaPointer(ctx.newDoc, b) : null;
  if (ba && !bb) sink.add('request-body-removed', [op], before, null, 'request body: removed');
  if (!ba && bb)
    sink.add(
      bb.required ? 'request-body-made-required' : 'request-body-added',
      [op],
      null,
      after,
      bb.required ? 'request body: added, required' : 'request body: added',
    );
  if (!ba || !bb || before === null || after === null) return;
  if (!ba.required && bb.required)
    sink.add('request-body-made-required', [op], before, after, 'request body: now required');
  compareSite(ctx, sink, op, 'request', 'request', ba.schema, bb.schema, before, after);
}

const success = (op: IROperation): IRResponse | undefined =>
  op.responses.find((r) => r.status === String(op.successStatus));

function compareResponse(ctx: DiffContext, sink: ChangeSink, a: IROperation, b: IROperation): void {
  const op = refOf(b);
  const ra = success(a);
  const rb = success(b);
  if (!ra || !rb) return;
  if (ra.status !== rb.status)
    sink.add(
      'success-status-changed',
      [op],
      responsePointer(ctx.oldDoc, a, ra.status),
      responsePointer(ctx.newDoc, b, rb.status),
      `success status ${ra.status} → ${rb.status}`,
    );
  else if (ra.description !== rb.description)
    sink.add(
      'docs-changed',
      [op],
      responsePointer(ctx.oldDoc, a, ra.status),
      responsePointer(ctx.newDoc, b, rb.status),
      `response ${rb.status}: description changed`,
    );
  const before = ra.schema ? responseSchemaPointer(ctx.oldDoc, a, ra.status) : null;
  const after = rb.schema ? responseSchemaPointer(ctx.newDoc, b, rb.status) : null;
  if (before && !after) sink.add('response-body-removed', [op], before, null, `response ${rb.status}: body removed`);
  if (!before && after) sink.add('response-body-added', [op], null, after, `response ${rb.status}: body added`);
  if (before && after) compareSite(ctx, sink, op, 'response', 'response', ra.schema, rb.schema, before, after);
}

/** Compares the parameters, request body and success response of an operation present in both versions. */
export function compareSignature(ctx: DiffContext, sink: ChangeSink, a: IROperation, b: IROperation): void {
  compareParameters(ctx, sink, a, b);
  compareRequestBody(ctx, sink, a, b);
  compareResponse(ctx, sink, a, b);
}
