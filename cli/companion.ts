/**
 * The companion package `exchange-v4-mock`: found from this package's location when installed,
 * otherwise a usage error that says exactly how to get it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CliUsageError } from './errors.js';

/** The companion's package name (a variable, so the CLI builds and type-checks without it). */
const COMPANION = 'exchange-v4-mock';

/** What the CLI uses of the companion. */
export interface Companion {
  startMock(options: { port?: number; fixturesDir?: string }): Promise<{ url: string; close(): Promise<void> }>;
  readonly MOCK_KEY: string;
  readonly MOCK_SECRET: string;
  readonly DEFAULT_FIXTURES_DIR: string;
}

/** The error when the companion is not installed. */
export function companionMissing(): CliUsageError {
  return new CliUsageError(
    'the mock is in the companion package exchange-v4-mock, which is not installed: run ' +
      '`npm install --save-dev exchange-v4-mock` next to exchange-v4 ' +
      '(or start it without installing: `npx -p exchange-v4-mock exchange-v4-mock`)',
    'companion-missing',
  );
}

/** The companion's package.json path, or undefined when it is not installed. */
function companionManifest(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve(`${COMPANION}/package.json`);
  } catch {
    return undefined;
  }
}

/** Loads the companion's module; throws {@link companionMissing} when it is not installed. */
export async function loadCompanion(): Promise<Companion> {
  if (companionManifest() === undefined) throw companionMissing();
  return (await import(COMPANION)) as Companion;
}

/** The path of the companion's `exchange-v4-mock` executable script. */
export function companionBin(): string {
  const manifest = companionManifest();
  if (manifest === undefined) throw companionMissing();
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: Record<string, string> };
  const script = bin?.[COMPANION];
  if (script === undefined) throw new CliUsageError(`${manifest} declares no ${COMPANION} executable`, 'companion-bin');
  return join(dirname(manifest), script);
}
