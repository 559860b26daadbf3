/**
 * What one standalone operation costs a browser bundle: esbuild (browser conditions, ESM,
 * minified, tree-shaken) over a program that makes one call with a `Core`. Bytes, not time, so
 * the figures are deterministic. The target is 15 KiB (issue 11); until it is met, each ceiling
 * is the size measured when it was last lowered or raised (rounded up to 256 bytes), so a bundle cannot
 * grow unnoticed. Three programs: a paginated read (its result is also the page iterator, so
 * pagination is in it), a plain read (neither pagination nor the write lookup), and a write (the
 * write lookup and the request body writer, no pagination; reads send no body). None holds the
 * node transport, node:crypto, raw requests or lossless-json (the runtime's own scanner reads
 * JSON); the reads hold no list-body group limit nor the collecting of a batch's bad items
 * (list-issues.ts), and the plain read no paging or time-range checks.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function bundle(source: string): Promise<{ bytes: number; inputs: string[]; text: string }> {
  const result = await build({
    stdin: { contents: source, resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    write: false,
    minify: true,
    treeShaking: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    logLevel: 'silent',
    metafile: true,
  });
  const out = result.outputFiles[0]!;
  // Inputs that put bytes into the output (tree-shaken modules are listed with none).
  const inputs = Object.values(result.metafile.outputs).flatMap((o) =>
    Object.entries(o.inputs).flatMap(([file, { bytesInOutput }]) => (bytesInOutput > 0 ? [file] : [])),
  );
  return { bytes: out.contents.byteLength, inputs, text: out.text };
}

/** A program that makes one call of `operation` with `params` on a `Core`. */
const program = (operation: string, params: string): string =>
  `import { Core, apiMeta, ${operation} } from './generated/src/index.js';
const core = new Core({ key: 'k', secret: 's', baseUrl: 'http://127.0.0.1:1/api/v4' }, apiMeta);
export const run = () => ${operation}(core, ${params});`;

const NEVER_IN_A_CALL = /node-transport|crypto-node|platform-node|client-core|raw-request|outcome\.ts|lossless-json/;

const cases = [
  {
    name: 'listWithdrawals (paginated read)',
    source: program('listWithdrawals', '{ limit: 20 }'),
    ceiling: 57_088, // 57 044 bytes with the wire-drift guard and the operation's wire descriptor (was 55 358 with the key check, the response-body cap, the reserved-header check, the bounded limiter waits and the browser's cross-origin refusal)
    has: ['pagination.ts'],
    hasNot: ['write-lookup.ts', 'write-settlement.ts', 'request-body.ts', 'json-write.ts', 'list-issues.ts'],
    rangeChecks: true,
    groupLimit: false,
  },
  {
    name: 'getTotalBalance (read)',
    source: program('getTotalBalance', '{}'),
    ceiling: 52_736, // 52 633 bytes with the wire-drift guard and the operation's wire descriptor (was 50 874 with the key check, the response-body cap, the reserved-header check, the bounded limiter waits and the browser's cross-origin refusal)
    has: [],
    hasNot: [
      'pagination.ts',
      'write-lookup.ts',
      'write-settlement.ts',
      'request-body.ts',
      'json-write.ts',
      'list-issues.ts',
    ],
    rangeChecks: false,
    groupLimit: false,
  },
  {
    name: 'transfer (write)',
    source: program(
      'transfer',
      "{ currency: 'USDT', from: 'spot', to: 'margin', amount: '1', currency_pair: 'BTC_USDT' }",
    ),
    ceiling: 62_208, // 62 159 bytes with the wire-drift guard and the operation's wire descriptor (was 60 535 with the above, the body's number checks and the outcome records of batches and order labels)
    has: ['write-lookup.ts', 'write-settlement.ts', 'request-body.ts', 'json-write.ts', 'list-issues.ts'],
    hasNot: ['pagination.ts'],
    // A write's lookup may be a paginated read.
    rangeChecks: true,
    groupLimit: true,
  },
];

describe('one standalone operation, bundled for the browser', () => {
  it.each(cases)(
    '$name stays within its ceiling, with only the runtime modules it uses',
    async ({ source, ceiling, has, hasNot, rangeChecks, groupLimit }) => {
      const { bytes, inputs, text } = await bundle(source);
      expect(bytes).toBeLessThanOrEqual(ceiling);
      const names = inputs.map((file) => path.basename(file));
      expect(inputs.filter((file) => NEVER_IN_A_CALL.test(file))).toEqual([]);
      for (const name of has) expect(names).toContain(name);
      for (const name of hasNot) expect(names).not.toContain(name);
      expect(text).not.toMatch(/["']node:/);
      // The paging and time-range checks come only with the calls that can need them.
      expect(text.includes('must be Unix seconds')).toBe(rangeChecks);
      // A list body's group limit comes only with the calls that may write (reads send no body).
      expect(text.includes('items of one request may share')).toBe(groupLimit);
    },
    30_000,
  );
});
