/**
 * Wallet and withdrawal operations say what the seed says and no more: a range the seed does not
 * cap reaches the transport (both clients read the same IR), and the cancel-withdrawal answer has
 * exactly the fields the seed gives it (the record's fields without `fee`, `type`, `fail_reason`,
 * `timestamp2`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ExchangeClient, isValidationError } from '../../generated/src/index.js';

const DAY = 86_400;
const sent: string[] = [];
const client = new ExchangeClient({
  key: 'mock-key-wallet-rules',
  secret: 'mock-secret-wallet-rules',
  baseUrl: 'http://127.0.0.1:9/api/v4',
  rateLimit: 'off',
  clockSync: 'off',
  maxRetries: 0,
  fetch: (input: string | URL | Request) => {
    sent.push(input instanceof Request ? input.url : String(input));
    return Promise.reject(new Error('recorded, not sent'));
  },
});

type Call = () => Promise<unknown>;
const to = 1_795_000_000;

describe('time ranges follow the seed', () => {
  const cases: Array<{ given: string; call: Call; want: { refused: boolean } }> = [
    {
      given: 'a 40-day UID transfer history (the seed caps no range there)',
      call: () => client.wallet.listPushOrders({ from: to - 40 * DAY, to }),
      want: { refused: false },
    },
    {
      given: 'a 31-day withdrawal history (the seed caps it at 30 days)',
      call: () => client.wallet.listWithdrawals({ from: to - 31 * DAY, to }),
      want: { refused: true },
    },
  ];
  it.each(cases)('$given', async ({ call, want }) => {
    sent.length = 0;
    const error: unknown = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isValidationError(error)).toBe(want.refused);
    expect(sent).toHaveLength(want.refused ? 0 : 1);
  });

  it('sends the 40-day range as given', async () => {
    sent.length = 0;
    await client.wallet.listPushOrders({ from: to - 40 * DAY, to }).catch(() => undefined);
    const url = new URL(sent[0] ?? 'http://invalid/');
    expect(url.pathname).toBe('/api/v4/wallet/push');
    expect(url.searchParams.get('from')).toBe(String(to - 40 * DAY));
    expect(url.searchParams.get('to')).toBe(String(to));
  });
});

describe('the cancel-withdrawal answer is the seed’s', () => {
  const openapi = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>
    >;
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  };

  /** The property names of the schema a `$ref` points to. */
  function fieldsOf(schema: unknown): string[] {
    const ref = (schema as { $ref?: string }).$ref ?? '';
    const name = ref.replace('#/components/schemas/', '');
    return Object.keys(openapi.components.schemas[name]?.properties ?? {}).sort();
  }

  it('has exactly the record fields the seed lists for it', () => {
    const answer = openapi.paths['/withdrawals/{withdrawal_id}']?.['delete']?.responses['202'];
    const schema = answer?.content['application/json']?.schema;
    expect(fieldsOf(schema)).toEqual(
      [
        'id',
        'txid',
        'block_number',
        'withdraw_order_id',
        'timestamp',
        'amount',
        'network_fee',
        'currency',
        'address',
        'memo',
        'status',
        'chain',
      ].sort(),
    );
  });

  it('leaves the full record to the list and the withdrawal answer', () => {
    for (const [path, method, status] of [
      ['/wallet/withdrawals', 'get', '200'],
      ['/withdrawals', 'post', '200'],
    ] as const) {
      const content = openapi.paths[path]?.[method]?.responses[status]?.content['application/json'];
      const schema = content?.schema as { items?: unknown; $ref?: string } | undefined;
      const fields = fieldsOf(schema?.items ?? schema);
      expect(fields).toEqual(expect.arrayContaining(['fee', 'type', 'fail_reason', 'timestamp2']));
    }
  });
});
