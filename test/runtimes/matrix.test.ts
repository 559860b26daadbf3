/**
 * The runtime matrix: the client, bundled from the package sources under each runtime's package
 * conditions, makes a public call (`spot.listCurrencyPairs`) and a signed call
 * (`wallet.listWithdrawals`) against the real mock server on Node (both transports), Deno and Bun
 * (their npm packages), edge-runtime (the edge VM, browser build) and headless Chromium on another
 * origin than the mock (browser build; Chromium installed by ensureChromium when missing).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EdgeRuntime } from 'edge-runtime';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_KEY, MOCK_SECRET, startMock, type MockServer } from '../../mock/index.js';
import { buildProbeBundles, type ProbeBundles } from './bundles.js';
import { CHROMIUM_ARGS, ensureChromium, startStaticServer, type StaticServer } from './chromium.js';
import type { ProbeInput, ProbeResult, runProbe } from './probe.js';
import { binary, lastJsonLine, repoRoot, runCommand } from './spawn.js';

let mock: MockServer;
let dir: string;
let bundles: ProbeBundles;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'exchange-v4-runtimes-'));
  [mock, bundles] = await Promise.all([
    startMock({ fixturesDir: join(repoRoot, 'mock/fixtures') }),
    buildProbeBundles(dir),
  ]);
}, 60_000);

afterAll(async () => {
  await mock?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => mock.reset());

const input = (extra: Partial<ProbeInput> = {}): ProbeInput => ({
  baseUrl: mock.url,
  key: MOCK_KEY,
  secret: MOCK_SECRET,
  ...extra,
});

/** Both calls succeeded, and the mock verified the signed one. */
function expectBothCalls(result: ProbeResult): void {
  expect(result.public).toEqual({ items: expect.any(Number) as number });
  expect(result.signed).toEqual({ items: expect.any(Number) as number });
  const pairs = mock.requests.filter((r) => r.operationId === 'listCurrencyPairs');
  const withdrawals = mock.requests.filter((r) => r.operationId === 'listWithdrawals');
  expect(pairs.map((r) => r.status)).toEqual([200]);
  expect(withdrawals.map((r) => [r.status, r.verified])).toEqual([[200, true]]);
}

describe('Node', () => {
  for (const transport of ['node', 'fetch'] as const) {
    it(`makes a public and a signed call with transport '${transport}'`, async () => {
      const probe = (await import(pathToFileURL(bundles.nodeModule).href)) as { runProbe: typeof runProbe };
      const result = await probe.runProbe(input({ transport }));
      expectBothCalls(result);
      expect(result.guard).toBe('accepted');
    });
  }
});

describe('Deno and Bun (from their npm packages)', () => {
  const runtimes = [
    { name: 'deno', args: ['run', '--allow-net', '--allow-env', '--allow-read', '--no-prompt'] },
    { name: 'bun', args: ['run'] },
  ];
  const cases = runtimes.flatMap((runtime) => [
    { runtime, transport: undefined },
    { runtime, transport: 'fetch' as const },
  ]);
  for (const { runtime, transport } of cases) {
    it(`${runtime.name} makes a public and a signed call (transport ${transport ?? 'default'})`, async () => {
      const given = JSON.stringify(input(transport === undefined ? {} : { transport }));
      const stdout = await runCommand(binary(runtime.name), [...runtime.args, bundles.cli, given], {
        cwd: dir,
        env: { DENO_NO_UPDATE_CHECK: '1', DENO_DIR: join(dir, 'deno-cache'), NO_COLOR: '1' },
        timeoutMs: 30_000,
      });
      const result = lastJsonLine(stdout) as ProbeResult;
      expectBothCalls(result);
      expect(result.guard).toBe('accepted');
    });
  }
});

