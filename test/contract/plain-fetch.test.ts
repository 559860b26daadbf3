/**
 * The examples in docs/mock-usage.md work as written: the plain `fetch` + `node:crypto` example and
 * the curl + openssl shell snippet are taken from the document, run against the mock (their
 * addresses and keys come from the environment variables the examples read), and the mock must
 * have verified their signatures and answered them.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_KEY, MOCK_SECRET } from '../../mock/index.js';
import type { MockServer } from '../../mock/index.js';
import { startContractMock } from './support/harness.js';

const run = promisify(execFile);
const DOC = fileURLToPath(new URL('../../docs/mock-usage.md', import.meta.url));

/** The fenced code block right after `<!-- example: name ... -->` in the document. */
function exampleBlock(markdown: string, name: string): string {
  const marker = markdown.indexOf(`<!-- example: ${name} `);
  if (marker < 0) throw new Error(`docs/mock-usage.md has no example "${name}"`);
  const match = /```[a-z]*\n([\s\S]*?)```/.exec(markdown.slice(marker));
  if (match?.[1] === undefined) throw new Error(`example "${name}" has no code block`);
  return match[1];
}

let mock: MockServer;
let dir: string;
const doc = readFileSync(DOC, 'utf8');

beforeAll(async () => {
  mock = await startContractMock();
  dir = mkdtempSync(join(tmpdir(), 'mock-usage-'));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => mock.reset());

describe('docs/mock-usage.md', () => {
  it('finds its examples', () => {
    expect(() => exampleBlock('no marker here', 'plain-fetch')).toThrow(
      'docs/mock-usage.md has no example "plain-fetch"',
    );
    expect(exampleBlock(doc, 'plain-fetch').split('\n').length).toBeLessThanOrEqual(30);
  });

  it('plain fetch + node:crypto: a signed GET and a signed POST answered by the mock', async () => {
    const file = join(dir, 'plain-fetch.mjs');
    writeFileSync(file, exampleBlock(doc, 'plain-fetch'));
    const { stdout } = await run(process.execPath, [file], {
      env: { ...process.env, MOCK_URL: mock.url, MOCK_KEY, MOCK_SECRET },
    });
    const [list, transfer] = stdout.trim().split('\n');
    expect(list).toMatch(/^200 \[\{"id":"w\d+"/);
    const records = JSON.parse(list?.slice(4) ?? '') as Array<{ currency: string }>;
    expect(records).toHaveLength(2);
    expect(records.every((r) => r.currency === 'BTC')).toBe(true);
    expect(transfer).toBe('200 {"tx_id":9007199254740993}');
    expect(mock.requests.map((r) => [r.method, r.operationId, r.query, r.verified, r.status])).toEqual([
      ['GET', 'listWithdrawals', 'currency=BTC&limit=2', true, 200],
      ['POST', 'transfer', '', true, 200],
    ]);
  });

  it('curl + openssl: the signed GET is answered by the mock', async () => {
    const { stdout } = await run('bash', ['-c', exampleBlock(doc, 'curl')], {
      env: { ...process.env, ORIGIN: new URL(mock.url).origin, KEY: MOCK_KEY, SECRET: MOCK_SECRET },
    });
    const records = JSON.parse(stdout) as Array<{ id: string; currency: string }>;
    expect(records).toHaveLength(2);
    expect(records.every((r) => r.currency === 'BTC')).toBe(true);
    expect(mock.requests.map((r) => [r.operationId, r.query, r.verified, r.status])).toEqual([
      ['listWithdrawals', 'currency=BTC&limit=2', true, 200],
    ]);
  });
});
