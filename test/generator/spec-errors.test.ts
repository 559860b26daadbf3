import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecError } from '../../generator/errors.js';
import { generate } from '../../generator/pipeline.js';
import { ROOT, copyMini, snapshotDir, tempDir } from './helpers.js';

/** Each case breaks the mini spec in one way and names where the problem must be reported. */
const cases: Array<{
  given: string;
  breakIt: (dir: string, entry: string) => Promise<void>;
  want: { file: RegExp; pointer: RegExp; message: RegExp };
}> = [
  {
    given: 'a dangling $ref in a second file',
    breakIt: async (dir, entry) => {
      await mkdir(path.join(dir, 'spec/paths'), { recursive: true });
      await writeFile(
        path.join(dir, 'spec/paths/status.yaml'),
        (await readFile(entry, 'utf8')).split('\n').length > 0
          ? [
              'get:',
              '  operationId: getTransferOrderStatus',
              '  tags: [wallet]',
              '  summary: Transfer status',
              '  x-shape: seed',
              '  x-permission: {area: wallet, access: read}',
              '  x-rate-limit: {requests: 200, window: 10, scope: uid}',
              '  x-retry: safe',
              '  parameters:',
              '    - {name: client_order_id, in: query, schema: {type: string}}',
              '  responses:',
              "    '200': {description: Status., content: {application/json: {schema: {$ref: '../schemas/Missing.yaml'}}}}",
              "    '400': {$ref: '../openapi.yaml#/components/responses/Error'}",
              "    '401': {$ref: '../openapi.yaml#/components/responses/Error'}",
              "    '429': {$ref: '../openapi.yaml#/components/responses/Error'}",
              "    '5XX': {$ref: '../openapi.yaml#/components/responses/Error'}",
              '',
            ].join('\n')
          : '',
      );
      const root = await readFile(entry, 'utf8');
      const start = root.indexOf('  /wallet/order_status:');
      const end = root.indexOf('  /wallet/keys/{key}:');
      await writeFile(
        entry,
        `${root.slice(0, start)}  /wallet/order_status:\n    $ref: ./paths/status.yaml\n${root.slice(end)}`,
      );
    },
    want: {
      file: /^spec\/paths\/status\.yaml$/,
      pointer: /\/get\/responses\/200\/content\/application~1json\/schema/,
      message: /Missing\.yaml/,
    },
  },
  {
    given: 'a duplicate operationId',
    breakIt: async (_dir, entry) => {
      const root = await readFile(entry, 'utf8');
      await writeFile(entry, root.replace('operationId: deleteKey', 'operationId: transfer'));
    },
    want: {
      file: /openapi\.yaml$/,
      pointer: /\/paths\/~1wallet~1keys~1\{key\}\/delete\/(operationId|transfer)$/,
      message: /unique `operationId`/,
    },
  },
  {
    given: 'an x-rate-limit with a wrong shape',
    breakIt: async (_dir, entry) => {
      const root = await readFile(entry, 'utf8');
      await writeFile(
        entry,
        root.replace(
          'x-rate-limit: {requests: 80, window: 10, scope: uid, group: keys}',
          'x-rate-limit: {requests: -5, window: 10, scope: everyone}',
        ),
      );
    },
    want: {
      file: /openapi\.yaml$/,
      pointer: /\/paths\/~1wallet~1keys~1\{key\}\/delete\/x-rate-limit/,
      message: /requests|scope/,
    },
  },
  {
    given: 'an x-pagination with an unknown style',
    breakIt: async (_dir, entry) => {
      const root = await readFile(entry, 'utf8');
      await writeFile(entry, root.replace('x-pagination: {style: offset,', 'x-pagination: {style: cursor,'));
    },
    want: {
      file: /openapi\.yaml$/,
      pointer: /\/paths\/~1wallet~1withdrawals\/get\/x-pagination/,
      message: /style|cursor/,
    },
  },
];

describe('a broken spec stops the generator and leaves generated/ untouched', () => {
  let out: string;
  let cleanupOut: () => Promise<void>;
  beforeAll(async () => {
    ({ dir: out, cleanup: cleanupOut } = await tempDir('out'));
    const { dir, cleanup } = await tempDir('ok');
    await generate({ root: ROOT, entry: await copyMini(dir), outDir: out });
    await cleanup();
  }, 60_000);
  afterAll(() => cleanupOut());

  it.each(cases)(
    '$given',
    async ({ breakIt, want }) => {
      const { dir, cleanup } = await tempDir('broken');
      try {
        const entry = await copyMini(dir);
        await breakIt(dir, entry);
        const before = await snapshotDir(out);
        const error = await generate({ root: dir, entry, outDir: out }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(SpecError);
        const problems = (error as SpecError).problems;
        expect(
          problems.some((p) => want.file.test(p.file) && want.pointer.test(p.pointer) && want.message.test(p.message)),
          JSON.stringify(problems, null, 1),
        ).toBe(true);
        expect(await snapshotDir(out)).toEqual(before);
      } finally {
        await cleanup();
      }
    },
    60_000,
  );

  it('the CLI exits 2 and prints file#pointer', async () => {
    const { dir, cleanup } = await tempDir('cli');
    try {
      const entry = await copyMini(dir);
      await cases[2]!.breakIt(dir, entry);
      const run = promisify(execFile);
      const result = await run(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'generator/cli.ts'), '--spec', entry, '--out', out],
        { cwd: ROOT },
      ).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/nothing written/);
      expect(result.stderr).toMatch(/openapi\.yaml#\/paths\/~1wallet~1keys~1\{key\}\/delete\/x-rate-limit/);
    } finally {
      await cleanup();
    }
  }, 60_000);
});
