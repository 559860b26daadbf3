/**
 * The outcome journal across a crash: a bot process killed with SIGKILL while the mock holds the
 * answer to its withdrawal leaves a journal entry; a new process (this one) resolves it to what
 * the mock's ledger says, and the entry leaves the journal. For the file store and the Redis
 * store. The journal's bytes never hold the key, the secret, a signature or the body.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientOptions } from '../../generated/src/index.js';
import { redisJournal } from '../../generated/src/redis/index.js';
import { accountFingerprint } from '../../generated/src/runtime/context.js';
import { fileJournal } from '../../generated/src/runtime/journal-file.js';
import { MOCK_KEY, MOCK_SECRET, startMock, type MockServer } from '../../mock/index.js';
import { mockClient } from '../support/mock-client.js';
import { runCommand } from '../runtimes/spawn.js';
import { SYSTEM_PYTHON, ensurePythonRedis, startRedis } from '../support/redis-server.js';

type RedisServer = Awaited<ReturnType<typeof startRedis>>;

const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
let mock: MockServer;
let redisServer: RedisServer;
let redis: Redis;
let dir: string;

beforeAll(async () => {
  mock = await startMock();
  redisServer = await startRedis();
  redis = new Redis(redisServer.url);
  dir = mkdtempSync(join(tmpdir(), 'exchange-v4-journal-'));
}, 300_000);
afterAll(async () => {
  redis.disconnect();
  await redisServer.stop();
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => mock.reset());

/** Waits (bounded: `tries` × 50 ms) until `done` holds. */
async function until(done: () => boolean | Promise<boolean>, tries = 600): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

/** Starts the bot and kills it with SIGKILL once its withdrawal reached the mock. */
async function crashMidWithdrawal(store: 'file' | 'redis' | 'python', where: string, id: string): Promise<void> {
  mock.faults.add({ operationId: 'withdraw', kind: 'delay', ms: 2_000 });
  const target = store === 'redis' ? [redisServer.url, id, where] : [where, id];
  const args = ['--import', 'tsx', 'test/contract/support/journal-writer.ts', mock.url, store, ...target];
  const python = [process.cwd(), mock.url, where, id, MOCK_KEY, MOCK_SECRET];
  const child: ChildProcess =
    store === 'python'
      ? spawn('python3', ['test/contract/support/journal_writer.py', ...python], {
          stdio: ['ignore', 'ignore', 'inherit'],
        })
      : spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  try {
    await until(() => mock.requests.some((r) => r.method === 'POST' && r.path.endsWith('/withdrawals')));
  } finally {
    child.kill('SIGKILL');
  }
  expect(await exited).toBe('SIGKILL');
}

/** The journal's raw bytes, as the store keeps them. */
async function journalBytes(store: 'file' | 'redis', where: string): Promise<string> {
  if (store === 'file') return readFileSync(where, 'utf8');
  return JSON.stringify(await redis.hgetall(where));
}

