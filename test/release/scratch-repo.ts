/**
 * A scratch copy of the repository for the release-pass test: the working tree's files (tracked
 * and untracked, not ignored) copied into a temporary folder, each installed package linked from
 * the repository's `node_modules`, committed to a fresh git repository and tagged `v<version>` as a published release
 * would be; and the spec edits of a 3-change release note.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** The repository under test. */
export const REPO = path.resolve(import.meta.dirname, '../..');

/** Runs a command in `cwd` (colours off, no vitest variables); rejects with its output on failure. */
export async function sh(
  cwd: string,
  command: string,
  args: readonly string[],
  timeout = 60_000,
): Promise<{ stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  try {
    return await exec(command, [...args], {
      cwd,
      timeout,
      maxBuffer: 32 * 1024 * 1024,
      env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${command} ${args.join(' ')} failed: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`,
      {
        cause: error,
      },
    );
  }
}

/** A scratch copy of the working tree, committed and tagged `v<its package.json version>`. */
export async function scratchRepository(): Promise<{ dir: string; version: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'exchange-v4-release-'));
  const { stdout } = await sh(REPO, 'git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  const files = stdout.split('\0').filter((f) => f !== '');
  await Promise.all(
    files.map(async (file) => {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await cp(path.join(REPO, file), path.join(dir, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // a file deleted but not yet staged
      });
    }),
  );
  const git = (...args: string[]) =>
    sh(dir, 'git', ['-c', 'user.name=release', '-c', 'user.email=release@example.invalid', ...args]);
  const version = (JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'the last release');
  await git('tag', `v${version}`);
  // Every installed package linked from the repository's node_modules, but not its caches: the
  // generator's cache keeps only the entries of its last run, so sharing it would empty the
  // repository's.
  await mkdir(path.join(dir, 'node_modules'));
  for (const entry of await readdir(path.join(REPO, 'node_modules')))
    if (entry !== '.cache' && entry !== '.vite' && entry !== '.vitest')
      await symlink(path.join(REPO, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  return { dir, version };
}

/** Replaces `before` by `after` in `file` under `dir`; throws when `before` is not there. */
async function edit(dir: string, file: string, before: string, after: string): Promise<void> {
  const text = await readFile(path.join(dir, file), 'utf8');
  if (!text.includes(before)) throw new Error(`${file} no longer holds ${JSON.stringify(before)}: update the note`);
  await writeFile(path.join(dir, file), text.replace(before, after));
}

/** The new endpoint of the note: its own path file with one GET operation. */
const WITHDRAW_LIMITS = `get:
  operationId: getWithdrawLimits
  tags: [wallet]
  summary: Get the withdrawal limits of a currency
  description: |
    The caller's daily withdrawal limit of a currency and what is left of it today.
  x-shape: reference
  x-permission: { area: wallet, access: read }
  x-rate-limit: { requests: 80, window: 10, scope: uid }
  x-retry: safe
  parameters:
    - name: currency
      in: query
      required: true
      description: Currency, upper case.
      schema: { type: string, example: USDT }
  responses:
    '200':
      description: The limits of the currency.
      content:
        application/json:
          schema:
            type: object
            required: [currency, daily_limit, remaining]
            properties:
              currency: { type: string, description: Currency. }
              daily_limit: { type: string, format: decimal, description: Daily withdrawal limit. }
              remaining: { type: string, format: decimal, description: What is left of the daily limit today. }
    '400':
      $ref: ../../components/responses/BadRequest.yaml
    '401':
      $ref: ../../components/responses/Unauthorized.yaml
    '429':
      $ref: ../../components/responses/TooManyRequests.yaml
    '5XX':
      $ref: ../../components/responses/ServerError.yaml
`;

/**
 * The release note as spec edits: the next API release label (its patch number plus one), a new
 * response field (`TradeFee.vip_level`), a tightened withdrawal limit (`POST /withdrawals` from 1
 * per 3 s to 1 per 10 s) and a new endpoint (`GET /wallet/withdraw_limits`). Returns the new label.
 */
export async function applyReleaseNote(dir: string): Promise<string> {
  const root = await readFile(path.join(dir, 'spec/openapi.yaml'), 'utf8');
  const [, minor, patch] = /^x-api-release: (v4\.\d+\.)(\d+)$/m.exec(root) ?? [];
  if (minor === undefined || patch === undefined) throw new Error('spec/openapi.yaml has no x-api-release');
  const before = `${minor}${patch}`;
  const release = `${minor}${Number(patch) + 1}`;
  await edit(dir, 'spec/openapi.yaml', `  version: ${before}`, `  version: ${release}`);
  await edit(dir, 'spec/openapi.yaml', `x-api-release: ${before}`, `x-api-release: ${release}`);
  await edit(
    dir,
    'spec/components/schemas/TradeFee.yaml',
    '  gt_discount:\n',
    '  vip_level:\n    type: integer\n    description: VIP level the rates come from.\n  gt_discount:\n',
  );
  await edit(
    dir,
    'spec/paths/withdrawals/index.yaml',
    'x-rate-limit: { requests: 1, window: 3, scope: uid }',
    'x-rate-limit: { requests: 1, window: 10, scope: uid }',
  );
  await writeFile(path.join(dir, 'spec/paths/wallet/withdraw_limits.yaml'), WITHDRAW_LIMITS);
  await edit(
    dir,
    'spec/openapi.yaml',
    '  /wallet/withdrawals:\n',
    '  /wallet/withdraw_limits:\n    $ref: ./paths/wallet/withdraw_limits.yaml\n  /wallet/withdrawals:\n',
  );
  return release;
}
