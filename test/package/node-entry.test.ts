/**
 * What a cold import of the package costs Node, as deterministic figures instead of time: the
 * Node entry (scripts/node-bundle.ts, built here in memory from generated/src as the package
 * build does) is one file with no static import at all, its operation metadata is JSON text
 * (parsed far faster than object literals are compiled), it is ASCII without comments, and its
 * bytes stay under a ceiling. Importing it loads neither `node:http`/`node:https` nor
 * `node:crypto`; a client's first request does, through `process.getBuiltinModule` or, on a Node
 * without it, `import()` of the built-in. The pack test checks the built package as Node resolves it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { operationMetas } from '../../generated/src/metadata.js';
import { buildNodeEntry } from '../../scripts/node-bundle.js';
import { startSigningServer } from './signing-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/**
 * The bundle measured 392 KiB when this guard was written (164 operations, 2026-11), and 383.1 KiB
 * (392 305 bytes) once the runtime read and wrote JSON with its own scanner instead of lossless-json,
 * 387.9 KiB (397 246 bytes) with the batch endpoints' item rules and `ResponseBodyError`, 307.7 KiB
 * (316 047 bytes) without comments and with the node: built-ins loaded on first use, 310.0 KiB
 * (317 408 bytes) once validation and the query serializer allocate less per call, 308.9 KiB
 * (316 344 bytes) with the `auto` transport in its own module, shorter error classes and one
 * named-only query path, 310.4 KiB (317 832 bytes) with the futures batch endpoints shaped as well
 * (their item rules: +1 698 bytes of metadata, less 16 for four list-body operations no longer
 * marked named-only) and the fetch transport's leaner attempt, 312.1 KiB (319 632 bytes) once a
 * batch's error lists every bad item (`ValidationError.issues`, list-issues.ts), 315.8 KiB (323 347 bytes)
 * with the key check at construction and the response-body cap (credentials.ts, response-cap.ts,
 * `ResponseTooLargeError`), 328.6 KiB (336 473 bytes) with the rest of money safety round 3
 * (`client.request()`'s operation matching and path check, reserved headers, body number checks,
 * bounded limiter waits, the outcome policy and batch outcome records), 330.1 KiB (337 976 bytes)
 * with the Deno permission hint, the log sink on stderr and the browser's cross-origin refusal,
 * 350.2 KiB (358 583 bytes, from 338 020) with the wire-drift guard and every operation's wire
 * descriptor, 367.7 KiB (376 572 bytes) with the outcome journal, the rate-limit store interface and
 * the conformance kit's runtime changes (the integer-range checks, the one envelope reader),
 * 726.9 KiB (744 318 bytes) with 443 operations (279 more: their descriptors and methods).
 */
const CEILING_BYTES = 740 * 1024;

const execNode = promisify(execFile);
/** Test-only secret of the local signing server; not an account anywhere. */
const TEST_SECRET = 'node-entry-secret';

describe('the Node entry, bundled', () => {
  const { text, inputs } = buildNodeEntry(path.join(repoRoot, 'generated/src/index.ts'), repoRoot);
  const dir = mkdtempSync(path.join(tmpdir(), 'exchange-v4-node-entry-'));
  const entry = path.join(dir, 'index.mjs');
  writeFileSync(entry, text);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is one module: no static import, and import() only of node: built-ins by their literal name', () => {
    const staticImports = [...text.matchAll(/^import\b[^;]*?\bfrom\s*"([^"]+)";?$|\brequire\("([^"]+)"\)/gm)];
    expect(staticImports.map((match) => match[0])).toEqual([]);
    const dynamic = [...text.matchAll(/\bimport\s*\(\s*(?:"([^"]*)"\s*\))?/g)].map((match) => match[1] ?? 'computed');
    // node:fs: the outcome journal's file store, loaded only when a client is given one.
    expect([...new Set(dynamic)].sort()).toEqual(['node:buffer', 'node:crypto', 'node:fs', 'node:http', 'node:https']);
    // The node platform module was chosen (the `node` condition), not the web one.
    expect(inputs.some((input) => input.endsWith('runtime/platform-node.ts'))).toBe(true);
    expect(inputs.some((input) => input.endsWith('runtime/platform-web.ts'))).toBe(false);
  });

  it('reads every operation metadata from JSON text on first use, but the ones naming a lookup operation', () => {
    const metas = Object.values(operationMetas);
    const withLookup = metas.filter((meta) => meta.idempotency?.lookup !== undefined).length;
    // The node platform's operationMeta: the text is parsed when the metadata is first read.
    const parsed = text.match(/^var \w+Meta = lazyMeta\(/gm) ?? [];
    const literals = text.match(/^var \w+Meta = \{/gm) ?? [];
    expect(parsed.length + literals.length).toBe(metas.length + 1); // + apiMeta
    expect(literals.length).toBe(withLookup + 1);
  });

  it('is ASCII without comments (V8 reads it as a one-byte string and compiles no doc text)', () => {
    expect([...text].filter((char) => char.charCodeAt(0) > 0x7f)).toEqual([]);
    expect(text).not.toMatch(/^\s*(\/\*\*|\/\/|\* )/m);
  });

  it.each([
    { loader: 'process.getBuiltinModule', prelude: '', atClient: ['http'] },
    // Node 20 before 20.16 has no getBuiltinModule: the built-ins are imported, the first request waits.
    { loader: 'import()', prelude: 'delete process.getBuiltinModule;', atClient: undefined },
  ])(
    'loads node:http(s) and node:crypto at first use through $loader, not at import',
    async ({ prelude, atClient }) => {
      const server = await startSigningServer(TEST_SECRET, Date.now());
      try {
        const script = [
          prelude,
          "const loaded = () => ['http', 'https', 'crypto'].filter((name) => process.moduleLoadList.includes(`NativeModule ${name}`));",
          `const { ExchangeClient } = await import(${JSON.stringify(pathToFileURL(entry).href)});`,
          'const atImport = loaded();',
          `const client = new ExchangeClient({ key: 'node-entry-key', secret: ${JSON.stringify(TEST_SECRET)}, baseUrl: process.argv[1], transport: 'node' });`,
          'const atClient = loaded();',
          'const first = await client.wallet.listWithdrawals({});',
          'const second = await client.wallet.listWithdrawals({});',
          'const getBuiltinModule = typeof process.getBuiltinModule;',
          'console.log(JSON.stringify({ getBuiltinModule, atImport, atClient, afterRequests: loaded(), first, second }));',
        ].join('\n');
        const { stdout } = await execNode(process.execPath, ['--input-type=module', '-e', script, server.baseUrl], {
          timeout: 30_000,
        });
        const seen = JSON.parse(stdout) as Record<string, unknown>;
        expect({ ...seen, atClient: atClient === undefined ? undefined : seen['atClient'] }).toEqual({
          getBuiltinModule: prelude === '' ? 'function' : 'undefined',
          atImport: [],
          atClient,
          afterRequests: ['http', 'crypto'],
          first: [],
          second: [],
        });
        const withdrawals = server.seen.filter((request) => request.path === '/api/v4/wallet/withdrawals');
        expect(withdrawals.map((request) => request.signatureValid)).toEqual([true, true]);
      } finally {
        await server.close();
      }
    },
  );

  it(`stays within ${CEILING_BYTES / 1024} KiB`, () => {
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(CEILING_BYTES);
  });

  it('inlines no package: the runtime has no dependency, so no licence notice is owed', () => {
    expect(inputs.filter((input) => input.includes('node_modules/'))).toEqual([]);
    expect(text).not.toMatch(/lossless-json|openapi-fetch/);
  });
});
