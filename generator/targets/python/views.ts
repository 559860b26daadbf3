/**
 * The view data of every Python template: all decisions are made here (names, types, docstrings,
 * imports), the templates only print.
 */
import type { IR, IROperation } from '../../ir/types.js';
import { BANNER_LINES } from '../../emit-kit/naming.js';
import { bodyProperties, hasListBody } from '../../ir/rules.js';
import { literal } from './literal.js';
import { operationMeta } from './meta.js';
import {
  areaAttribute,
  areaClass,
  areaModule,
  docText,
  itemName,
  methodName,
  paramsName,
  pyBanner,
  pyString,
  responseName,
} from './naming.js';
import { deprecatedAliases } from './aliases.js';
import type { PythonTypes } from './types.js';
import { classSyntax, firstLine, namesUsed, type TypeDef, type TypedDictField } from './types.js';

/** A TypedDict or alias as the templates print it. */
interface TypeView {
  name: string;
  doc: string;
  isTypedDict: boolean;
  classSyntax: boolean;
  fields: Array<{ key: string; type: string; quotedKey: string; comment: string }>;
  /** Alias target, quoted (evaluated lazily). */
  aliasOf: string;
}

const banner = (): string => pyBanner(BANNER_LINES);

function fieldType(f: TypedDictField): string {
  return f.required ? `Required[${f.type}]` : f.type;
}

/** The template view of a named type. */
function typeView(def: TypeDef): TypeView {
  if (def.kind === 'alias')
    return {
      name: def.name,
      doc: docText(def.doc),
      isTypedDict: false,
      classSyntax: false,
      fields: [],
      aliasOf: pyString(def.type),
    };
  return {
    name: def.name,
    doc: docText(def.doc || `${def.name}.`),
    isTypedDict: true,
    classSyntax: classSyntax(def.fields),
    fields: def.fields.map((f) => ({
      key: f.key,
      quotedKey: pyString(f.key),
      type: classSyntax(def.fields) ? fieldType(f) : pyString(fieldType(f)),
      comment: f.doc ? `  # ${f.doc.replace(/[\r\n]+/g, ' ')}` : '',
    })),
    aliasOf: '',
  };
}

/** The `typing` names a module of these types needs. */
function typingNames(views: readonly TypeView[]): string[] {
  const text = JSON.stringify(views);
  return [
    ...namesUsed(text, ['Literal', 'Required']),
    ...(views.some((v) => !v.isTypedDict) ? ['TypeAlias'] : []),
    ...(views.some((v) => v.isTypedDict) ? ['TypedDict'] : []),
  ];
}

/** Is the operation iterated item by item (`iter_<name>`)? */
const isPaged = (op: IROperation): boolean => op.pagination !== undefined && op.shape === 'shaped';

/** The docstring of an operation method (indented for a method body). */
function methodDoc(op: IROperation): string {
  const lines = [op.summary];
  if (op.description) lines.push('', ...op.description.split('\n'));
  const limit = `${op.rateLimit.requests} requests / ${op.rateLimit.window} s per ${op.rateLimit.scope}${op.rateLimit.market ? ` (${op.rateLimit.market})` : ''}${op.rateLimit.bucket !== op.id ? `, shared bucket \`${op.rateLimit.bucket}\`` : ''}`;
  const access = op.auth === 'public' ? 'public' : `permission \`${op.permission?.area}:${op.permission?.access}\``;
  lines.push('', `\`${op.method} ${op.path}\` · ${access} · ${limit}.`);
  if (isPaged(op))
    lines.push(
      `Paginated (${op.pagination?.style}, limit <= ${op.pagination?.maxLimit}): \`iter_${methodName(op.id)}\` yields every item.`,
    );
  if (op.timeRange) lines.push(`At most ${op.timeRange.maxDays} days per request; iterating splits longer ranges.`);
  if (op.idempotency)
    lines.push(
      `Idempotency: \`${op.idempotency.field}\`${op.idempotency.generate ? ' (a fresh id when omitted)' : ''}.`,
    );
  if (op.retry === 'never' && op.method !== 'GET') lines.push('Never sent again once it may have been applied.');
  if (op.shape === 'named-only')
    lines.push('Shape not given by the API description: pass `query` / `body`; the result is untyped JSON.');
  if (op.deprecated) lines.push('Deprecated.');
  return lines.map((l, i) => (i === 0 || l === '' ? docText(l) : `        ${docText(l)}`)).join('\n');
}

