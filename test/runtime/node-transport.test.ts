/**
 * The optional Node transport (`transport: 'node'`) against the real mock on 127.0.0.1: the mock
 * verifies every signature, so a wire that differs from what was signed fails here.
 */
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  ConnectionError,
  ExchangeClient,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
} from '../../generated/src/index.js';
import { createNodeTransport } from '../../generator/targets/typescript/runtime/node-transport.js';
import { failureToError, SendFailure } from '../../generator/targets/typescript/runtime/transport.js';
import { DEFAULT_FIXTURES_DIR, MOCK_KEY, MOCK_SECRET, startMock, type MockServer } from '../../mock/index.js';

let mock: MockServer;
let client: ExchangeClient;
beforeAll(async () => {
  mock = await startMock({ fixturesDir: DEFAULT_FIXTURES_DIR });
});
afterAll(() => mock.close());
afterEach(() => mock.reset());
const make = (extra: Partial<ConstructorParameters<typeof ExchangeClient>[0]> = {}): ExchangeClient =>
  new ExchangeClient({
    key: MOCK_KEY,
    secret: MOCK_SECRET,
    baseUrl: mock.url,
    transport: 'node',
    rateLimit: 'off',
    ...extra,
  });
beforeAll(() => {
  client = make();
});

describe("transport: 'node'", () => {
  it('sends signed reads and writes the mock verifies, with int64 values kept exact', async () => {
    const { data, response } = await client.wallet.listWithdrawals({ currency: 'BTC', limit: 5 }).withResponse();
    expect(data.length).toBeGreaterThan(0);
    expect(response.status).toBe(200);
    expect(response.traceId).toMatch(/^[0-9a-f]+$/);
    const { tx_id } = await client.wallet.transfer({
      currency: 'USDT',
      from: 'spot',
      to: 'margin',
      currency_pair: 'BTC_USDT',
      amount: '1.5',
    });
    expect(tx_id).toBe('9007199254740993');
    const logged = mock.requests.filter((r) => r.operationId === 'listWithdrawals' || r.operationId === 'transfer');
    expect(logged.map((r) => [r.operationId, r.verified, r.status])).toEqual([
      ['listWithdrawals', true, 200],
      ['transfer', true, 200],
    ]);
    expect(JSON.parse(logged[1]!.body)).toMatchObject({ amount: '1.5', currency_pair: 'BTC_USDT' });
  });

  it('signs the query exactly as sent: comma lists and encoded characters', async () => {
    await client.wallet.listSubAccountBalances({ sub_uid: ['10001', '10002'] });
    await client.wallet.listWithdrawals({ withdraw_order_id: 'a.b-c_d' });
    const [balances, withdrawals] = mock.requests.slice(-2);
    expect(balances).toMatchObject({ query: 'sub_uid=10001,10002', verified: true, status: 200 });
    expect(withdrawals).toMatchObject({ query: 'withdraw_order_id=a.b-c_d', verified: true });
  });

  it('retries a 5xx on a read, and never resends POST /withdrawals: a 503 leaves its outcome unknown', async () => {
    mock.faults.add({ operationId: 'listWithdrawals', kind: 'status', status: 502 });
    const read = await client.wallet.listWithdrawals({ limit: 1 }).withResponse();
    expect(read.response.attempts).toBe(2);

    mock.faults.add({ operationId: 'withdraw', kind: 'status', status: 503 });
    const before = mock.requests.length;
    const error = await client.withdrawals
      .withdraw({ currency: 'USDT', amount: '10', chain: 'TRX', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as Error).cause).toMatchObject({ status: 503 });
    expect(mock.requests.slice(before).filter((r) => r.operationId === 'withdraw')).toHaveLength(1);
    await expect(client.resolveOutcome(error)).resolves.toMatchObject({ status: 'unknown' });
  });

  it('a withdrawal whose answer is lost is looked up by its generated id and returned, sent once', async () => {
    mock.faults.add({ operationId: 'withdraw', kind: 'reset-after' });
    const record = await client.withdrawals.withdraw({
      currency: 'USDT',
      amount: '10',
      chain: 'TRX',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    });
    const posted = mock.requests.filter((r) => r.operationId === 'withdraw');
    expect(posted).toHaveLength(1);
    expect(record.withdraw_order_id).toBe(
      (JSON.parse(posted[0]!.body) as { withdraw_order_id: string }).withdraw_order_id,
    );
    expect(mock.state.withdrawals.filter((w) => w.withdraw_order_id === record.withdraw_order_id)).toHaveLength(1);
  });

  it('a transfer whose answer is lost resolves to one transfer, not two', async () => {
    mock.faults.add({ operationId: 'transferWithSubAccount', kind: 'reset-after' });
    const result = await client.wallet.transferWithSubAccount({
      sub_account: '10002',
      currency: 'USDT',
      amount: '5',
      direction: 'to',
      client_order_id: 'node-once-1',
    });
    expect(result.tx_id).toBeDefined();
    expect(mock.state.transfers.filter((t) => t.clientOrderId === 'node-once-1')).toHaveLength(1);
  });

  it('times out, aborts, and tells a refused connection from a lost one', async () => {
    mock.faults.add({ operationId: 'listWithdrawals', kind: 'delay', ms: 2_000 });
    await expect(client.wallet.listWithdrawals({ limit: 1 }, { timeout: 100, maxRetries: 0 })).rejects.toBeInstanceOf(
      TimeoutError,
    );

    mock.faults.add({ operationId: 'listWithdrawals', kind: 'delay', ms: 2_000 });
    const controller = new AbortController();
    const pending = client.wallet.listWithdrawals({ limit: 1 }, { signal: controller.signal, maxRetries: 0 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toBeInstanceOf(AbortError);

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const offline = new ExchangeClient({
      key: MOCK_KEY,
      secret: MOCK_SECRET,
      baseUrl: `http://127.0.0.1:${port}/api/v4`,
      transport: 'node',
      clockSync: 'off',
      maxRetries: 0,
    });
    const refused = await offline.withdrawals
      .withdraw({ currency: 'USDT', amount: '10', chain: 'TRX', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConnectionError);
    expect((refused as Error).message).toMatch(/before the request was sent/);
  });

  it('signs a body with non-ASCII text over its UTF-8 bytes, as sent', async () => {
    await client.withdrawals.withdraw({
      currency: 'USDT',
      amount: '10',
      chain: 'TRX',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      memo: 'Zahlung für Müller € 𝄞',
    });
    const sent = mock.requests.filter((r) => r.operationId === 'withdraw').at(-1);
    expect(sent).toMatchObject({ verified: true, status: 200 });
    expect(JSON.parse(sent!.body)).toMatchObject({ memo: 'Zahlung für Müller € 𝄞' });
  });

  it('a key that cannot be a header value is refused at construction, without its value', () => {
    let error: unknown;
    try {
      make({ key: 'key\r\nX-Injected: 1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: 'key', rule: 'printable-ascii', value: '[redacted]' });
    expect(`${JSON.stringify(error)} ${(error as Error).stack ?? ''}`).not.toContain('X-Injected');
  });

  it.each([
    { name: 'a name node:http refuses (ERR_INVALID_HTTP_TOKEN)', headers: { 'X-N\u00f6te': 'v' } },
    { name: 'a value with a line break', headers: { 'X-Note': 'HIDDEN-MARK\r\nX-Injected: 1' } },
    { name: 'a value with a NUL', headers: { 'X-Note': 'HIDDEN-MARK\u0000' } },
  ])('a header that cannot be sent ($name) fails as not sent, without its value', async ({ headers }) => {
    const before = mock.requests.length;
    const transport = createNodeTransport({ origin: new URL(mock.url).origin });
    const wire = {
      method: 'POST' as const,
      path: '/api/v4/wallet/transfers',
      query: '',
      url: `${mock.url}/wallet/transfers`,
      body: '{}',
      headers: { 'Content-Type': 'application/json', ...headers },
      sign: false,
    };
    const failure = await transport.send(wire, 5_000, undefined).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SendFailure);
    expect(failure).toMatchObject({ kind: 'local', sent: false });
    const error = failureToError(failure as SendFailure, { operation: 'transfer' }, 5_000);
    expect(`${error.message} ${JSON.stringify(error)} ${error.stack ?? ''}`).not.toContain('HIDDEN-MARK');
    expect(mock.requests.length).toBe(before);
  });

  it.each([
    { given: { transport: 'curl' }, field: 'transport', rule: 'enum' },
    { given: { transport: 'node', fetch: globalThis.fetch }, field: 'fetch', rule: 'conflict' },
  ])('rejects $given at construction', ({ given, field, rule }) => {
    let error: unknown;
    try {
      new ExchangeClient({ baseUrl: mock.url, ...(given as object) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field, rule });
  });
});
