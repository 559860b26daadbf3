/**
 * The mock's folders depend one way: the flows' state (`mock/state/`) may use the paper exchange
 * (`mock/exchange/`), which never imports anything from `mock/state/`. Read from the import
 * statements of every source file of the exchange.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const mockDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'mock');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The mock-relative targets of the relative imports (and re-exports) of `file`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^(?:import|export)\b[^;]*?from\s+'(\.[^']+)'/gms)].map((m) => m[1] ?? '');
  return specifiers.map((s) => relative(mockDir, resolve(dirname(file), s)));
}

describe('mock/ layers', () => {
  it('finds the imports it checks (the scan reads real import statements)', () => {
    expect(importsOf(join(mockDir, 'state', 'handlers.ts'))).toContain('exchange/http/spot-handlers.js');
  });

  it('mock/exchange/ imports nothing from mock/state/', () => {
    const upward = sources(join(mockDir, 'exchange')).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`state/`))
        .map((target) => `${relative(mockDir, file)} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });
});
