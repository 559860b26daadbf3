/**
 * The API reference in Markdown, one page per area (`docs/<area>.md`), from the IR and the
 * handlebars template `templates/reference-area.md.hbs` (beside this file): for every operation its call
 * (client method, standalone function, CLI command), signing and permission, rate limit, retry and
 * idempotency behaviour, pagination, parameters, request body fields, response fields and the
 * errors it declares. Every decision is made here; the template only prints.
 */
import Handlebars from 'handlebars';
import type { IR, IROperation, JsonSchema } from '../../ir/types.js';
import { areaProperty } from '../../emit-kit/naming.js';
import { constraintText, fieldsOf, refName, resolve, typeText, type FieldText } from '../../emit-kit/schema-text.js';

/** Text safe inside a Markdown table cell: pipes escaped, line breaks joined. */
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** Kebab case of an operation id or area, as the CLI names them. */
const kebab = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();

/** The file name of an area's page, relative to `docs/`. */
export const areaPage = (area: string): string => `${kebab(area)}.md`;

const RETRY: Record<IROperation['retry'], string> = {
  safe: 'retried on transient failures (a read: resending cannot change anything)',
  keyed: 'retried with the same idempotency id (the server refuses a second write with it)',
  never:
    'never resent once it may have reached the server (only a request proven never sent goes again); a lost answer is an `UnknownOutcomeError` to resolve',
};

/** The behaviour lines of one operation (signing, limit, retry, idempotency, pagination). */
function facts(op: IROperation): string[] {
  const lines = [
    op.auth === 'private'
      ? `Signed; permission \`${op.permission ? `${op.permission.area}:${op.permission.access}` : 'any'}\``
      : 'Public (not signed)',
    `Rate limit: ${op.rateLimit.requests} ${op.rateLimit.requests === 1 ? 'request' : 'requests'} per ${op.rateLimit.window} s per ${op.rateLimit.scope}` +
      (op.rateLimit.bucket === op.id ? '' : ` (shared bucket \`${op.rateLimit.bucket}\`)`),
    `Retry: ${RETRY[op.retry]}`,
  ];
  if (op.idempotency !== undefined) {
    const id = op.idempotency;
    lines.push(
      `Idempotency: \`${id.field}\` (${id.perItem ? 'in each item' : id.in})` +
        (id.generate ? `, generated when not given${id.prefix ? ` (\`${id.prefix}\`...)` : ''}` : '') +
        (id.dedupes ? ', deduplicated by the server' : ', not deduplicated by the server') +
        (id.lookup === undefined
          ? '; no read finds it by its id'
          : `; outcome looked up with \`${id.lookup.operationId}\` by \`${id.lookup.param}\`` +
            Object.entries(id.lookup.with ?? {})
              .map(([param, field]) => (param === field ? ` and \`${param}\`` : ` and \`${param}\` from \`${field}\``))
              .join('')),
    );
  }
  if (op.pagination !== undefined) {
    lines.push(
      `Pagination: ${op.pagination.style}, \`limit\` up to ${op.pagination.maxLimit} (default ${op.pagination.defaultLimit}); \`for await\` walks every page`,
    );
  }
  if (op.timeRange !== undefined) {
    lines.push(
      `Time range: \`${op.timeRange.from}\`..\`${op.timeRange.to}\` at most ${op.timeRange.maxDays} days (default the last ${op.timeRange.defaultDays}); longer ranges are walked window by window`,
    );
  }
  if (op.requireAnyOf !== undefined)
    lines.push(`At least one of: ${op.requireAnyOf.map((n) => `\`${n}\``).join(', ')}`);
  if (op.deprecated) lines.push('Deprecated');
  return lines;
}

/** One field as a list line: name, type, requirement and constraints, then its description. */
const fieldLine = (field: FieldText): string => {
  const facts = [field.type, field.required ? 'required' : '', field.constraints].filter((part) => part !== '');
  return cell(`\`${field.name}\` (${facts.join(', ')})${field.description === '' ? '' : `: ${field.description}`}`);
};

/** The named model a schema is, or lists (`X` or `X[]`), if any. */
function modelOf(schema: JsonSchema | undefined, ir: IR): string | undefined {
  if (schema === undefined) return undefined;
  const direct = refName(schema);
  if (direct !== undefined) return direct;
  const items = resolve(schema, ir)['items'];
  return typeof items === 'object' && items !== null && !Array.isArray(items)
    ? refName(items as JsonSchema)
    : undefined;
}

