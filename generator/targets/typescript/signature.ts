/**
 * The texts of an operation's signature: its flat params type, its response type, whether params
 * are required, and its doc comment (function and client method share it).
 */
import type { IR, IROperation } from '../../ir/types.js';
import { bodyProperties, hasListBody } from '../../ir/rules.js';
import type { OperationTypes } from '../../schema-types/models.js';

/** Does the caller have to pass params (a required path/query parameter or body field)? */
export function paramsRequired(ir: IR, op: IROperation): boolean {
  if (op.parameters.some((p) => p.in !== 'header' && p.required)) return true;
  if (hasListBody(ir, op)) return op.requestBody?.required === true;
  if (op.shape === 'shaped' && op.requestBody?.required)
    return bodyProperties(ir, op.requestBody.schema).required.length > 0;
  return false;
}

/** An object type from member texts (one per line). */
const objectType = (members: readonly string[]): string => `{\n${members.join('\n')}\n}`;

/**
 * The flat params type expression of an operation, written in terms of the named models: path,
 * query and inline body fields in one object type, a body model joined with `&`. A shaped list
 * body has no fields to flatten: it is the params' `body`.
 */
export function paramsTypeText(ir: IR, op: IROperation, types: OperationTypes): string {
  const members = [...(types.path ?? [])];
  const joined: string[] = [];
  if (op.shape === 'named-only') {
    // Open shape: every query parameter goes in `query` (the declared ones typed), the body in `body`.
    const declared = types.query ?? [];
    const query = declared.length > 0 ? `${objectType(declared)} & OpenQuery` : 'OpenQuery';
    const queryKey = op.parameters.some((p) => p.in === 'query' && p.required) ? 'query' : 'query?';
    members.push(`${queryKey}: ${query};`);
    if (op.method !== 'GET' && op.method !== 'DELETE') members.push('body?: JsonValue;');
  } else {
    members.push(...(types.query ?? []));
    if (op.requestBody && types.body) {
      if (hasListBody(ir, op)) members.push(`${op.requestBody.required ? 'body' : 'body?'}: ${types.body.type};`);
      else if (types.body.members) members.push(...types.body.members);
      else joined.push(types.body.type);
    }
  }
  const parts = [...(members.length > 0 ? [objectType(members)] : []), ...joined];
  return parts.length > 0 ? parts.join(' & ') : 'NoParams';
}

/** The success response type expression of an operation. */
export function responseTypeText(op: IROperation, types: OperationTypes): string {
  if (op.successStatus === 204 || types.response === undefined) return 'void';
  if (op.shape === 'named-only') return 'UntypedJson';
  return types.response.type;
}

/** The JSDoc of an operation (function and client method share it). */
export function operationDoc(op: IROperation): string {
  const lines = [op.summary];
  if (op.description) lines.push('', op.description);
  const facts = [
    `\`${op.method} ${op.path}\``,
    op.auth === 'public' ? 'public' : `permission \`${op.permission?.area}:${op.permission?.access}\``,
    `${op.rateLimit.requests} requests / ${op.rateLimit.window} s per ${op.rateLimit.scope}${op.rateLimit.bucket !== op.id ? ` (shared bucket \`${op.rateLimit.bucket}\`)` : ''}`,
  ];
  lines.push('', facts.join(' · '));
  const notes: string[] = [];
  if (op.pagination)
    notes.push(
      `Paginated (${op.pagination.style}, limit ≤ ${op.pagination.maxLimit}): \`await\` it for one page, or \`for await\` over it for every item.`,
    );
  if (op.timeRange)
    notes.push(
      `Time range at most ${op.timeRange.maxDays} days per request; iterating splits longer ranges into windows.`,
    );
  if (op.idempotency)
    notes.push(
      `Idempotency: \`${op.idempotency.field}\`${op.idempotency.generate ? ' (filled with a fresh id when omitted)' : ''}.`,
    );
  if (op.retry === 'never' && op.method !== 'GET')
    notes.push('Never resent once it may have reached the server (only a request proven never sent goes again).');
  if (op.shape === 'named-only')
    notes.push(
      'Shape not given by the API description: pass `query`/`body` as the endpoint expects. The result is untyped JSON (integers as strings of their digits); name its type with the type parameter: `<MyResult>`.',
    );
  if (notes.length > 0) lines.push('', ...notes.flatMap((n, i) => (i === 0 ? [n] : ['', n])));
  if (op.deprecated) lines.push('', '@deprecated');
  return lines.join('\n');
}
