/**
 * One CLI call: read the command line, print help or call the operation through the client, write
 * the answer as JSON on stdout or the error as JSON on stderr, and return the exit code. The key
 * pair and base URL come from the environment (`EXCHANGE_V4_KEY`, `EXCHANGE_V4_SECRET`,
 * `EXCHANGE_V4_BASE_URL`) or the flags; `--mock` calls a throwaway mock from the companion.
 */
import { apiMeta, ExchangeClient, operationMetas, request, type ClientOptions } from '../generated/src/index.js';
import { commandWords, readGlobalFlags, readOperationArgs, type GlobalFlags } from './args.js';
import { loadCompanion } from './companion.js';
import { CliUsageError, errorJson, exitCodeFor } from './errors.js';
import { areaHelp, operationHelp, topHelp } from './help.js';
import { commandTable } from './names.js';

/** Where a CLI call reads its environment and writes its output. */
export interface CliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const table = commandTable(Object.values(operationMetas));

/** JSON text of an answer: int64 values are already strings; a bigint is written as its digits. */
function toJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
}

/** Client options from the globals and the environment (`--mock` overrides both). */
export function clientOptions(globals: GlobalFlags, env: CliIo['env']): ClientOptions {
  const servers = Object.keys(apiMeta.servers);
  if (globals.server !== undefined && !servers.includes(globals.server)) {
    throw new CliUsageError(
      `--server ${JSON.stringify(globals.server)}: must be one of ${servers.join(', ')}`,
      'enum',
      'server',
    );
  }
  if (globals.server !== undefined && globals.baseUrl !== undefined) {
    throw new CliUsageError('--server and --base-url exclude each other', 'exclusive', 'server');
  }
  const baseUrl = globals.baseUrl ?? (globals.server === undefined ? env['EXCHANGE_V4_BASE_URL'] : undefined);
  return {
    ...(env['EXCHANGE_V4_KEY'] === undefined ? {} : { key: env['EXCHANGE_V4_KEY'] }),
    ...(env['EXCHANGE_V4_SECRET'] === undefined ? {} : { secret: env['EXCHANGE_V4_SECRET'] }),
    ...(baseUrl === undefined || baseUrl === '' ? {} : { baseUrl }),
    ...(globals.server === undefined ? {} : { server: globals.server as NonNullable<ClientOptions['server']> }),
  };
}

async function callOperation(argv: readonly string[], io: CliIo): Promise<number> {
  const { words, rest } = commandWords(argv);
  const [area, name] = words;
  const operations = area === undefined ? undefined : table.get(area);
  if (area === undefined || (operations === undefined && readGlobalFlags(rest).help)) {
    io.stdout(`${topHelp(table)}\n`);
    return area === undefined && !readGlobalFlags(rest).help ? 2 : 0;
  }
  if (operations === undefined) {
    throw new CliUsageError(
      `unknown area ${JSON.stringify(area)}: one of ${[...table.keys()].join(', ')}`,
      'unknown-command',
      area,
    );
  }
  const meta = name === undefined ? undefined : operations.get(name);
  if (name === undefined || meta === undefined) {
    if (name === undefined || readGlobalFlags(rest).help) {
      io.stdout(`${areaHelp(area, operations)}\n`);
      return name === undefined && !readGlobalFlags(rest).help ? 2 : 0;
    }
    throw new CliUsageError(
      `unknown operation ${JSON.stringify(name)} in ${area}: see \`exchange-v4 ${area} --help\``,
      'unknown-command',
      name,
    );
  }
  const { globals, params } = readOperationArgs(meta, rest);
  if (globals.help) {
    io.stdout(`${operationHelp(area, name, meta)}\n`);
    return 0;
  }
  let options = clientOptions(globals, io.env);
  const companion = globals.mock ? await loadCompanion() : undefined;
  const mock = await companion?.startMock({ port: 0, fixturesDir: companion.DEFAULT_FIXTURES_DIR });
  try {
    if (companion !== undefined && mock !== undefined) {
      options = { baseUrl: mock.url, key: companion.MOCK_KEY, secret: companion.MOCK_SECRET };
    }
    const data: unknown = await request(new ExchangeClient(options), meta, params);
    io.stdout(`${toJson(data)}\n`);
    return 0;
  } finally {
    await mock?.close();
  }
}

/** Runs the CLI for `argv` (without node and script) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await callOperation(argv, io);
  } catch (error) {
    io.stderr(`${JSON.stringify(errorJson(error))}\n`);
    return exitCodeFor(error);
  }
}
