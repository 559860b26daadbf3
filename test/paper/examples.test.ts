/**
 * The paper exchange examples of mock/README.md: the README shows each file exactly, and each
 * runs against the mock with its default seed (the output checked line by line where it is
 * deterministic).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMock } from '../../mock/index.js';
import type { MockServer } from '../../mock/index.js';
import { main as limitOrderFill } from './examples/limit-order-fill.js';
import { main as pocFokRejections } from './examples/poc-fok-rejections.js';

const EXAMPLES = ['limit-order-fill.ts', 'poc-fok-rejections.ts'];
const file = (name: string): URL => new URL(`./examples/${name}`, import.meta.url);

describe('mock/README.md shows the paper exchange examples exactly', () => {
  it.each(EXAMPLES)('%s', async (name) => {
    const readme = await readFile(new URL('../../mock/README.md', import.meta.url), 'utf8');
    const block = new RegExp(
      `<!-- example: test/paper/examples/${name.replace('.', '\\.')} -->\\n\\n\`\`\`ts\\n([\\s\\S]*?)\`\`\``,
    ).exec(readme)?.[1];
    expect(block, `mock/README.md has no block for ${name}`).toBeDefined();
    expect(block).toBe(await readFile(file(name), 'utf8'));
  });
});

describe('the examples run against the paper exchange', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.close());
  beforeEach(() => mock.reset());

  const output = async (main: (baseUrl: string) => Promise<void>): Promise<string[]> => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    try {
      await main(mock.url);
    } finally {
      spy.mockRestore();
    }
    return lines;
  };

  it('a limit order rests, fills when someone sells at its price, and shows in trades and balances', async () => {
    const lines = await output(limitOrderFill);
    expect(lines[0]).toBe('best bid 64990, best ask 65010');
    expect(lines[1]).toMatch(/^placed \d+: open, 0\.01 BTC left$/);
    expect(lines[2]).toMatch(/^order \d+: closed \(filled\), 0\.01 BTC for 650 USDT$/);
    expect(lines[3]).toMatch(/^trade \d+: maker buy 0\.01 at 65000, fee 0\.00001 BTC$/);
    expect(lines.slice(4)).toEqual([
      'BTC: 2.00999 available, 0 locked',
      'ETH: 20 available, 0 locked',
      'USDT: 99350 available, 0 locked',
    ]);
  });

  it('poc and fok refusals are typed errors and place nothing', async () => {
    expect(await output(pocFokRejections)).toEqual([
      'poc: BadRequestError 400 POC_FILL_IMMEDIATELY: Order would match and take immediately, so it is cancelled',
      'fok: BadRequestError 400 FOK_NOT_FILL: Order cannot be filled completely at once, so it is cancelled',
      'open orders: 0',
    ]);
  });
});
