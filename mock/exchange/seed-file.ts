/**
 * The paper exchange's seed file (default `mock/exchange/seed.json`, documented in mock/README.md):
 * fee rates, STP groups, accounts with their mock-only key pairs and balances, spot pairs,
 * perpetual contracts and the resting liquidity placed at start. Checked on load (a JSON Schema
 * through Ajv, then the cross references); a bad file stops the start with a {@link SeedError}
 * naming the file, the place, the value and the rule.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describeValue } from '../errors.js';
import { isDecimal } from '../decimal.js';

/** The seed file the mock uses when none is given. */
export const DEFAULT_SEED_FILE = fileURLToPath(new URL('./seed.json', import.meta.url));

/** Fee rates as decimal strings (`0.002` is 0.2 %). */
interface SeedFees {
  maker: string;
  taker: string;
}

/** One account of the seed. */
export interface SeedAccount {
  uid: number;
  name: string;
  /** Mock-only API key pair; never a real key. */
  key: string;
  secret: string;
  /** Spot balances by currency. */
  spot?: Record<string, string>;
  /** Isolated margin balances by currency pair, then currency. */
  margin?: Record<string, Record<string, string>>;
  /** Futures balances by settlement currency (`usdt`). */
  futures?: Record<string, string>;
}

/** A spot currency pair. */
export interface SeedPair {
  pair: string;
  /** Reference price shown by tickers until the first trade. */
  price: string;
  amountPrecision: number;
  pricePrecision: number;
  minBaseAmount: string;
  minQuoteAmount: string;
}

/** A perpetual contract. */
export interface SeedContract {
  settle: string;
  contract: string;
  quantoMultiplier: string;
  markPrice: string;
  leverage: string;
  leverageMax: string;
  maintenanceRate: string;
  orderPriceRound: string;
  orderSizeMin: string;
  orderSizeMax: string;
}

/** A resting order placed when the exchange starts. */
export type SeedLiquidity =
  | { uid: number; pair: string; side: 'buy' | 'sell'; price: string; amount: string }
  | { uid: number; settle: string; contract: string; price: string; size: string };

/** The whole seed file. */
export interface Seed {
  fees: { spot: SeedFees; futures: SeedFees };
  stpGroups: Array<{ id: number; name: string; members: number[] }>;
  accounts: SeedAccount[];
  spot: SeedPair[];
  futures: SeedContract[];
  liquidity: SeedLiquidity[];
}

/** A seed file that breaks a rule. */
export class SeedError extends Error {
  override name = 'SeedError';
}

const decimal = { type: 'string', format: 'decimal' } as const;
const positive = { type: 'string', format: 'positive-decimal' } as const;
const uid = { type: 'integer', minimum: 1 } as const;
const balances = { type: 'object', additionalProperties: decimal } as const;
const object = (properties: Record<string, unknown>, optional: readonly string[] = []): object => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});

const SCHEMA = object(
  {
    $comment: { type: 'string' },
    fees: object({
      spot: object({ maker: decimal, taker: decimal }),
      futures: object({ maker: decimal, taker: decimal }),
    }),
    stpGroups: {
      type: 'array',
      items: object({ id: uid, name: { type: 'string' }, members: { type: 'array', items: uid } }),
    },
    accounts: {
      type: 'array',
      minItems: 1,
      items: object(
        {
          uid,
          name: { type: 'string', minLength: 1 },
          key: { type: 'string', pattern: '^mock-' },
          secret: { type: 'string', pattern: '^mock-' },
          spot: balances,
          margin: { type: 'object', additionalProperties: balances },
          futures: balances,
        },
        ['spot', 'margin', 'futures'],
      ),
    },
    spot: {
      type: 'array',
      items: object({
        pair: { type: 'string', pattern: '^[A-Z0-9]+_[A-Z0-9]+$' },
        price: positive,
        amountPrecision: { type: 'integer', minimum: 0, maximum: 18 },
        pricePrecision: { type: 'integer', minimum: 0, maximum: 18 },
        minBaseAmount: decimal,
        minQuoteAmount: decimal,
      }),
    },
    futures: {
      type: 'array',
      items: object({
        settle: { type: 'string', pattern: '^[a-z]+$' },
        contract: { type: 'string', pattern: '^[A-Z0-9]+_[A-Z0-9]+$' },
        quantoMultiplier: positive,
        markPrice: positive,
        leverage: positive,
        leverageMax: positive,
        maintenanceRate: decimal,
        orderPriceRound: positive,
        orderSizeMin: positive,
        orderSizeMax: positive,
      }),
    },
    liquidity: {
      type: 'array',
      items: {
        oneOf: [
          object({ uid, pair: { type: 'string' }, side: { enum: ['buy', 'sell'] }, price: positive, amount: positive }),
          object({ uid, settle: { type: 'string' }, contract: { type: 'string' }, price: positive, size: decimal }),
        ],
      },
    },
  },
  ['$comment'],
);

