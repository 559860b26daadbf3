/**
 * The checks the targets rely on run in the IR stage (generator/ir/checks.ts, right after
 * `buildIR`), each problem naming
 * the spec file and the JSON pointer it is at: a body `if`/`then` of another form than the
 * supported one, an `if`/`then` in a list body's item, paging or time-range rules on an operation
 * whose call does not check them, a clock endpoint that is not an operation, and a type name the
 * clients derive for an operation that a schema also takes.
 */
import { describe, expect, it } from 'vitest';
import { buildIR } from '../../generator/ir/build.js';
import { checkForTargets } from '../../generator/ir/checks.js';
import { SpecError, type SpecProblem } from '../../generator/errors.js';
import { CLOCK_PATHS, TINY_ROOT } from './helpers.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const post = (schema: unknown, extra: Record<string, unknown> = {}) => ({
  post: {
    operationId: 'createOrder',
    tags: ['spot'],
    'x-shape': 'reference',
    'x-rate-limit': { requests: 1, window: 1, scope: 'uid' },
    'x-permission': { area: 'spot', access: 'write' },
    'x-retry': 'never',
    requestBody: { required: true, content: { 'application/json': { schema } } },
    responses: { '200': { description: 'ok' } },
    ...extra,
  },
});
const field = { type: 'string' };
/** An `if`/`then` whose `if` names a field without `const` or `enum`: not the supported form. */
const badIf = { if: { properties: { side: { type: 'string' } }, required: ['side'] }, then: { required: ['price'] } };
/** A supported `if`/`then`. */
const goodIf = { if: { properties: { side: { const: 'buy' } }, required: ['side'] }, then: { required: ['price'] } };
const order = (extra: Record<string, unknown>) => ({
  type: 'object',
  properties: { side: field, price: field },
  ...extra,
});

const FILES = {
  pathFiles: { '/orders': 'spec/paths/spot/orders.yaml', '/spot/time': 'spec/paths/spot/time.yaml' },
  componentFiles: {
    'schemas/Order': 'spec/components/schemas/Order.yaml',
    'securitySchemes/apiv4': 'spec/components/security/apiv4.yaml',
  },
  rootFile: 'spec/openapi.yaml',
};

/** The problems the IR stage (`buildIR`, then `checkForTargets`) reports for a spec with these paths, schemas and signing, or none. */
function problemsOf(paths: object, schemas: object = {}, clockEndpoint = 'GET /spot/time'): SpecProblem[] {
  const apiv4 = TINY_ROOT.components.securitySchemes.apiv4;
  const components = {
    securitySchemes: { apiv4: { 'x-signing': { ...apiv4['x-signing'], clockEndpoint } } },
    schemas,
  };
  try {
    checkForTargets(buildIR({ ...TINY_ROOT, components, paths: { ...CLOCK_PATHS, ...paths } }, FILES), FILES);
    return [];
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return [...error.problems];
  }
}

const where = (problems: SpecProblem[]) => problems.map((p) => `${p.file}#${p.pointer} [${p.rule}]`);

describe('checks the targets rely on, in the IR stage', () => {
  it.each([
    {
      given: 'a supported if/then on a body schema of its own file',
      paths: { '/orders': post(ref('Order')) },
      schemas: { Order: order({ allOf: [goodIf] }) },
      want: [],
    },
    {
      given: 'an if/then of another form in an allOf part of a body schema of its own file',
      paths: { '/orders': post(ref('Order')) },
      schemas: { Order: order({ allOf: [badIf] }) },
      want: ['spec/components/schemas/Order.yaml#/allOf/0/if [ir/conditional]'],
    },
    {
      given: 'an if/then of another form on an inline body schema',
      paths: { '/orders': post(order(badIf)) },
      want: ['spec/paths/spot/orders.yaml#/post/requestBody/content/application~1json/schema/if [ir/conditional]'],
    },
    {
      given: "an if/then in a list body's item schema of its own file",
      paths: { '/orders': post({ type: 'array', items: ref('Order') }) },
      schemas: { Order: order(goodIf) },
      want: ['spec/components/schemas/Order.yaml#/if [ir/conditional]'],
    },
    {
      given: "an if/then in an inline list body's item",
      paths: { '/orders': post({ type: 'array', items: order(goodIf) }) },
      want: [
        'spec/paths/spot/orders.yaml#/post/requestBody/content/application~1json/schema/items/if [ir/conditional]',
      ],
    },
    {
      given: 'a paginated POST (its call does not check paging)',
      paths: {
        '/orders': post(order({}), { 'x-pagination': { style: 'page', defaultLimit: 100, maxLimit: 100 } }),
      },
      want: ['spec/paths/spot/orders.yaml#/post/x-pagination [ir/pagination]'],
    },
  ])('$given', ({ paths, schemas, want }) => {
    expect(where(problemsOf(paths, schemas))).toEqual(want);
  });

  it('names the operation and the rule in the message', () => {
    const [problem] = problemsOf({ '/orders': post(ref('Order')) }, { Order: order({ allOf: [badIf] }) });
    expect(problem?.message).toContain('createOrder: if/then must be');
    expect(problem?.message).toContain('side has neither const nor enum');
  });

  it.each([
    {
      given: "a schema named as an operation's response type, in its own file",
      paths: { '/orders': post(ref('Order')) },
      schemas: { Order: order({ 'x-previous-names': ['CreateOrderResponse'] }) },
      want: [
        "spec/components/schemas/Order.yaml# [ir/names] the previous name CreateOrderResponse of schema Order is the name of createOrder's response type in the clients; rename the schema",
      ],
    },
    {
      given: "a schema named as an operation's params type, in the root file",
      paths: { '/orders': post(ref('Order')) },
      schemas: { Order: order({}), CreateOrderParams: order({}) },
      want: [
        "spec/openapi.yaml#/components/schemas/CreateOrderParams [ir/names] schema CreateOrderParams is the name of createOrder's params type in the clients; rename the schema",
      ],
    },
    {
      given: 'a schema named <Id>Item beside an operation that is not paginated (it has no item type)',
      paths: { '/orders': post(ref('Order')) },
      schemas: { Order: order({}), CreateOrderItem: order({}) },
      want: [],
    },
  ])('refuses a clashing type name: $given', ({ paths, schemas, want }) => {
    const problems = problemsOf(paths, schemas);
    expect(problems.map((p) => `${p.file}#${p.pointer} [${p.rule}] ${p.message}`)).toEqual(want);
  });

  it('refuses a clock endpoint that is not an operation, at the signing rule in its own file', () => {
    const problems = problemsOf({}, {}, 'GET /spot/clock');
    expect(where(problems)).toEqual(['spec/components/security/apiv4.yaml#/x-signing/clockEndpoint [ir/root]']);
    expect(problems[0]?.message).toBe('clock endpoint GET /spot/clock is not an operation of the spec');
  });
});
