import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkBrowserSecret, corsHinted } from '../../generator/targets/typescript/runtime/browser-guard.js';
import {
  detectRuntime,
  envUnreadable,
  readEnv,
  withEnvDefaults,
  type RuntimeInfo,
} from '../../generator/targets/typescript/runtime/environment.js';
import { ValidationError } from '../../generator/targets/typescript/runtime/errors.js';
import { callHeaders, CLIENT_VERSION } from '../../generator/targets/typescript/runtime/identification.js';
import type { ClientOptions } from '../../generator/targets/typescript/runtime/options.js';

const fn = (): void => undefined;
const node: RuntimeInfo = { name: 'node', version: '20.1.0' };
const browser: RuntimeInfo = { name: 'browser', version: undefined };

describe('detectRuntime', () => {
  const cases: Array<{ given: string; globals: Record<string, unknown>; want: RuntimeInfo }> = [
    { given: 'Node', globals: { process: { versions: { node: '20.1.0' } } }, want: node },
    {
      given: 'Deno (which also has process)',
      globals: { Deno: { version: { deno: '2.9.6' } }, process: { versions: { node: '22.0.0' } } },
      want: { name: 'deno', version: '2.9.6' },
    },
    {
      given: 'Bun (which also has process.versions.node)',
      globals: { Bun: {}, process: { versions: { node: '22.0.0', bun: '1.4.4' } } },
      want: { name: 'bun', version: '1.4.4' },
    },
    { given: 'a page', globals: { window: {}, document: {} }, want: browser },
    { given: 'a window without a document', globals: { window: {} }, want: { name: 'unknown', version: undefined } },
    { given: 'the edge runtime', globals: { EdgeRuntime: 'edge-runtime' }, want: { name: 'edge', version: undefined } },
    { given: 'a web worker', globals: { importScripts: fn }, want: { name: 'worker', version: undefined } },
    { given: 'nothing known', globals: {}, want: { name: 'unknown', version: undefined } },
  ];
  for (const { given, globals, want } of cases) {
    it(given, () => expect(detectRuntime(globals)).toEqual(want));
  }
  it('finds this process to be Node', () => expect(detectRuntime().name).toBe('node'));
});

describe('readEnv', () => {
  const denoWith = (state: string, env: Record<string, string>) => ({
    Deno: { permissions: { querySync: () => ({ state }) }, env: { get: (name: string) => env[name] } },
  });
  const cases: Array<{ given: string; globals: Record<string, unknown>; want: string | undefined }> = [
    { given: 'process.env', globals: { process: { env: { X: 'v' } } }, want: 'v' },
    { given: 'an empty value', globals: { process: { env: { X: '' } } }, want: undefined },
    { given: 'Deno with --allow-env', globals: denoWith('granted', { X: 'v' }), want: 'v' },
    { given: 'Deno without it (never prompts)', globals: denoWith('prompt', { X: 'v' }), want: undefined },
    {
      given: 'a throwing environment',
      globals: {
        process: {
          get env(): never {
            throw new Error('denied');
          },
        },
      },
      want: undefined,
    },
    { given: 'a browser (no environment)', globals: { window: {}, document: {} }, want: undefined },
  ];
  for (const { given, globals, want } of cases) {
    it(given, () => expect(readEnv('X', globals)).toBe(want));
  }
});

