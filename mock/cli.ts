#!/usr/bin/env node
/**
 * `npm run mock`: serves the mock on 127.0.0.1 until killed, printing the base URL and the test
 * key pair. Flags: `--port N` (default 0: a free port), `--fixtures DIR` (default `mock/fixtures`
 * when it exists), `--spec FILE` and `--ir FILE` (default `generated/openapi.json` and
 * `generated/ir.json`), `--seed FILE` (the paper exchange's seed, default
 * `mock/exchange/seed.json`), `--state FILE` (keep the paper exchange's state in this file),
 * `--no-exchange` (answer the trading endpoints from fixtures only), `--max-body-bytes N` (largest
 * request body, default 1 MiB), `--request-log-size N` and `--request-log-body-bytes N` (bounds
 * of the request log, default 10,000 requests and 32 MiB of bodies).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { IR } from '../generator/ir/types.js';
import { MOCK_KEY, MOCK_SECRET } from './keys.js';
import { DEFAULT_FIXTURES_DIR, GENERATED_DIR, readJsonFile } from './load-api.js';
import { startMock } from './server.js';

/** Parsed command-line options. */
interface CliOptions {
  port: number;
  fixturesDir: string | undefined;
  specFile: string;
  irFile: string;
  exchange: { seed?: string; stateFile?: string } | false;
  /** `maxBodyBytes`, `requestLogSize`, `requestLogBodyBytes` when given. */
  limits: { maxBodyBytes?: number; requestLogSize?: number; requestLogBodyBytes?: number };
}

/** A flag's value as a positive whole number (`undefined` when the flag is absent); throws naming the flag. */
function positiveFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) {
    throw new Error(`--${flag} must be a positive whole number, got ${JSON.stringify(value)}`);
  }
  return n;
}

/** Reads the command line; throws a clear error on a bad flag or value. */
function parseCli(argv: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      fixtures: { type: 'string' },
      spec: { type: 'string' },
      ir: { type: 'string' },
      seed: { type: 'string' },
      state: { type: 'string' },
      'no-exchange': { type: 'boolean' },
      'max-body-bytes': { type: 'string' },
      'request-log-size': { type: 'string' },
      'request-log-body-bytes': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`--port must be an integer from 0 to 65535, got ${JSON.stringify(values.port)}`);
  }
  if (values.fixtures !== undefined && !existsSync(values.fixtures)) {
    throw new Error(`--fixtures: folder ${values.fixtures} does not exist`);
  }
  const limits = {
    maxBodyBytes: positiveFlag('max-body-bytes', values['max-body-bytes']),
    requestLogSize: positiveFlag('request-log-size', values['request-log-size']),
    requestLogBodyBytes: positiveFlag('request-log-body-bytes', values['request-log-body-bytes']),
  };
  return {
    port,
    limits: Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)),
    fixturesDir: values.fixtures ?? (existsSync(DEFAULT_FIXTURES_DIR) ? DEFAULT_FIXTURES_DIR : undefined),
    specFile: values.spec ?? `${GENERATED_DIR}openapi.json`,
    irFile: values.ir ?? `${GENERATED_DIR}ir.json`,
    exchange:
      values['no-exchange'] === true
        ? false
        : {
            ...(values.seed === undefined ? {} : { seed: values.seed }),
            ...(values.state === undefined ? {} : { stateFile: values.state }),
          },
  };
}

async function main(): Promise<void> {
  const options = parseCli(process.argv.slice(2));
  const hint = 'run `npm run generate` first (or pass --spec and --ir)';
  const spec = readJsonFile(options.specFile, hint) as object;
  const ir = readJsonFile(options.irFile, hint) as IR;
  const mock = await startMock({
    spec,
    ir,
    port: options.port,
    ...(options.fixturesDir === undefined ? {} : { fixturesDir: options.fixturesDir }),
    exchange: options.exchange,
    ...options.limits,
  });
  // Stop cleanly from the moment the URL is printed: whoever reads it may signal at once.
  const stop = (): void => {
    void mock.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const accounts = mock.exchange?.seed.accounts ?? [];
  const fixtureCount = mock.fixtures.list().length;
  process.stdout.write(
    [
      `mock listening: ${mock.url}`,
      `key:    ${MOCK_KEY}`,
      `secret: ${MOCK_SECRET}`,
      `operations: ${ir.operations.length}, fixtures: ${fixtureCount}${options.fixturesDir === undefined ? '' : ` (${options.fixturesDir})`}`,
      mock.exchange === undefined
        ? 'paper exchange: off'
        : `paper exchange: ${accounts.length} accounts (${accounts.map((a) => `${a.uid} ${a.name}`).join(', ')}); control API: ${mock.url.replace(/\/api\/v4$/, '')}/__mock/`,
      'stop with Ctrl-C',
      '',
    ].join('\n'),
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`mock: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
