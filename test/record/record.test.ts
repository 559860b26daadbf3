/**
 * The recorder against a local upstream on 127.0.0.1 that verifies signatures and answers with
 * bodies holding the API key, account ids and a 2^53 + 1 id: the written fixture has no key,
 * secret or signature, the query exactly as sent, every number exact, account ids scrubbed when
 * asked; a response echoing the secret is refused and nothing is written; a response that breaks
 * the spec is refused unless allowed; the CLI runs the same path with credentials from the env.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse as parseLossless } from 'lossless-json';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import type { RecordArgs } from '../../scripts/recorder/args.js';
import type { RecordedFixture } from '../../scripts/recorder/fixture.js';
import { fakeAccountId } from '../../scripts/recorder/redact.js';
import { LeakRefusedError, SpecMismatchError, recordFixture } from '../../scripts/recorder/record.js';
import { startUpstream } from './upstream.js';
import type { Upstream, UpstreamAnswer, UpstreamRequest } from './upstream.js';

const KEY = 'rec-key-7f3a9c1e5b2d4f60';
const SECRET = 'rec-secret-0b8e6d4c2a1f3e5d7c9b8a6f4e2d0c1b';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

const pushBody = (message: string): string =>
  `[{"id":9007199254740993,"push_uid":10001234,"receive_uid":10005678,"currency":"USDT","amount":"25","create_time":1795010587,` +
  `"status":"RECEIVED","message":${JSON.stringify(message)},"transaction_type":"withdraw"}]`;

let answer: (req: UpstreamRequest) => UpstreamAnswer = () => ({ status: 500 });
let upstream: Upstream;
let out: string;

beforeAll(async () => {
  upstream = await startUpstream(KEY, SECRET, (req) => answer(req));
});
afterAll(() => upstream.close());
afterEach(() => {
  rmSync(out, { recursive: true, force: true });
  upstream.requests.length = 0;
});

const args = (over: Partial<RecordArgs>): RecordArgs => {
  out = mkdtempSync(join(tmpdir(), 'record-'));
  return {
    base: upstream.url,
    key: KEY,
    secret: SECRET,
    op: 'listPushOrders',
    params: '{}',
    scrubAccounts: false,
    out,
    name: undefined,
    allowInvalid: false,
    ...over,
  };
};

describe('recordFixture', () => {
  it('writes a scrubbed fixture with the query as sent and every number exact', async () => {
    answer = () => ({ status: 200, body: pushBody(`pushed with key ${KEY}`), headers: { 'X-Pagination-Total': '1' } });
    const result = await recordFixture(
      args({
        params: '{"from":1794614400,"to":1795219200,"transaction_type":"withdraw","limit":2}',
        scrubAccounts: true,
        name: 'listPushOrders: recorded week',
      }),
    );

    const sent = upstream.requests.at(-1);
    expect(sent?.verified).toBe(true);
    expect(result.file).toBe(join(out, 'wallet', 'listPushOrders.json'));
    const text = readFileSync(result.file, 'utf8');
    for (const secretish of [KEY, SECRET, sent?.sign ?? 'no-sign', 'session=abc123', 'trace-0001'])
      expect(text).not.toContain(secretish);
    expect(text).toContain('"id": 9007199254740993');

    const [fixture] = parseLossless(text) as RecordedFixture[];
    expect(fixture?.request).toEqual({
      query: { from: '1794614400', to: '1795219200', limit: '2', transaction_type: 'withdraw' },
    });
    const query = Object.entries(fixture?.request.query ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    expect(query).toBe(sent?.query);
    const [record] = fixture?.response.body as Array<Record<string, unknown>>;
    expect(String(record?.['push_uid'])).toBe(fakeAccountId('10001234'));
    expect(String(record?.['receive_uid'])).toBe(fakeAccountId('10005678'));
    expect(text).toContain(`"push_uid": ${fakeAccountId('10001234')}`);
    expect(record?.['message']).toBe('pushed with key fake-key-recorded');
    expect(fixture?.response.headers).toEqual({ 'X-Pagination-Total': '1' });
    expect(fixture?.recorded).toMatchObject({
      server: new URL(upstream.url).origin,
      note: 'account ids replaced by stable fake ids',
    });

    const mock = await startMock({ fixturesDir: out });
    try {
      expect(mock.fixtures.list().map((s) => s.fixture.name)).toEqual(['listPushOrders: recorded week']);
    } finally {
      await mock.close();
    }
  });

  it('keeps account ids as they are without --scrub-accounts', async () => {
    answer = () => ({ status: 200, body: pushBody('ok') });
    const result = await recordFixture(args({}));
    const text = readFileSync(result.file, 'utf8');
    expect(text).toContain('"push_uid": 10001234');
    expect(text).toContain('"receive_uid": 10005678');
    expect(result.fixture.request).toEqual({});
  });

  it('replaces a created key pair, keeps the request body exact and scrubs the path uid', async () => {
    answer = () => ({
      status: 200,
      body:
        `{"mode":1,"name":"bot","perms":[{"name":"spot","read_only":false}],"ip_whitelist":[],"state":1,"user_id":10002311,` +
        `"key":"c0ffee0123456789c0ffee0123456789","secret":"5ec12e7-real-looking-secret-value-0001","created_at":1795219260,"update_at":1795219260,"last_access":0}`,
    });
    const result = await recordFixture(
      args({
        op: 'createSubAccountKeys',
        params: '{"user_id":10002311,"mode":1,"name":"bot","perms":[{"name":"spot","read_only":false}]}',
        scrubAccounts: true,
      }),
    );
    expect(upstream.requests.at(-1)?.body).toBe('{"mode":1,"name":"bot","perms":[{"name":"spot","read_only":false}]}');
    const text = readFileSync(result.file, 'utf8');
    expect(text).not.toContain('c0ffee0123456789');
    expect(text).not.toContain('real-looking-secret');
    const [fixture] = parseLossless(text) as RecordedFixture[];
    const body = fixture?.response.body as Record<string, unknown> | undefined;
    expect(fixture?.request.path).toEqual({ user_id: fakeAccountId('10002311') });
    expect(body?.['key']).toBe('fake-key-1');
    expect(body?.['secret']).toBe('fake-secret-2');
    expect(String(body?.['user_id'])).toBe(fakeAccountId('10002311'));
  });

  it('records an error answer as an error fixture', async () => {
    answer = () => ({ status: 400, body: '{"label":"INVALID_CURRENCY","message":"Invalid currency NOTACOIN"}' });
    const result = await recordFixture(
      args({ op: 'listWithdrawals', params: '{"currency":"NOTACOIN"}', name: 'listWithdrawals: recorded error' }),
    );
    expect(result.fixture.request).toEqual({ query: { currency: 'NOTACOIN' } });
    expect(result.fixture.response).toMatchObject({ status: 400 });
    expect(JSON.parse(readFileSync(result.file, 'utf8'))).toMatchObject([
      { response: { status: 400, body: { label: 'INVALID_CURRENCY' } } },
    ]);
  });

  it('refuses a response that echoes the secret and writes nothing', async () => {
    answer = () => ({ status: 200, body: pushBody(`signed with ${SECRET}`) });
    const a = args({});
    const file = join(out, 'wallet', 'listPushOrders.json');
    mkdirSync(join(out, 'wallet'));
    writeFileSync(file, '[]\n');
    const error = await recordFixture(a).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeakRefusedError);
    expect((error as LeakRefusedError).leaked).toBe('secret');
    expect((error as Error).message).toMatch(/refusing to write the fixture: its text still contains the API secret/);
    expect((error as Error).message).not.toContain(SECRET);
    expect(readFileSync(file, 'utf8')).toBe('[]\n');
  });

  it('refuses a response whose property name is the key (it cannot be scrubbed)', async () => {
    answer = () => ({ status: 200, body: `{"uid":"1","available":{"${KEY}":"1"}}` });
    const error = await recordFixture(args({ op: 'getTotalBalance' })).catch((e: unknown) => e);
    expect((error as LeakRefusedError).leaked).toBe('key');
    expect(existsSync(join(out, 'wallet'))).toBe(false);
  });

  it('refuses a response that breaks the spec unless allowed', async () => {
    answer = () => ({ status: 200, body: '[{"currency":"USDT","amount":25}]' });
    const error = await recordFixture(args({ op: 'getUnifiedTransferables', params: '{"currencies":["USDT"]}' })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SpecMismatchError);
    expect((error as Error).message).toMatch(/response body does not match the spec at "\/0\/amount"/);
    expect(existsSync(join(out, 'unified'))).toBe(false);

    const kept = await recordFixture({
      ...args({ op: 'getUnifiedTransferables', params: '{"currencies":["USDT"]}' }),
      allowInvalid: true,
    });
    expect(kept.specProblem).toMatch(/\/0\/amount/);
    expect(existsSync(kept.file)).toBe(true);
  });

  it('replaces a fixture of the same name and appends one with a new name', async () => {
    answer = () => ({ status: 200, body: pushBody('first') });
    const a = args({ name: 'same' });
    await recordFixture(a);
    answer = () => ({ status: 200, body: pushBody('second') });
    await recordFixture(a);
    const result = await recordFixture({ ...a, name: 'other' });
    const list = JSON.parse(readFileSync(result.file, 'utf8')) as Array<{
      name: string;
      response: { body: Array<{ message: string }> };
    }>;
    expect(list.map((f) => [f.name, f.response.body[0]?.message])).toEqual([
      ['same', 'second'],
      ['other', 'second'],
    ]);
  });

  it('stops before any request on bad params or a private operation without a key', async () => {
    await expect(recordFixture(args({ op: 'listWithdrawals', params: '{"limit":5000}' }))).rejects.toThrow(/limit/);
    await expect(recordFixture(args({ key: undefined, secret: undefined }))).rejects.toThrow(
      /listPushOrders is private/,
    );
    await expect(recordFixture(args({ op: 'noSuchOperation' }))).rejects.toThrow(/not an operation of the spec/);
    await expect(recordFixture(args({ params: '[1]' }))).rejects.toThrow(/must be a JSON object/);
    expect(upstream.requests).toEqual([]);
  });
});

describe('npm run record', () => {
  const cli = (argv: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/record.ts', ...argv], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('records with the credentials from the environment', async () => {
    answer = () => ({ status: 200, body: pushBody('ok') });
    out = mkdtempSync(join(tmpdir(), 'record-cli-'));
    const r = await cli(
      ['--base', upstream.url, '--op', 'listPushOrders', '--params', '{"limit":1}', '--out', out, '--scrub-accounts'],
      {
        EXCHANGE_V4_KEY: KEY,
        EXCHANGE_V4_SECRET: SECRET,
      },
    );
    expect(r).toMatchObject({ code: 0 });
    expect(r.stdout).toMatch(
      /^wrote .*listPushOrders\.json: "listPushOrders: recorded \d{4}-\d{2}-\d{2}" \(status 200, account ids scrubbed\)/,
    );
    expect(upstream.requests.at(-1)?.verified).toBe(true);
    expect(readFileSync(join(out, 'wallet', 'listPushOrders.json'), 'utf8')).toContain(
      `"push_uid": ${fakeAccountId('10001234')}`,
    );
  });

  it('exits 2 with a clear message and writes nothing when the secret comes back', async () => {
    answer = () => ({ status: 200, body: pushBody(SECRET) });
    out = mkdtempSync(join(tmpdir(), 'record-cli-'));
    const r = await cli(['--base', upstream.url, '--op', 'listPushOrders', '--out', out], {
      EXCHANGE_V4_KEY: KEY,
      EXCHANGE_V4_SECRET: SECRET,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to write the fixture/);
    expect(`${r.stdout}${r.stderr}`).not.toContain(SECRET);
    expect(existsSync(join(out, 'wallet'))).toBe(false);
  });

  it('exits 1 on a bad command line', async () => {
    out = mkdtempSync(join(tmpdir(), 'record-cli-'));
    const r = await cli(['--op', 'listPushOrders'], {});
    expect(r).toMatchObject({
      code: 1,
      stderr: 'record: --base is required (the upstream base URL including /api/v4)\n',
    });
  });
});
