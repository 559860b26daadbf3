/**
 * The seed file: the default one loads and starts an exchange whose keys, groups and liquidity
 * are as written; a bad file is refused before anything starts, naming the place, the value and
 * the rule.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MOCK_KEY } from '../../mock/keys.js';
import { PaperExchange } from '../../mock/exchange/exchange.js';
import { DEFAULT_SEED_FILE, SeedError, checkSeed, loadSeedFile } from '../../mock/exchange/seed-file.js';
import type { Seed } from '../../mock/exchange/seed-file.js';
import { seedOf } from './support/given.js';

const dir = mkdtempSync(join(tmpdir(), 'paper-seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the default seed', () => {
  it('gives the mock key to the main account, groups it for STP and rests liquidity on both sides', () => {
    const seed = loadSeedFile(DEFAULT_SEED_FILE);
    const exchange = new PaperExchange({ seed, now: () => 1_700_000_000_000 });
    expect(exchange.accountKeys().get(MOCK_KEY)?.uid).toBe(10000);
    const state = exchange.snapshot();
    expect(state.accounts['10000']?.stpId).toBe(4711);
    expect(state.accounts['10002']?.stpId).toBe(0);
    for (const market of Object.values(state.spotMarkets)) {
      expect(market.bids.length).toBeGreaterThan(0);
      expect(market.asks.length).toBeGreaterThan(0);
    }
    expect(exchange.liquidityProvider()).toBe(10009);
  });
});

const base = (): Seed => structuredClone(seedOf({}));
const broken: Array<{ name: string; edit: (s: Seed) => void; message: RegExp }> = [
  {
    name: 'an unknown field',
    edit: (s) => Object.assign(s, { extra: 1 }),
    message: /\/ with value .*unknown field "extra"/,
  },
  {
    name: 'an amount that is not a decimal',
    edit: (s) => ((s.accounts[0] as { spot: Record<string, string> }).spot['USDT'] = '1e5'),
    message: /\/accounts\/0\/spot\/USDT with value 1e5: must match format "decimal"/,
  },
  {
    name: 'a real-looking key',
    edit: (s) => ((s.accounts[0] as { key: string }).key = 'a1b2c3'),
    message: /\/accounts\/0\/key with value a1b2c3: must match pattern/,
  },
  {
    name: 'two accounts with one uid',
    edit: (s) => ((s.accounts[1] as { uid: number }).uid = 1),
    message: /\/accounts\/1\/uid with value 1: uids must be unique/,
  },
  {
    name: 'an STP member that is no account',
    edit: (s) => s.stpGroups.push({ id: 9, name: 'x', members: [42] }),
    message: /\/stpGroups\/0\/members\/0 with value 42: not the uid of an account/,
  },
  {
    name: 'an account in two STP groups',
    edit: (s) => s.stpGroups.push({ id: 1, name: 'x', members: [1] }, { id: 2, name: 'y', members: [1] }),
    message: /\/stpGroups\/1\/members\/0 .*at most one STP group/,
  },
  {
    name: 'liquidity on an unknown pair',
    edit: (s) => s.liquidity.push({ uid: 1, pair: 'ETH_USDT', side: 'buy', price: '1', amount: '1' }),
    message: /\/liquidity\/0\/pair with value ETH_USDT: not a pair/,
  },
  {
    name: 'a margin wallet of an unknown pair',
    edit: (s) => Object.assign(s.accounts[0] as object, { margin: { ETH_USDT: { ETH: '1' } } }),
    message: /\/accounts\/0\/margin\/ETH_USDT .*not a pair/,
  },
];

describe('a bad seed is refused with the place, the value and the rule', () => {
  it.each(broken)('$name', ({ edit, message }) => {
    const seed = base();
    edit(seed);
    expect(() => checkSeed(seed, 'seed.json')).toThrow(SeedError);
    expect(() => checkSeed(seed, 'seed.json')).toThrow(message);
  });

  it('liquidity its account cannot pay for stops the start', () => {
    const seed = base();
    seed.liquidity.push({ uid: 1, pair: 'BTC_USDT', side: 'sell', price: '100', amount: '11' });
    expect(() => new PaperExchange({ seed, now: () => 0 })).toThrow(
      /\/liquidity\/0 cannot be placed: BALANCE_NOT_ENOUGH/,
    );
  });

  it('a file that is not JSON names the file', () => {
    const file = join(dir, 'seed.json');
    writeFileSync(file, '{ not json');
    expect(() => loadSeedFile(file)).toThrow(new RegExp(`seed file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });
});
