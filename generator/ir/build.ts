/**
 * Stage 2: the bundled spec becomes the IR. Every check of the IR's own shape happens here; the
 * checks the targets rely on follow in the same stage (checks.ts, `checkForTargets`). Problems are
 * collected (with file and pointer) and reported together.
 */
import { SpecError, type SpecProblem } from '../errors.js';
import { isObject, pointer } from '../../spec/lint/support/json.js';
import {
  readIdempotency,
  readGroupLimit,
  readNestedList,
  readPagination,
  readPermission,
  readRateLimit,
  readRequireAnyOf,
  readRetry,
  readShape,
  readStp,
  readTimeRange,
  type Report,
} from './extensions.js';
import { int64Paths } from './int64.js';
import { deref, type Node } from './resolve.js';
import { readApi } from './api.js';
import { readPreviousNames } from './previous-names.js';
import {
  IR_VERSION,
  type HttpMethod,
  type IR,
  type IROperation,
  type IRParameter,
  type IRResponse,
  type JsonSchema,
} from './types.js';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Where problems are reported: the file each path came from. */
export interface SourceMap {
  /** Path to repository-relative file holding its path item. */
  pathFiles: Record<string, string>;
  /** The root spec file, repository-relative. */
  rootFile: string;
  /** Component (`schemas/Order`) to the file that defines it, when the root file refers to one by file. */
  componentFiles?: Record<string, string>;
}

/** Builds the IR; throws {@link SpecError} with every problem found. */
export function buildIR(doc: Node, sources: SourceMap): IR {
  const problems: SpecProblem[] = [];
  const rootReport = (ptr: string, message: string, rule = 'ir/root'): void => {
    problems.push({ file: sources.rootFile, pointer: ptr, message, rule });
  };
  const api = readApi(doc, rootReport);

  const operations: IROperation[] = [];
  const seenIds = new Map<string, string>();
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(doc, rawItem) ?? {};
    const file = sources.pathFiles[path] ?? sources.rootFile;
    const inRoot = file === sources.rootFile;
    for (const method of METHODS) {
      const op = item[method.toLowerCase()];
      if (!isObject(op)) continue;
      const base = inRoot ? pointer('paths', path, method.toLowerCase()) : pointer(method.toLowerCase());
      const report: Report = (rel, message) =>
        problems.push({ file, pointer: base + rel, message, rule: 'ir/operation' });
      const built = buildOperation(doc, path, method, item, op, report);
      if (!built) continue;
      const other = seenIds.get(built.id);
      if (other) report('/operationId', `operationId ${built.id} is also used by ${other}`);
      seenIds.set(built.id, `${method} ${path}`);
      operations.push(built);
    }
  }
  operations.sort((a, b) => a.id.localeCompare(b.id));
  checkCrossReferences(operations, sources, problems);

  const components = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const schemas: Record<string, JsonSchema> = {};
  for (const name of Object.keys(components).sort()) schemas[name] = components[name] as JsonSchema;
  const previousNames = readPreviousNames(schemas, (ptr, message) => rootReport(ptr, message, 'ir/schema'));
  if (problems.length > 0) throw new SpecError(problems);
  return {
    irVersion: IR_VERSION,
    ...api,
    operations,
    schemas,
    ...(Object.keys(previousNames).length > 0 ? { previousNames } : {}),
  };
}

function buildOperation(
  doc: Node,
  path: string,
  method: HttpMethod,
  item: Node,
  op: Node,
  report: Report,
): IROperation | undefined {
  const id = op.operationId;
  if (typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id)) {
    report('/operationId', `operationId must be camelCase, got ${JSON.stringify(id)}`);
    return undefined;
  }
  const tags = Array.isArray(op.tags) ? op.tags : [];
  const area: unknown = tags[0];
  if (typeof area !== 'string') report('/tags', 'operation needs a first tag naming its area');
  const isPublic = Array.isArray(op.security) && op.security.length === 0;
  const shaping = readShape(op, report);
  const rateLimit = readRateLimit(op, id, report);
  const retry = readRetry(op, report);
  const parameters = readParameters(doc, path, item, op, report);
  const requestBody = readRequestBody(doc, method, op, report);
  const responses = readResponses(doc, op, report);
  const success = responses.find((r) => /^2\d\d$/.test(r.status));
  if (!success) report('/responses', 'operation has no 2xx response');
  if (!shaping || !rateLimit || !retry || !success || typeof area !== 'string') return undefined;

  if (retry === 'keyed' && op['x-idempotency'] === undefined) report('/x-retry', 'x-retry keyed needs x-idempotency');
  if (method === 'GET' && retry !== 'safe') report('/x-retry', `a GET is a read: x-retry must be safe, got ${retry}`);

  const out: IROperation = {
    id,
    area,
    method,
    path,
    summary: typeof op.summary === 'string' ? op.summary : id,
    deprecated: op.deprecated === true,
    shape: shaping.shape,
    source: shaping.source,
    auth: isPublic ? 'public' : 'private',
    rateLimit,
    retry,
    nestedList: readNestedList(op, report),
    parameters,
    responses,
    successStatus: Number(success.status),
    int64: {
      request: requestBody ? int64Paths(doc, requestBody.schema) : [],
      response: success.schema ? int64Paths(doc, success.schema) : [],
    },
  };
  if (typeof op.description === 'string') out.description = op.description.trim();
  if (requestBody) out.requestBody = requestBody;
  const optional = {
    permission: readPermission(op, isPublic, report),
    pagination: readPagination(op, report),
    timeRange: readTimeRange(op, report),
    idempotency: readIdempotency(op, report),
    stp: readStp(op, report),
    requireAnyOf: readRequireAnyOf(op, report),
    groupLimit: readGroupLimit(op, report),
  };
  for (const [k, v] of Object.entries(optional))
    if (v !== undefined) (out as unknown as Record<string, unknown>)[k] = v;
  checkFlatNames(out, report);
  return out;
}