describe.each(['file', 'redis'] as const)('%s store', (store) => {
  it('a bot killed mid-withdrawal leaves an entry that a new process resolves to the ledger, secrets never written', async () => {
    const id = `crash-${store}-${Date.now()}`;
    const where = store === 'file' ? join(dir, `${id}.jsonl`) : `test:journal:${id}`;
    await crashMidWithdrawal(store, where, id);
    // The mock finishes the held request: the ledger has the withdrawal.
    await until(() => mock.state.withdrawals.some((w) => w.withdraw_order_id === id));
    const applied = mock.state.withdrawals.filter((w) => w.withdraw_order_id === id);
    expect(applied).toHaveLength(1);

    const bytes = await journalBytes(store, where);
    for (const secret of [MOCK_KEY, MOCK_SECRET, ADDRESS, '"amount"', '"7"', 'TRX'])
      expect(bytes).not.toContain(secret);
    const sent = mock.requests.find((r) => r.method === 'POST' && r.path.endsWith('/withdrawals'));
    const wire = `POST\n${sent?.path ?? ''}\n${sent?.query ?? ''}\n${sent?.body ?? ''}`;
    const hashes = bytes.match(/[0-9a-f]{128}/g) ?? [];
    expect(hashes).toEqual([createHash('sha512').update(wire).digest('hex')]);

    const outcomeJournal: ClientOptions['outcomeJournal'] =
      store === 'file' ? { path: where } : redisJournal(redis, { key: where });
    const client = mockClient(mock.url, { outcomeJournal });
    const pending = await client.pendingOutcomes();
    expect(pending).toMatchObject([{ operation: 'withdraw', field: 'withdraw_order_id', value: id }]);
    const resolved = await client.resolvePending();
    expect(resolved).toMatchObject([
      { outcome: { status: 'applied', data: { id: applied[0]?.id, withdraw_order_id: id } }, cleared: true },
    ]);
    expect(await client.pendingOutcomes()).toEqual([]);
    // Nothing was sent again.
    expect(mock.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/withdrawals'))).toHaveLength(1);
  }, 120_000);

  it('an entry whose write the ledger does not have stays, unknown, with the reason; nothing is resent', async () => {
    const id = `absent-${store}-${Date.now()}`;
    const where = store === 'file' ? join(dir, `${id}.jsonl`) : `test:journal:${id}`;
    const outcomeJournal: ClientOptions['outcomeJournal'] =
      store === 'file' ? { path: where } : redisJournal(redis, { key: where });
    const client = mockClient(mock.url, { outcomeJournal });
    const entry = {
      id: 'a'.repeat(32),
      operation: 'withdraw',
      field: 'withdraw_order_id',
      value: id,
      targets: [{ value: id, with: {} }],
      paramsHash: 'b'.repeat(128),
      sentAtMs: Date.now() - 1_000,
      account: accountFingerprint(MOCK_KEY),
    };
    const journal = store === 'file' ? fileJournal({ path: where }) : redisJournal(redis, { key: where });
    await journal.record(entry);
    const [result] = await client.resolvePending();
    expect(result).toMatchObject({ cleared: false, outcome: { status: 'unknown', resend: 'never' } });
    expect(result?.outcome.status === 'unknown' && result.outcome.reason).toContain(
      `no write with withdraw_order_id=${id} is listed yet`,
    );
    expect(await client.pendingOutcomes()).toHaveLength(1);
    expect(mock.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});

it('an entry a Python bot killed mid-withdrawal left in a journal file is resolved by a TypeScript client', async () => {
  const id = `python-${Date.now()}`;
  const where = join(dir, `${id}.jsonl`);
  await crashMidWithdrawal('python', where, id);
  await until(() => mock.state.withdrawals.some((w) => w.withdraw_order_id === id));
  const bytes = readFileSync(where, 'utf8');
  for (const secret of [MOCK_KEY, MOCK_SECRET, ADDRESS, '"amount"', 'TRX']) expect(bytes).not.toContain(secret);
  const client = mockClient(mock.url, { outcomeJournal: { path: where } });
  expect(await client.pendingOutcomes()).toMatchObject([{ operation: 'withdraw', value: id }]);
  const resolved = await client.resolvePending();
  expect(resolved).toMatchObject([{ outcome: { status: 'applied', data: { withdraw_order_id: id } }, cleared: true }]);
  expect(await client.pendingOutcomes()).toEqual([]);
}, 120_000);

describe.each([
  ['file', 'sync'],
  ['file', 'async'],
  ['redis', 'sync'],
  ['redis', 'async'],
] as const)('a TypeScript bot killed mid-withdrawal (%s store), resolved by the %s Python client', (store, kind) => {
  it('finds the write in the ledger, clears the entry and sends no write', async () => {
    const id = `py-${store}-${kind}-${Date.now()}`;
    const where = store === 'file' ? join(dir, `${id}.jsonl`) : `test:journal:${id}`;
    await crashMidWithdrawal(store, where, id);
    await until(() => mock.state.withdrawals.some((w) => w.withdraw_order_id === id));
    const posts = mock.requests.filter((r) => r.method === 'POST').length;
    if (store === 'redis') await ensurePythonRedis();
    // The file store by its path; the Redis store by the server's URL and the hash's key.
    const target = store === 'file' ? [where] : [redisServer.url];
    const redisKey = store === 'file' ? [] : [where];
    const args = ['test/contract/support/journal_resolver.py', process.cwd(), mock.url, store, ...target];
    const python = store === 'redis' ? SYSTEM_PYTHON : 'python3';
    // Asynchronously: the mock serves the resolver's lookups from this process.
    const stdout = await runCommand(python, [...args, MOCK_KEY, MOCK_SECRET, kind, ...redisKey], {
      cwd: process.cwd(),
      timeoutMs: 60_000,
    });
    expect(JSON.parse(stdout)).toEqual({
      before: [{ operation: 'withdraw', value: id }],
      results: [{ status: 'applied', cleared: true, value: id, record: id }],
      after: 0,
    });
    expect(mock.requests.filter((r) => r.method === 'POST')).toHaveLength(posts);
  }, 120_000);
});