describe('edge-runtime', () => {
  it('runs the browser build in the edge VM: a public and a signed call', async () => {
    const script = readFileSync(bundles.webScript, 'utf8');
    // The browser build reaches no Node module.
    expect(script).not.toMatch(/["']node:/);
    const runtime = new EdgeRuntime({ initialCode: script });
    const text: unknown = await runtime.evaluate(
      `exchangeProbe.runProbe(${JSON.stringify(input())}).then((r) => JSON.stringify(r))`,
    );
    if (typeof text !== 'string') throw new Error(`edge-runtime answered ${typeof text}`);
    const result = JSON.parse(text) as ProbeResult;
    expectBothCalls(result);
    // No window and no document: not a browser, so a secret needs no opt-in.
    expect(result.guard).toBe('accepted');
  });
});

describe('Chromium, page on another origin than the mock', () => {
  let browser: Browser | undefined;
  let page: StaticServer;
  let noCors: StaticServer;

  beforeAll(async () => {
    const executablePath = await ensureChromium();
    [browser, page, noCors] = await Promise.all([
      chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 60_000 }),
      startStaticServer({
        '/': { type: 'text/html', body: '<!doctype html><title>probe</title><script src="/probe.js"></script>' },
        '/probe.js': { type: 'text/javascript', body: readFileSync(bundles.webScript, 'utf8') },
      }),
      startStaticServer({
        '/api/v4/spot/currency_pairs': { type: 'application/json', body: '[]' },
      }),
    ]);
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await page?.close();
    await noCors?.close();
  });

  async function runInPage(extra: Partial<ProbeInput>): Promise<ProbeResult> {
    if (browser === undefined) throw new Error('Chromium did not start');
    const tab = await browser.newPage();
    try {
      await tab.goto(`${page.origin}/`);
      const given = input({ ...extra, noCorsUrl: `${noCors.origin}/api/v4` });
      return await tab.evaluate((probeInput) => {
        const probe = (globalThis as unknown as { exchangeProbe: { runProbe: typeof runProbe } }).exchangeProbe;
        return probe.runProbe(probeInput);
      }, given);
    } finally {
      await tab.close();
    }
  }

  it('makes a public and a signed call cross-origin, with dangerouslyAllowBrowser', async () => {
    const result = await runInPage({ allowBrowser: true });
    expectBothCalls(result);
    // Public calls carry no header that forces a preflight: none was made, no request id was sent.
    const preflighted = (suffix: string) => mock.preflights.filter((p) => p.path.endsWith(suffix));
    expect(preflighted('/spot/currency_pairs')).toEqual([]);
    expect(preflighted('/spot/time')).toEqual([]);
    const pairs = mock.requests.find((r) => r.operationId === 'listCurrencyPairs');
    expect(pairs?.clientRequestId).toBeUndefined();
    // The signed call is preflighted for its signing, id and identification headers.
    const signed = preflighted('/wallet/withdrawals');
    expect(signed.length).toBeGreaterThanOrEqual(1);
    expect(signed[0]).toMatchObject({ origin: page.origin, method: 'GET' });
    expect(signed[0]?.headers).toEqual(
      expect.arrayContaining(['key', 'sign', 'timestamp', 'x-client-request-id', 'x-exchange-v4-client']),
    );
  });

  it('refuses a secret without dangerouslyAllowBrowser, before any request', () => {
    return runInPage({}).then((result) => {
      expect(result.guard).toMatchObject({ name: 'ValidationError' });
      expect((result.guard as { message: string }).message).toMatch(/secret.*dangerouslyAllowBrowser: true/);
      expect(result.signed).toMatchObject({ error: { name: 'ValidationError' } });
      expect(mock.requests.filter((r) => r.operationId === 'listWithdrawals')).toEqual([]);
    });
  });

  it('names CORS, the target and the page origin when a server sends no CORS headers', async () => {
    const result = await runInPage({});
    expect(result.cors).toMatchObject({ name: 'ConnectionError' });
    const message = (result.cors as { message: string }).message;
    expect(message).toContain('CORS');
    expect(message).toContain(noCors.origin);
    expect(message).toContain(page.origin);
  });
});
