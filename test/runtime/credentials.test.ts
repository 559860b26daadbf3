/**
 * The key and the secret are checked when a client takes them (its options, or the
 * `EXCHANGE_V4_KEY` / `EXCHANGE_V4_SECRET` defaults) and by `createSignerMiddleware`: non-empty
 * printable ASCII without whitespace, else a `ValidationError` that never shows the value.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Core } from '../../generator/targets/typescript/runtime/core.js';
import { credentialRule } from '../../generator/targets/typescript/runtime/credentials.js';
import { ValidationError } from '../../generator/targets/typescript/runtime/errors.js';
import { createSignerMiddleware } from '../../generator/targets/typescript/runtime/signer-middleware.js';
import { createSigner } from '../../generator/targets/typescript/runtime/signing.js';
import { apiMeta } from './helpers/meta.js';

afterEach(() => vi.unstubAllEnvs());

describe('credentialRule', () => {
  it.each([
    { given: 'fake-key-0123456789', want: undefined },
    { given: '!~#$%&*+/=?^_`{|}', want: undefined },
    { given: 'a', want: undefined },
    { given: '', want: 'type' },
    { given: 42, want: 'type' },
    { given: null, want: 'type' },
    { given: 'key\nvalue', want: 'printable-ascii' },
    { given: 'key\r', want: 'printable-ascii' },
    { given: '\tkey', want: 'printable-ascii' },
    { given: 'key\u0000', want: 'printable-ascii' },
    { given: 'two words', want: 'printable-ascii' },
    { given: ' key', want: 'printable-ascii' },
    { given: '   ', want: 'printable-ascii' },
    { given: 'kéy', want: 'printable-ascii' },
    { given: 'key€', want: 'printable-ascii' },
    { given: 'key\u007f', want: 'printable-ascii' },
    { given: 'key\u00a0', want: 'printable-ascii' },
  ])('$given -> $want', ({ given, want }) => {
    expect(credentialRule(given)).toBe(want);
  });
});

/** Every rendering of an error a program or a log could produce. */
function renderings(error: unknown): string {
  const e = error as Error;
  const shown = [e.message, e.stack ?? '', String(e), JSON.stringify(e), inspect(e, { showHidden: true, depth: 10 })];
  return shown.join('\n');
}

function thrownBy(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  return expect.unreachable('should throw');
}

/** Bad values, each with a marker that must never show (the value itself is checked too). */
const BAD = [
  'BADKEY-MARK\nX-Injected: 1',
  'BADKEY-MARK\tsecond',
  'BADKEY-MARK\u0000',
  'BADKEY-MARK-k\u00e9y',
  'BADKEY-MARK-\u20ac',
  'BADKEY-MARK with space',
];

describe('a client refuses a key or secret that is not printable ASCII, without showing it', () => {
  it.each(
    BAD.flatMap((bad) => [
      { field: 'key' as const, bad },
      { field: 'secret' as const, bad },
    ]),
  )('$field: $bad', ({ field, bad }) => {
    const options = { key: 'good-key', secret: 'good-secret', [field]: bad };
    const error = thrownBy(() => new Core(options, apiMeta));
    expect(error).toMatchObject({ field, rule: 'printable-ascii', value: '[redacted]' });
    expect(error.message).toMatch(/must be non-empty printable ASCII without whitespace/);
    const shown = renderings(error);
    expect(shown).not.toContain('BADKEY-MARK');
    expect(shown).not.toContain(bad);
  });

  it.each([
    { env: 'EXCHANGE_V4_KEY', field: 'key' },
    { env: 'EXCHANGE_V4_SECRET', field: 'secret' },
  ])('$env from the environment is checked the same way, naming the variable', ({ env, field }) => {
    vi.stubEnv('EXCHANGE_V4_KEY', 'good-key');
    vi.stubEnv('EXCHANGE_V4_SECRET', 'good-secret');
    vi.stubEnv(env, 'BADKEY-MARK\r\nX: 1');
    const error = thrownBy(() => new Core({}, apiMeta));
    expect(error).toMatchObject({ field, rule: 'printable-ascii', value: '[redacted]' });
    expect(error.message).toContain(`(from ${env})`);
    expect(renderings(error)).not.toContain('BADKEY-MARK');
  });

  it('accepts every printable ASCII character', () => {
    const printable = Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    expect(() => new Core({ key: printable, secret: printable }, apiMeta)).not.toThrow();
  });
});

describe('createSignerMiddleware checks its key the same way', () => {
  const options = (key: string) => ({
    key,
    signer: createSigner('good-secret'),
    headers: apiMeta.signing.headers,
    timestamp: () => 1,
  });
  it.each(BAD)('%j', (bad) => {
    const error = thrownBy(() => createSignerMiddleware(options(bad)));
    expect(error).toMatchObject({ field: 'key', rule: 'printable-ascii', value: '[redacted]' });
    expect(renderings(error)).not.toContain('BADKEY-MARK');
  });
  it('takes a good key', () => {
    expect(() => createSignerMiddleware(options('good-key'))).not.toThrow();
  });
});
