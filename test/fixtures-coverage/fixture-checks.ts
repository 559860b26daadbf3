/**
 * The checks a fixture set must pass: coverage (every shaped operation has a success and an error
 * fixture, every named-only one a success fixture) and, per fixture, a response that the spec
 * allows for its status and a request that fits the operation's parameters. Each check returns a
 * list of problems (empty when fine), each naming the fixture and what is wrong.
 */
import type { IR, IROperation } from '../../generator/ir/types.js';
import type { LoadedFixture } from './fixture-files.js';
import { isObject, isSuccess, statusOf } from './fixture-files.js';
import { ValueTypeError, parameterValue } from './request-values.js';
import type { SpecValidator } from './spec-validator.js';

/** What the per-fixture checks need. */
export interface CheckContext {
  ir: IR;
  validator: SpecValidator;
}

/** Problems of `op`'s coverage by `fixtures` (all fixtures; the operation's are picked out). */
export function coverageProblems(op: IROperation, fixtures: readonly LoadedFixture[]): string[] {
  const own = fixtures.filter((f) => f.operationId === op.id);
  const problems: string[] = [];
  if (!own.some(isSuccess)) problems.push(`${op.id} (${op.shape}) has no success fixture`);
  if (op.shape === 'shaped' && !own.some((f) => statusOf(f) >= 400))
    problems.push(`${op.id} (shaped) has no error fixture`);
  return problems;
}

/** Fixtures naming an operation the IR does not have. */
export function unknownOperationProblems(ir: IR, fixtures: readonly LoadedFixture[]): string[] {
  const ids = new Set(ir.operations.map((o) => o.id));
  return fixtures
    .filter((f) => !ids.has(f.operationId))
    .map((f) => `${f.source}: unknown operationId "${f.operationId}"`);
}

/** Every problem of one fixture: its response against the spec and its request against the parameters. */
export function fixtureProblems(fixture: LoadedFixture, ctx: CheckContext): string[] {
  const op = ctx.ir.operations.find((o) => o.id === fixture.operationId);
  if (op === undefined) return [`unknown operationId "${fixture.operationId}"`];
  return [...responseProblems(fixture, op, ctx), ...requestProblems(fixture, op, ctx), ...secretProblems(fixture)];
}

function responseProblems(fixture: LoadedFixture, op: IROperation, ctx: CheckContext): string[] {
  const status = statusOf(fixture);
  if (!Number.isInteger(status))
    return [`response.status ${String(fixture.plain.response.status)} is not an HTTP status`];
  const schema = ctx.validator.responseSchema(op, status);
  if (schema === undefined)
    return [`status ${status} is not declared by ${op.id} (declared: ${op.responses.map((r) => r.status).join(', ')})`];
  const body = fixture.plain.response.body;
  if (schema === null)
    return body === undefined ? [] : [`status ${status} of ${op.id} has no body, but the fixture gives one`];
  if (body === undefined) return [`status ${status} of ${op.id} needs a body`];
  const flat = op.nestedList && Array.isArray(body) && body.every(Array.isArray) ? (body as unknown[][]).flat(1) : body;
  const problems = ctx.validator.problems(schema, flat).map((p) => `response body ${p}`);
  if (status >= 400) {
    const label = isObject(body) ? body['label'] : undefined;
    if (typeof label !== 'string' || !ctx.ir.errors.labels.includes(label)) {
      problems.push(`error label ${JSON.stringify(label)} is not one the service documents`);
    }
  }
  return problems;
}

function requestProblems(fixture: LoadedFixture, op: IROperation, ctx: CheckContext): string[] {
  const request = fixture.plain.request ?? {};
  const problems: string[] = [];
  const pathNames = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  const path = request.path ?? {};
  for (const name of pathNames) if (!(name in path)) problems.push(`request.path lacks "${name}" (${op.path})`);
  for (const name of Object.keys(path))
    if (!pathNames.includes(name)) problems.push(`request.path "${name}" is not in ${op.path}`);

  const query = request.query ?? {};
  const typed: Record<string, unknown> = {};
  for (const param of op.parameters) {
    if (param.in === 'header') continue;
    const text = param.in === 'path' ? path[param.name] : query[param.name];
    if (text === undefined || text === null) {
      if (param.required && param.in === 'query') problems.push(`request.query lacks required "${param.name}"`);
      continue;
    }
    const where = `request.${param.in}.${param.name}`;
    try {
      typed[param.name] = parameterValue(param, text);
    } catch (e) {
      if (!(e instanceof ValueTypeError)) throw e;
      problems.push(`${where}: ${e.message}`);
      continue;
    }
    // JSON Schema knows no bigint: an id beyond 2^53 is checked as the (rounded) number it is.
    const checked = typeof typed[param.name] === 'bigint' ? Number(typed[param.name]) : typed[param.name];
    problems.push(...ctx.validator.problems(param.schema, checked).map((p) => `${where}: ${p}`));
  }
  if (op.shape === 'shaped') {
    const declared = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    for (const name of Object.keys(query))
      if (!declared.has(name)) problems.push(`request.query "${name}" is not a parameter of ${op.id}`);
  }

  const body = request.body;
  if (body !== undefined && (op.method === 'GET' || op.method === 'DELETE'))
    problems.push(`request.body given, but ${op.method} takes no body`);
  if (op.shape === 'shaped') {
    const schema = ctx.validator.requestSchema(op);
    if (schema === undefined && body !== undefined) problems.push(`request.body given, but ${op.id} takes no body`);
    if (schema !== undefined && body === undefined && op.requestBody?.required === true)
      problems.push(`request.body is missing (${op.id} requires one)`);
    if (schema !== undefined && body !== undefined)
      problems.push(...ctx.validator.problems(schema, body).map((p) => `request.body ${p}`));
  }

  if (op.requireAnyOf !== undefined) {
    const fields = isObject(body) ? body : {};
    if (!op.requireAnyOf.some((n) => (query[n] ?? fields[n]) !== undefined))
      problems.push(`request sets none of ${op.requireAnyOf.join(', ')}`);
  }
  const range = op.timeRange;
  const from = typed[range?.from ?? ''];
  const to = typed[range?.to ?? ''];
  if (range !== undefined && typeof from === 'number' && typeof to === 'number') {
    if (to < from) problems.push(`request.query.${range.to} is before ${range.from}`);
    if (to - from > range.maxDays * 86_400) problems.push(`request time range exceeds ${range.maxDays} days`);
  }
  return problems;
}

/** Fields with a secret-looking name that hold no credential, by operation (`key`: a currency code). */
const NOT_CREDENTIALS: Readonly<Record<string, readonly string[]>> = { listAutoInvestCoins: ['key'] };

/** Secret-looking fields (`secret`, `key`, `password`) must hold obviously fake values. */
function secretProblems(fixture: LoadedFixture): string[] {
  const problems: string[] = [];
  const plain = NOT_CREDENTIALS[fixture.plain.operationId] ?? [];
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${at}/${i}`));
    else if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        const secretName = ['secret', 'key', 'password'].includes(k) && !plain.includes(k);
        if (secretName && typeof v === 'string' && !/fake|mock/i.test(v)) {
          problems.push(
            `${at}/${k} looks like a real credential; use an obviously fake value (containing "fake" or "mock")`,
          );
        }
        visit(v, `${at}/${k}`);
      }
    }
  };
  visit(fixture.plain.request?.body, 'request.body');
  visit(fixture.plain.response.body, 'response.body');
  return problems;
}