describe('envUnreadable: the key pair of a Deno program run without --allow-env', () => {
  const deno = (granted: readonly string[]) => ({
    Deno: {
      env: { get: () => 'set' },
      permissions: {
        querySync: ({ variable }: { variable: string }) => ({
          state: granted.includes(variable) ? 'granted' : 'prompt',
        }),
      },
    },
  });
  it.each([
    { given: 'Node', globals: { process: { env: {} } }, want: undefined },
    { given: 'Deno, both granted', globals: deno(['EXCHANGE_V4_KEY', 'EXCHANGE_V4_SECRET']), want: undefined },
    {
      given: 'Deno, the secret not granted',
      globals: deno(['EXCHANGE_V4_KEY']),
      want: /--allow-env=EXCHANGE_V4_KEY,EXCHANGE_V4_SECRET/,
    },
    {
      given: 'Deno, nothing granted',
      globals: deno([]),
      want: /Deno grants no permission to read EXCHANGE_V4_KEY and EXCHANGE_V4_SECRET/,
    },
    {
      given: 'Deno whose query throws',
      globals: {
        Deno: {
          permissions: {
            querySync: () => {
              throw new Error('x');
            },
          },
        },
      },
      want: undefined,
    },
  ])('$given', ({ globals, want }) => {
    const got = envUnreadable(globals);
    if (want === undefined) expect(got).toBeUndefined();
    else expect(got).toMatch(want);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a private call without credentials names the permission instead of only "key and secret are required"', async () => {
    vi.stubGlobal('Deno', deno([]).Deno);
    const { ClientCore } = await import('../../generator/targets/typescript/runtime/client-core.js');
    const { readRequest } = await import('../../generator/targets/typescript/runtime/request.js');
    const { apiMeta, listWithdrawalsMeta } = await import('./helpers/meta.js');
    const core = new ClientCore({ baseUrl: 'http://127.0.0.1:9/api/v4', clockSync: 'off' }, apiMeta);
    const error = await readRequest(core, listWithdrawalsMeta, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(
      /key and secret are required.*--allow-env=EXCHANGE_V4_KEY,EXCHANGE_V4_SECRET/,
    );
  });
});

describe('withEnvDefaults: explicit options win', () => {
  const env: Record<string, string> = {
    EXCHANGE_V4_KEY: 'env-key',
    EXCHANGE_V4_SECRET: 'env-secret',
    EXCHANGE_V4_BASE_URL: 'http://127.0.0.1:1/api/v4',
  };
  const read = (name: string): string | undefined => env[name];
  const cases: Array<{ given: ClientOptions; want: ClientOptions }> = [
    { given: {}, want: { key: 'env-key', secret: 'env-secret', baseUrl: 'http://127.0.0.1:1/api/v4' } },
    { given: { key: 'k', secret: 's' }, want: { key: 'k', secret: 's', baseUrl: 'http://127.0.0.1:1/api/v4' } },
    { given: { key: 'k' }, want: { key: 'k', baseUrl: 'http://127.0.0.1:1/api/v4' } },
    {
      given: { baseUrl: 'http://h/api/v4' },
      want: { key: 'env-key', secret: 'env-secret', baseUrl: 'http://h/api/v4' },
    },
    { given: { server: 'testnet' }, want: { key: 'env-key', secret: 'env-secret', server: 'testnet' } },
  ];
  for (const { given, want } of cases) {
    it(JSON.stringify(given), () => expect(withEnvDefaults(given, read)).toEqual(want));
  }
  it('reads nothing when the environment has nothing', () => expect(withEnvDefaults({}, () => undefined)).toEqual({}));
  it('refuses half a key pair from the environment, naming the missing variable', () => {
    const half = (name: string) => (name === 'EXCHANGE_V4_KEY' ? 'k' : undefined);
    expect(() => withEnvDefaults({}, half)).toThrow(ValidationError);
    expect(() => withEnvDefaults({}, half)).toThrow(/EXCHANGE_V4_SECRET.*EXCHANGE_V4_KEY/);
  });
});

describe('checkBrowserSecret', () => {
  const cases: Array<{ given: string; runtime: RuntimeInfo; secret: boolean; allow: unknown; throws: boolean }> = [
    { given: 'a page with a secret', runtime: browser, secret: true, allow: undefined, throws: true },
    { given: 'a page with a secret, opt-in false', runtime: browser, secret: true, allow: false, throws: true },
    { given: 'a page with a secret and the opt-in', runtime: browser, secret: true, allow: true, throws: false },
    { given: 'a page without a secret', runtime: browser, secret: false, allow: undefined, throws: false },
    { given: 'Node with a secret', runtime: node, secret: true, allow: undefined, throws: false },
    {
      given: 'the edge runtime',
      runtime: { name: 'edge', version: undefined },
      secret: true,
      allow: undefined,
      throws: false,
    },
  ];
  for (const { given, runtime, secret, allow, throws } of cases) {
    it(`${given}: ${throws ? 'throws' : 'accepts'}`, () => {
      const run = () => checkBrowserSecret(runtime, secret, allow);
      if (throws)
        expect(run).toThrow(/secret is readable by anyone who loads this page.*dangerouslyAllowBrowser: true/);
      else expect(run).not.toThrow();
    });
  }
  it('checks the option type', () => {
    expect(() => checkBrowserSecret(node, true, 'yes')).toThrow(ValidationError);
  });
});

describe('corsHinted', () => {
  const page = { location: { origin: 'http://127.0.0.1:5173' } };
  it('names CORS, the target origin and the page origin for a fetch TypeError in a page', () => {
    const hinted = corsHinted(new TypeError('Failed to fetch'), 'http://127.0.0.1:9/api/v4/x?a=1', browser, page);
    expect(hinted).toBeInstanceOf(TypeError);
    expect((hinted as Error).message).toBe(
      'Failed to fetch: blocked by CORS or the network. http://127.0.0.1:9 must allow requests from ' +
        'http://127.0.0.1:5173 (Access-Control-Allow-Origin, and a preflight answer for signed calls)',
    );
  });
  it('leaves other runtimes and other errors alone', () => {
    const error = new TypeError('fetch failed');
    expect(corsHinted(error, 'http://h/', node, page)).toBe(error);
    const abort = new DOMException('aborted', 'AbortError');
    expect(corsHinted(abort, 'http://h/', browser, page)).toBe(abort);
  });
});

describe('callHeaders', () => {
  const ua = (runtime: string) => `exchange-v4/${CLIENT_VERSION} (${runtime})`;
  const cases: Array<{ given: RuntimeInfo; want: ReturnType<typeof callHeaders> }> = [
    {
      given: node,
      want: { all: { 'User-Agent': ua('node/20.1.0') }, privateOnly: {}, requestIdOnPublic: true },
    },
    {
      given: { name: 'deno', version: '2.9.6' },
      want: { all: { 'User-Agent': ua('deno/2.9.6') }, privateOnly: {}, requestIdOnPublic: true },
    },
    {
      given: browser,
      want: { all: {}, privateOnly: { 'X-Exchange-V4-Client': ua('browser') }, requestIdOnPublic: false },
    },
    {
      given: { name: 'edge', version: undefined },
      want: { all: {}, privateOnly: { 'X-Exchange-V4-Client': ua('edge') }, requestIdOnPublic: true },
    },
  ];
  for (const { given, want } of cases) {
    it(given.name, () => expect(callHeaders(given)).toEqual(want));
  }
  it('names the package version', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(CLIENT_VERSION).toBe(pkg.version);
  });
});
