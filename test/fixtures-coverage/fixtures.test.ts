/**
 * The recorded fixtures in mock/fixtures/ cover the whole API and agree with the spec: every shaped
 * operation has a success and an error fixture, every named-only one a success fixture; every
 * fixture's response validates against the spec's schema for its status (Ajv 2020 over
 * generated/openapi.json) and its request against the operation's parameters. A second part proves
 * the checks fail on a fixture folder that lacks an operation and on fixtures that break the spec.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { isLosslessNumber } from 'lossless-json';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { coverageProblems, fixtureProblems, unknownOperationProblems } from './fixture-checks.js';
import type { CheckContext } from './fixture-checks.js';
import { FIXTURES_DIR, loadFixtures, parseFixtureText } from './fixture-files.js';
import type { LoadedFixture } from './fixture-files.js';
import { SpecValidator, readGenerated } from './spec-validator.js';

const { spec, ir } = readGenerated();
const ctx: CheckContext = { ir, validator: new SpecValidator(spec) };
const fixtures = loadFixtures();

/** One inline fixture, as if read from `inline.json`. */
const inline = (fixture: object): LoadedFixture => {
  const [loaded] = parseFixtureText(JSON.stringify(fixture), 'inline.json');
  if (loaded === undefined) throw new Error('no fixture parsed');
  return loaded;
};

/** Every integer in a lossless-parsed value that a double cannot hold. */
const unsafeIntegers = (node: unknown): string[] => {
  if (isLosslessNumber(node))
    return Number.isSafeInteger(Number(node.toString())) || node.toString().includes('.') ? [] : [node.toString()];
  if (Array.isArray(node)) return node.flatMap(unsafeIntegers);
  if (node !== null && typeof node === 'object') return Object.values(node).flatMap(unsafeIntegers);
  return [];
};