function readParameters(doc: Node, path: string, item: Node, op: Node, report: Report): IRParameter[] {
  const merged = new Map<string, IRParameter>();
  const lists: Array<[unknown, string]> = [
    [item.parameters, '/../parameters'],
    [op.parameters, '/parameters'],
  ];
  for (const [list, where] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((raw, i) => {
      const p = deref(doc, raw);
      if (
        !p ||
        typeof p.name !== 'string' ||
        !['path', 'query', 'header'].includes(String(p.in)) ||
        !isObject(p.schema)
      ) {
        report(`${where}/${i}`, 'parameter needs name, in (path|query|header) and schema');
        return;
      }
      const schema: JsonSchema = p.schema;
      const param: IRParameter = { name: p.name, in: p.in as IRParameter['in'], required: p.required === true, schema };
      if (typeof p.description === 'string') param.description = p.description;
      if (p.deprecated === true) param.deprecated = true;
      const resolved = deref(doc, schema);
      if (resolved?.type === 'array' && p.in === 'query') {
        if (p.style !== 'form' || p.explode !== false)
          report(
            `${where}/${i}`,
            `array query parameter ${p.name} must be comma-separated (style: form, explode: false)`,
          );
        param.serialization = 'csv';
      }
      merged.set(`${param.in}:${param.name}`, param);
    });
  }
  const params = [...merged.values()];
  const templateNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  for (const name of templateNames)
    if (!params.some((p) => p.in === 'path' && p.name === name))
      report('/parameters', `path parameter {${name}} is not declared`);
  for (const p of params)
    if (p.in === 'path' && (!templateNames.includes(p.name) || !p.required))
      report('/parameters', `path parameter ${p.name} must appear in the path and be required`);
  return params;
}

function readRequestBody(doc: Node, method: HttpMethod, op: Node, report: Report): IROperation['requestBody'] {
  if (op.requestBody === undefined) return undefined;
  if (method === 'GET' || method === 'DELETE') {
    report('/requestBody', `${method} must not have a request body`);
    return undefined;
  }
  const body = deref(doc, op.requestBody);
  const media = isObject(body?.content) ? deref(doc, body.content['application/json']) : undefined;
  if (!body || !media || !isObject(media.schema)) {
    report('/requestBody', 'request body must have an application/json schema');
    return undefined;
  }
  return { required: body.required === true, contentType: 'application/json', schema: media.schema };
}

function readResponses(doc: Node, op: Node, report: Report): IRResponse[] {
  if (!isObject(op.responses)) {
    report('/responses', 'operation has no responses');
    return [];
  }
  const out: IRResponse[] = [];
  for (const [status, raw] of Object.entries(op.responses)) {
    const r = deref(doc, raw);
    if (!r) continue;
    const media = isObject(r.content) ? deref(doc, r.content['application/json']) : undefined;
    const entry: IRResponse = { status, description: typeof r.description === 'string' ? r.description : '' };
    if (media && isObject(media.schema)) entry.schema = media.schema;
    if (status === '204' && entry.schema) report(`/responses/204`, '204 must not have a body');
    out.push(entry);
  }
  return out.sort((a, b) => a.status.localeCompare(b.status));
}

/** Flat params: path, query and body field names must not collide. */
function checkFlatNames(op: IROperation, report: Report): void {
  const names = new Map<string, string>();
  for (const p of op.parameters) {
    if (p.in === 'header') continue;
    const prev = names.get(p.name);
    if (prev) report('/parameters', `parameter ${p.name} is declared in both ${prev} and ${p.in}`);
    names.set(p.name, p.in);
  }
  if (op.shape === 'named-only') {
    for (const reserved of ['query', 'body'])
      if (names.has(reserved)) report('/parameters', `named-only operation cannot have a parameter called ${reserved}`);
  }
}

function checkCrossReferences(ops: IROperation[], sources: SourceMap, problems: SpecProblem[]): void {
  const byId = new Map(ops.map((o) => [o.id, o]));
  for (const op of ops) {
    const lookup = op.idempotency?.lookup;
    if (!lookup) continue;
    const target = byId.get(lookup.operationId);
    const file = sources.pathFiles[op.path] ?? sources.rootFile;
    const ptr = pointer(op.method.toLowerCase(), 'x-idempotency', 'lookup');
    if (!target)
      problems.push({
        file,
        pointer: ptr,
        message: `lookup operation ${lookup.operationId} does not exist`,
        rule: 'ir/operation',
      });
    else if (!target.parameters.some((p) => p.name === lookup.param))
      problems.push({
        file,
        pointer: ptr,
        message: `lookup operation ${lookup.operationId} has no parameter ${lookup.param}`,
        rule: 'ir/operation',
      });
  }
}