/** A schema as a body or response: its type (linked to its model's fields), or its own fields. */
function shapeView(schema: JsonSchema, ir: IR): { text: string; fields: string[] } {
  const model = modelOf(schema, ir);
  const type = `\`${typeText(schema)}\``;
  return model === undefined
    ? { text: type, fields: fieldsOf(schema, ir).map(fieldLine) }
    : { text: `[${type}](#${model.toLowerCase()})`, fields: [] };
}

/** The view of one operation (`common`: the usual meaning of each error status). */
function operationView(op: IROperation, ir: IR, common: ReadonlyMap<string, string>): Record<string, unknown> {
  const success = op.responses.find((response) => Number(response.status) === op.successStatus);
  const body = op.requestBody === undefined ? undefined : resolve(op.requestBody.schema, ir);
  const listBody = body !== undefined && body['type'] === 'array';
  const typed = op.shape === 'shaped';
  return {
    id: op.id,
    summary: cell(op.summary),
    method: op.method,
    path: op.path,
    call: `client.${areaProperty(op.area)}.${op.id}`,
    cli: `exchange-v4 ${kebab(op.area)} ${kebab(op.id)}`,
    description: op.description ?? '',
    namedOnly: !typed,
    facts: facts(op),
    parameters: op.parameters.map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      type: cell(typeText(parameter.schema) + (parameter.serialization === 'csv' ? ', comma-separated' : '')),
      required: parameter.required ? 'yes' : '',
      constraints: cell(constraintText(parameter.schema)),
      description: cell(parameter.description ?? ''),
    })),
    body:
      op.requestBody === undefined || !typed
        ? undefined
        : {
            ...shapeView(op.requestBody.schema, ir),
            how: listBody ? 'a list, passed as `body`' : 'fields passed in the params object',
          },
    response: {
      status: op.successStatus,
      ...(success?.schema === undefined || !typed
        ? { text: success?.schema === undefined ? 'no body' : 'untyped JSON', fields: [] }
        : shapeView(success.schema, ir)),
    },
    errors: op.responses
      .filter((response) => !response.status.startsWith('2'))
      .map((response) =>
        common.get(response.status) === response.description
          ? response.status
          : cell(`${response.status} (${response.description})`),
      )
      .join(', '),
  };
}

/** The models an area's shaped operations take or answer, sorted, each with its fields. */
function modelsOf(operations: readonly IROperation[], ir: IR): Record<string, unknown>[] {
  const names = new Set<string>();
  for (const op of operations.filter((o) => o.shape === 'shaped')) {
    const success = op.responses.find((response) => Number(response.status) === op.successStatus);
    for (const schema of [op.requestBody?.schema, success?.schema]) {
      const model = modelOf(schema, ir);
      if (model !== undefined && ir.schemas[model] !== undefined) names.add(model);
    }
  }
  return [...names].sort().map((name) => {
    const schema = ir.schemas[name] ?? {};
    return {
      name,
      description: typeof schema['description'] === 'string' ? cell(schema['description']) : '',
      fields: fieldsOf(schema, ir).map(fieldLine),
    };
  });
}

/**
 * One area's page, with `render` (the compiled template) and `common` (the usual meaning of each
 * error status across the API: `commonErrors` of the whole IR, common-errors.ts).
 */
export function referencePage(
  ir: IR,
  area: string,
  render: (view: unknown) => string,
  areaDocs: Readonly<Record<string, string>>,
  common: ReadonlyMap<string, string>,
): string {
  const operations = ir.operations.filter((op) => op.area === area).sort((a, b) => a.id.localeCompare(b.id));
  return render({
    area,
    release: ir.api.release,
    pathPrefix: ir.api.pathPrefix,
    description: areaDocs[area] ?? '',
    property: areaProperty(area),
    errors: [...common].map(([status, text]) => cell(`${status}: ${text}`)),
    operations: operations.map((op) => operationView(op, ir, common)),
    models: modelsOf(operations, ir),
  });
}

/** The area page template (`templates/reference-area.md.hbs` beside this file), compiled. */
export function compileReference(template: string): (view: unknown) => string {
  let render = compiledReference.get(template);
  if (render === undefined) {
    render = Handlebars.compile(template, { noEscape: true, strict: true });
    compiledReference.set(template, render);
  }
  return render;
}

/** Compiled area page templates by their text: compiled once per process, not once per area. */
const compiledReference = new Map<string, (view: unknown) => string>();