describe('mock/fixtures covers every operation', () => {
  it.each(ir.operations.map((op) => ({ id: op.id, op })))('$id has its fixtures', ({ op }) => {
    expect(coverageProblems(op, fixtures)).toEqual([]);
  });

  it('names only operations of the IR, each fixture once, in <area>/<operationId>.json', () => {
    expect(unknownOperationProblems(ir, fixtures)).toEqual([]);
    const names = fixtures.map((f) => f.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    const misplaced = fixtures.filter((f) => {
      const op = ir.operations.find((o) => o.id === f.operationId);
      const file = f.source.replace(/\[\d+\]$/, '');
      return op === undefined || basename(file, '.json') !== op.id || basename(dirname(file)) !== op.area;
    });
    expect(misplaced.map((f) => f.source)).toEqual([]);
  });

  it('keeps 64-bit ids above 2^53 as exact JSON numbers', () => {
    const big = fixtures.flatMap((f) => unsafeIntegers(f.exact.response.body));
    expect(big).toContain('36028813724316572');
    expect(big).toContain('9007199254740993');
  });

  it('is exactly what the mock loads', async () => {
    const mock = await startMock({ fixturesDir: FIXTURES_DIR });
    try {
      expect(mock.fixtures.list().map((s) => s.fixture.name)).toEqual(fixtures.map((f) => f.name));
    } finally {
      await mock.close();
    }
  });
});

describe('every fixture agrees with the spec', () => {
  it.each(fixtures.map((f) => ({ source: f.source, fixture: f })))('$source', ({ fixture }) => {
    expect(fixtureProblems(fixture, ctx)).toEqual([]);
  });
});

describe('the checks catch what is wrong', () => {
  const temp = mkdtempSync(join(tmpdir(), 'fixtures-coverage-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('a fixture folder without an operation fails coverage for that operation only', () => {
    cpSync(FIXTURES_DIR, temp, { recursive: true });
    rmSync(join(temp, 'wallet', 'listDeposits.json'));
    rmSync(join(temp, 'futures', 'cancelBatchFutureOrders.json'));
    const partial = loadFixtures(temp);
    const problems = ir.operations.flatMap((op) => coverageProblems(op, partial));
    expect(problems).toEqual([
      'cancelBatchFutureOrders (shaped) has no success fixture',
      'cancelBatchFutureOrders (shaped) has no error fixture',
      'listDeposits (shaped) has no success fixture',
      'listDeposits (shaped) has no error fixture',
    ]);
  });

  it('a named-only operation needs a success fixture only (every operation of the spec is shaped today)', () => {
    const shaped = ir.operations.find((o) => o.id === 'cancelBatchFutureOrders');
    if (shaped === undefined) throw new Error('no cancelBatchFutureOrders');
    const named = { ...shaped, shape: 'named-only' as const };
    const own = fixtures.filter((f) => f.operationId === named.id);
    expect(
      coverageProblems(
        named,
        own.filter((f) => f.name.endsWith('two ids')),
      ),
    ).toEqual([]);
    expect(coverageProblems(named, [])).toEqual(['cancelBatchFutureOrders (named-only) has no success fixture']);
  });

  it('a shaped operation with a success fixture only lacks its error fixture', () => {
    const onlySuccess = fixtures.filter((f) => f.operationId !== 'withdraw' || f.name === 'withdraw: USDT on TRX');
    const op = ir.operations.find((o) => o.id === 'withdraw');
    expect(op && coverageProblems(op, onlySuccess)).toEqual(['withdraw (shaped) has no error fixture']);
  });

  it('an unknown operation is reported', () => {
    const stray = inline({ operationId: 'listEverything', name: 'stray', response: { status: 200, body: [] } });
    expect(unknownOperationProblems(ir, [stray])).toEqual(['inline.json: unknown operationId "listEverything"']);
    expect(fixtureProblems(stray, ctx)).toEqual(['unknown operationId "listEverything"']);
  });

  const deposit = {
    id: 'd1',
    txid: 'ab',
    timestamp: '1795010587',
    amount: '250.5',
    currency: 'USDT',
    address: '0x1',
    memo: '',
    status: 'DONE',
    chain: 'ETH',
  };
  const cases: Array<{ given: string; fixture: object; want: string[] }> = [
    {
      given: 'an amount sent as a JSON number',
      fixture: {
        operationId: 'listDeposits',
        name: 'n',
        response: { status: 200, body: [{ ...deposit, amount: 250.5 }] },
      },
      want: ['response body /0/amount must be string'],
    },
    {
      given: 'a status the operation does not declare',
      fixture: {
        operationId: 'listDeposits',
        name: 'n',
        response: { status: 404, body: { label: 'NOT_FOUND', message: 'x' } },
      },
      want: ['status 404 is not declared by listDeposits (declared: 200, 400, 401, 429, 5XX)'],
    },
    {
      given: 'an error label the service does not document',
      fixture: {
        operationId: 'listDeposits',
        name: 'n',
        response: { status: 400, body: { label: 'NO_SUCH_LABEL', message: 'x' } },
      },
      want: ['error label "NO_SUCH_LABEL" is not one the service documents'],
    },
    {
      given: 'an error body without a label',
      fixture: { operationId: 'listDeposits', name: 'n', response: { status: 400, body: { message: 'x' } } },
      want: [
        "response body / must have required property 'label'",
        'error label undefined is not one the service documents',
      ],
    },
    {
      given: 'an undeclared query parameter, a non-integer limit and a too large offset range',
      fixture: {
        operationId: 'listDeposits',
        name: 'n',
        request: { query: { currency: 'USDT', limit: 'two', page: '1', from: '1792540800', to: '1795219200' } },
        response: { status: 200, body: [] },
      },
      want: [
        'request.query.limit: "two" is not an integer',
        'request.query "page" is not a parameter of listDeposits',
        'request time range exceeds 30 days',
      ],
    },
    {
      given: 'a limit above the maximum',
      fixture: {
        operationId: 'listDeposits',
        name: 'n',
        request: { query: { limit: '5000' } },
        response: { status: 200, body: [] },
      },
      want: ['request.query.limit: / must be <= 500'],
    },
    {
      given: 'a missing required query parameter and a missing path parameter',
      fixture: {
        operationId: 'getDepositAddress',
        name: 'n',
        request: { path: { user_id: '1' } },
        response: { status: 400, body: { label: 'INVALID_CURRENCY' } },
      },
      want: ['request.path "user_id" is not in /wallet/deposit_address', 'request.query lacks required "currency"'],
    },
    {
      given: 'a request body without a conditionally required field and with a negative amount',
      fixture: {
        operationId: 'transfer',
        name: 'n',
        request: { body: { currency: 'USDT', from: 'spot', to: 'futures', amount: '-1' } },
        response: { status: 200, body: { tx_id: 1 } },
      },
      want: [
        "request.body / must have required property 'settle'",
        'request.body / must match "then" schema',
        'request.body /amount must match pattern "^\\d+(\\.\\d{1,8})?$"',
        'request.body /amount must be greater than 0',
      ],
    },
    {
      given: 'a body on a 204 response',
      fixture: {
        operationId: 'lockSubAccount',
        name: 'n',
        request: { path: { user_id: '10001' } },
        response: { status: 204, body: {} },
      },
      want: ['status 204 of lockSubAccount has no body, but the fixture gives one'],
    },
    {
      given: 'a body on a GET, a missing path parameter and a settlement currency outside the enum',
      fixture: {
        operationId: 'getFuturesContract',
        name: 'n',
        request: { path: { settle: 'eth' }, body: { a: 1 } },
        response: { status: 200, body: {} },
      },
      want: [
        'request.path lacks "contract" (/futures/{settle}/contracts/{contract})',
        'request.path.settle: / must be equal to one of the allowed values',
        'request.body given, but GET takes no body',
        'request.body given, but getFuturesContract takes no body',
      ],
    },
    {
      given: 'a real-looking secret in a key creation answer',
      fixture: {
        operationId: 'createSubAccountKeys',
        name: 'n',
        request: { path: { user_id: '10001' }, body: { name: 'k' } },
        response: { status: 200, body: { key: 'mock-subkey-1', secret: 'b8f0c2d4e6a8b0c2d4e6f8a0b2c4d6e8' } },
      },
      want: [
        'response.body/secret looks like a real credential; use an obviously fake value (containing "fake" or "mock")',
      ],
    },
    {
      given: 'a currency code in a field named key (the auto-invest currency list)',
      fixture: {
        operationId: 'listAutoInvestCoins',
        name: 'n',
        request: {},
        response: {
          status: 200,
          body: [{ key: 'BTC', value: 'Bitcoin', asset_icon_url: 'https://icon.example.com/btc.png' }],
        },
      },
      want: [],
    },
    {
      given: 'neither of the ids the status lookup needs',
      fixture: {
        operationId: 'getTransferOrderStatus',
        name: 'n',
        request: {},
        response: { status: 200, body: { tx_id: '1', status: 'SUCCESS' } },
      },
      want: ['request sets none of client_order_id, tx_id'],
    },
  ];
  it.each(cases)('$given', ({ fixture, want }) => {
    expect(fixtureProblems(inline(fixture), ctx)).toEqual(want);
  });
});