const ajv = new Ajv2020({ strict: false, allErrors: false, verbose: true, logger: false });
ajv.addFormat('decimal', { type: 'string', validate: isDecimal });
ajv.addFormat('positive-decimal', {
  type: 'string',
  validate: (s: string) => isDecimal(s) && /[1-9]/.test(s) && !s.startsWith('-'),
});
const validateSchema = ajv.compile(SCHEMA);

/** Reads and checks a seed file. Throws {@link SeedError}. */
export function loadSeedFile(path: string): Seed {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (e) {
    throw new SeedError(`seed file ${path}: ${(e as Error).message}`);
  }
  return checkSeed(content, path);
}

/** Checks a parsed seed (`source` names it in errors). Throws {@link SeedError}. */
export function checkSeed(content: unknown, source = 'seed'): Seed {
  if (!validateSchema(content)) {
    const [error] = validateSchema.errors ?? [];
    const at = error?.instancePath === '' ? '/' : (error?.instancePath ?? '/');
    const rule =
      error?.keyword === 'additionalProperties'
        ? `unknown field "${String((error.params as { additionalProperty?: unknown }).additionalProperty)}"`
        : (error?.message ?? 'invalid');
    throw new SeedError(`${source}: ${at} with value ${describeValue(error?.data)}: ${rule}`);
  }
  const seed = content as Seed;
  crossCheck(seed, (where, value, rule) => {
    throw new SeedError(`${source}: ${where} with value ${describeValue(value)}: ${rule}`);
  });
  return seed;
}

function crossCheck(seed: Seed, fail: (where: string, value: unknown, rule: string) => never): void {
  const uids = new Set<number>();
  const keys = new Set<string>();
  seed.accounts.forEach((a, i) => {
    if (uids.has(a.uid)) fail(`/accounts/${i}/uid`, a.uid, 'uids must be unique');
    if (keys.has(a.key)) fail(`/accounts/${i}/key`, a.key, 'keys must be unique');
    uids.add(a.uid);
    keys.add(a.key);
    for (const [currency, amount] of Object.entries(a.spot ?? {})) {
      if (amount.startsWith('-')) fail(`/accounts/${i}/spot/${currency}`, amount, 'must not be negative');
    }
    for (const pair of Object.keys(a.margin ?? {})) {
      if (!seed.spot.some((p) => p.pair === pair)) fail(`/accounts/${i}/margin/${pair}`, pair, 'not a pair of "spot"');
    }
    for (const settle of Object.keys(a.futures ?? {})) {
      if (!seed.futures.some((c) => c.settle === settle)) {
        fail(`/accounts/${i}/futures/${settle}`, settle, 'no contract settles in it');
      }
    }
  });
  const grouped = new Set<number>();
  seed.stpGroups.forEach((g, i) => {
    g.members.forEach((member, j) => {
      if (!uids.has(member)) fail(`/stpGroups/${i}/members/${j}`, member, 'not the uid of an account');
      if (grouped.has(member)) fail(`/stpGroups/${i}/members/${j}`, member, 'an account is in at most one STP group');
      grouped.add(member);
    });
  });
  seed.liquidity.forEach((l, i) => {
    if (!uids.has(l.uid)) fail(`/liquidity/${i}/uid`, l.uid, 'not the uid of an account');
    if ('pair' in l && !seed.spot.some((p) => p.pair === l.pair))
      fail(`/liquidity/${i}/pair`, l.pair, 'not a pair of "spot"');
    if ('contract' in l && !seed.futures.some((c) => c.settle === l.settle && c.contract === l.contract)) {
      fail(`/liquidity/${i}/contract`, l.contract, 'not a contract of "futures" in that settlement currency');
    }
  });
}