/** The Params TypedDict fields of an operation. */
function paramsFields(ir: IR, types: PythonTypes, op: IROperation, used: Set<string>): TypedDictField[] {
  const owner = paramsName(op.id).replace(/Params$/, '');
  const fields: TypedDictField[] = op.parameters
    .filter((p) => p.in === 'path' || (p.in === 'query' && op.shape === 'shaped'))
    .map((p) => ({
      key: p.name,
      type: types.expr(p.schema, 'write', `${owner}${p.name}`, used),
      required: p.required,
      doc: firstLine(p.description),
    }));
  if (op.shape === 'named-only') {
    const query = op.parameters.some((p) => p.in === 'query' && p.required);
    fields.push({ key: 'query', type: 'OpenQuery', required: query, doc: 'Query parameters, sent in this order.' });
    if (op.method !== 'GET' && op.method !== 'DELETE')
      fields.push({ key: 'body', type: 'JsonValue', required: false, doc: 'JSON body, sent as is.' });
  } else if (op.requestBody && hasListBody(ir, op)) {
    const type = types.expr(op.requestBody.schema, 'write', `${owner}Body`, used);
    fields.push({ key: 'body', type, required: op.requestBody.required, doc: 'The JSON list sent as the body.' });
  } else if (op.requestBody) {
    const optional = !op.requestBody.required;
    fields.push(...types.fields(owner, op.requestBody.schema, 'write', used, optional));
  }
  return fields;
}

/** Must the caller pass params (a required field)? */
function paramsRequired(ir: IR, op: IROperation): boolean {
  if (op.parameters.some((p) => p.in !== 'header' && p.required)) return true;
  return (
    op.shape === 'shaped' &&
    op.requestBody?.required === true &&
    (hasListBody(ir, op) || bodyProperties(ir, op.requestBody.schema).required.length > 0)
  );
}

/** The view of one area module. */
export function areaView(ir: IR, types: PythonTypes, area: string, description: string): Record<string, unknown> {
  const ops = ir.operations.filter((o) => o.area === area);
  const used = new Set<string>();
  const local: TypeDef[] = [];
  const methods = ops.map((op) => {
    const fields = paramsFields(ir, types, op, used);
    local.push({
      kind: 'typeddict',
      name: paramsName(op.id),
      doc: `Parameters of \`${methodName(op.id)}\`: path, query and body fields in one mapping.`,
      fields,
    });
    const success = op.responses.find((r) => r.status === String(op.successStatus));
    const data =
      op.successStatus === 204 || !success?.schema
        ? 'None'
        : op.shape === 'named-only'
          ? 'JsonValue'
          : types.expr(success.schema, 'read', `${paramsName(op.id).replace(/Params$/, '')}Data`, used);
    local.push({
      kind: 'alias',
      name: responseName(op.id),
      doc: `Success data of \`${methodName(op.id)}\`.`,
      type: data,
    });
    const paged = isPaged(op) && /^list\[(.*)\]$/.test(data);
    if (paged)
      local.push({
        kind: 'alias',
        name: itemName(op.id),
        doc: `One item of \`${methodName(op.id)}\`.`,
        type: data.replace(/^list\[(.*)\]$/, '$1'),
      });
    return {
      name: methodName(op.id),
      iterName: `iter_${methodName(op.id)}`,
      paged,
      paramsType: paramsName(op.id),
      optional: !paramsRequired(ir, op),
      returnType: responseName(op.id),
      itemType: itemName(op.id),
      metaKey: pyString(op.id),
      doc: methodDoc(op),
    };
  });
  const views = local.map(typeView);
  const text = JSON.stringify(views);
  return {
    banner: banner(),
    area,
    doc: docText(firstLine(description) || `The ${area} operations.`),
    className: areaClass(area),
    modelImports: [...used].sort(),
    typingImport: [...typingNames(views), 'Unpack'].join(', '),
    decimalImport: namesUsed(text, ['Decimal']).length > 0,
    shapesImport: namesUsed(text, ['JsonValue', 'OpenQuery']).join(', '),
    types: views,
    methods,
    needsIterator: methods.some((m) => m.paged),
  };
}

