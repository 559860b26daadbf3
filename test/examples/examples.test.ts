import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXAMPLES } from '../../examples/index.js';
import { DEFAULT_FIXTURES_DIR, startMock, type MockServer } from '../../mock/index.js';

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
    vi.stubEnv('EXCHANGE_BASE_URL', mock.url);
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
