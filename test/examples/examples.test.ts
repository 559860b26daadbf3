import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXAMPLES } from '../../examples/index.js';
import { DEFAULT_FIXTURES_DIR, MOCK_KEY, MOCK_SECRET, startMock, type MockServer } from '../../mock/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('README examples', () => {
  it.each(EXAMPLES)('README shows $file exactly, importing from the package', async ({ file }) => {
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
    const source = await readFile(path.join(ROOT, 'examples', file), 'utf8');
    const block = new RegExp(
      `<!-- example: examples/${file.replace('.', '\\.')} -->\\n\\n?\`\`\`ts\\n([\\s\\S]*?)\`\`\``,
    ).exec(readme)?.[1];
    expect(block, `README has no block for examples/${file}`).toBeDefined();
    expect(block).toBe(source.replace("from '../generated/src/index.js';", "from 'exchange-v4';"));
  });
});

describe('the examples run against the mock', () => {
  let mock: MockServer;
  let lines: string[];
  beforeAll(async () => {
    mock = await startMock({ fixturesDir: DEFAULT_FIXTURES_DIR });
    vi.stubEnv('EXCHANGE_V4_BASE_URL', mock.url);
    vi.stubEnv('EXCHANGE_V4_KEY', MOCK_KEY);
    vi.stubEnv('EXCHANGE_V4_SECRET', MOCK_SECRET);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await mock.close();
  });
  const run = async (file: string): Promise<string> => {
    lines = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    const example = EXAMPLES.find((e) => e.file === file)!;
    try {
      example.prepare?.(mock);
      await example.main();
    } finally {
      spy.mockRestore();
    }
    return lines.join('\n');
  };

  it('a signed read lists records and the response metadata', async () => {
    const out = await run('signed-read.ts');
    expect(out).toMatch(/^w\d+ [\d.]+ BTC (DONE|CANCEL)/m);
    expect(out).toMatch(/trace [0-9a-f]+, \d+ requests left in this window/);
    expect(mock.requests.at(-1)?.verified).toBe(true);
  });

  it('a transfer is applied once and its status found by client_order_id', async () => {
    const before = mock.requests.length;
    const out = await run('transfer-idempotent.ts');
    expect(out).toMatch(/^transfer 9007199254740993 accepted$/m);
    expect(out).toMatch(/status of payout-\d+: SUCCESS/);
    expect(mock.requests.slice(before).filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('90 days of withdrawals come from four 30-day windows without duplicates', async () => {
    const before = mock.requests.length;
    const out = await run('withdrawals-90-days.ts');
    const count = Number(/^(\d+) withdrawals in 90 days/m.exec(out)?.[1]);
    expect(count).toBeGreaterThan(100);
    const calls = mock.requests.slice(before).filter((r) => r.path.endsWith('/wallet/withdrawals'));
    const windows = new Set(calls.map((r) => new URLSearchParams(r.query).get('from')));
    expect(windows.size).toBe(4);
    for (const r of calls) {
      const q = new URLSearchParams(r.query);
      expect(Number(q.get('to')) - Number(q.get('from'))).toBeLessThan(30 * 86_400);
    }
  });

  it('a futures position: leverage set, a market order filled, the position read back', async () => {
    const before = mock.requests.length;
    const out = await run('futures-position.ts');
    expect(out).toMatch(/^BTC_USDT leverage 20 \(isolated\), position 0$/m);
    // The paper exchange fills the market order at the seeded best ask; margin = 0.5 × 0.0001 × 65010 ÷ 20.
    expect(out).toMatch(/^order \d+ filled: 0\.5 at 65010$/m);
    expect(out).toMatch(/^position 0\.5 BTC_USDT at 65010, margin 0\.162525, liquidation 62019\.5$/m);
    const sent = mock.requests.slice(before).filter((r) => r.path.includes('/futures/'));
    expect(sent.map((r) => `${r.method} ${r.operationId}`)).toEqual([
      'POST updateContractPositionLeverage',
      'POST createFuturesOrder',
      'GET getPosition',
    ]);
    expect(sent.every((r) => r.verified)).toBe(true);
  });

  it('a spot order is placed, read back, listed and cancelled; a post-only order that would take is refused', async () => {
    const before = mock.requests.length;
    const out = await run('spot-order.ts');
    const id = /^placed (\d+):/.exec(out)?.[1];
    expect(out.split('\n')).toEqual([
      `placed ${id}: buy 0.001 BTC_USDT at 65000, open`,
      'read back: 0.001 of 0.001 left to fill',
      `open: ${id} buy 0.001 at 65000`,
      `cancelled ${id}: cancelled (cancelled)`,
      'post-only order refused: POC_FILL_IMMEDIATELY',
    ]);
    const calls = mock.requests.slice(before).filter((r) => r.operationId !== 'getSystemTime');
    expect(calls.map((r) => [r.operationId, r.status, r.verified])).toEqual([
      ['createOrder', 201, true],
      ['getOrder', 200, true],
      ['listOrders', 200, true],
      ['cancelOrder', 200, true],
      ['createOrder', 400, true],
    ]);
    expect(new URLSearchParams(calls[2]?.query).get('status')).toBe('open');
  });

  it('paper trading: a resting limit order fills when another account sells at its price', async () => {
    const before = mock.requests.length;
    const lines = (await run('paper-limit-fill.ts')).split('\n');
    const id = /^placed (\d+):/.exec(lines[1] ?? '')?.[1];
    expect(lines.map((l) => l.replace(/^trade \d+:/, 'trade <id>:'))).toEqual([
      'best bid 64990, best ask 65010',
      `placed ${id}: open, 0.01 BTC left`,
      `order ${id}: closed (filled), 0.01 BTC for 650 USDT`,
      // maker fee 0.001 of the 0.01 BTC bought, paid in BTC
      'trade <id>: maker buy 0.01 at 65000, fee 0.00001 BTC',
      'BTC: 2.00999 available, 0 locked',
    ]);
    const sent = mock.requests.slice(before).filter((r) => r.operationId !== 'getSystemTime');
    expect(sent.map((r) => [r.operationId, r.status, r.verified])).toEqual([
      ['listOrderBook', 200, false],
      ['createOrder', 201, true],
      ['createOrder', 201, true],
      ['getOrder', 200, true],
      ['listMyTrades', 200, true],
      ['listSpotAccounts', 200, true],
    ]);
  });

  it('paper trading: poc and fok refusals are typed errors and place nothing', async () => {
    const before = mock.requests.length;
    expect((await run('paper-poc-fok.ts')).split('\n')).toEqual([
      'poc refused: 400 POC_FILL_IMMEDIATELY',
      'fok refused: 400 FOK_NOT_FILL',
      'open orders on BTC_USDT: 0',
    ]);
    const posts = mock.requests.slice(before).filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.operationId, r.status])).toEqual([
      ['createOrder', 400],
      ['createOrder', 400],
    ]);
  });

  it('a rate-limit error is thrown before sending', async () => {
    const before = mock.requests.length;
    const out = await run('rate-limit-error.ts');
    expect(out).toMatch(/^RATE_LIMITED_LOCALLY: the client says retry in [34] s$/m);
    expect(mock.requests.slice(before).filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('a withdrawal whose answer is lost is found by polling resolveOutcome, and sent once', async () => {
    const before = mock.requests.length;
    const out = await run('withdrawal-outcome.ts');
    expect(out).toMatch(/^outcome unknown \(withdraw_order_id=[0-9a-f]{32}\), asking the service$/m);
    expect(out).toMatch(/^not listed yet; asking again in \d+ ms$/m);
    expect(out).toMatch(/^withdrawal w\d+ \([0-9a-f]{32}\) is REQUEST$/m);
    const posts = mock.requests.slice(before).filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.operationId, r.status])).toEqual([['withdraw', 503]]);
    mock.reset();
  });
});