/** The view of `models.py`: every named type, sorted by name, then the deprecated aliases of old names. */
export function modelsView(
  types: PythonTypes,
  previousNames: Readonly<Record<string, string>> = {},
): Record<string, unknown> {
  const defs = [...types.defs.values()].sort((a, b) => a.name.localeCompare(b.name));
  const views = defs.map(typeView);
  const aliases = deprecatedAliases(new Set(types.defs.keys()), previousNames);
  const text = JSON.stringify(views);
  const typing = typingNames(views);
  return {
    banner: banner(),
    types: views,
    aliases,
    names: [...defs.map((d) => d.name), ...aliases.map((a) => a.name)].sort((a, b) => a.localeCompare(b)).map(pyString),
    typingImport: [...typing, ...(aliases.length > 0 && !typing.includes('TypeAlias') ? ['TypeAlias'] : [])]
      .sort()
      .join(', '),
    decimalImport: namesUsed(text, ['Decimal']).length > 0,
    shapesImport: namesUsed(text, ['JsonValue']).join(', '),
  };
}

/** Every response header role with the names it may arrive under: its own first, then its aliases. */
function responseHeaderNames(ir: IR): Record<string, string[]> {
  const { aliases, ...names } = ir.headers.response;
  return Object.fromEntries(
    Object.entries(names).map(([role, name]) => [role, [name, ...(aliases?.[role as keyof typeof aliases] ?? [])]]),
  );
}

/** The view of `_meta.py`. */
export function metaView(ir: IR): Record<string, unknown> {
  const [method, path] = ir.signing.clockEndpoint.split(' ');
  const clock = ir.operations.find((o) => o.method === method && o.path === path);
  if (!clock) throw new Error(`the clock endpoint ${ir.signing.clockEndpoint} is not an operation`);
  const api = {
    release: ir.api.release,
    path_prefix: ir.api.pathPrefix,
    servers: Object.fromEntries(ir.api.servers.map((s) => [s.name, s.url])),
    signing_headers: [ir.signing.headers.key, ir.signing.headers.timestamp, ir.signing.headers.signature],
    max_skew_seconds: ir.signing.maxSkewSeconds,
    response_headers: responseHeaderNames(ir),
    request_headers: ir.headers.request,
    clock_operation: clock.id,
  };
  return {
    banner: banner(),
    api: Object.entries(api).map(([k, v]) => ({ key: k, value: literal(Array.isArray(v) ? v : v) })),
    transient: literal(ir.errors.transient),
    duplicate: literal(ir.errors.duplicate),
    operations: ir.operations.map((op) => ({ key: pyString(op.id), value: operationMeta(ir, op).code })),
  };
}

/** The view of `client.py`. */
export function clientView(ir: IR): Record<string, unknown> {
  const areas = [...new Set(ir.operations.map((o) => o.area))].sort();
  const docs = Object.fromEntries(ir.api.areas.map((a) => [a.name, a.description]));
  return {
    banner: banner(),
    release: ir.api.release,
    servers: ir.api.servers.map((s) => `\`${s.name}\``).join(', '),
    areas: areas.map((a) => ({
      module: areaModule(a),
      className: areaClass(a),
      attribute: areaAttribute(a),
      doc: docText(firstLine(docs[a]) || a),
    })),
  };
}

/** The view of `labels.py`. */
export function labelsView(ir: IR): Record<string, unknown> {
  return {
    banner: banner(),
    labels: ir.errors.labels.map(pyString),
    groups: Object.entries(ir.errors.groups).map(([k, v]) => ({ key: pyString(k), value: literal(v) })),
  };
}
