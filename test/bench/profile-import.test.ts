/** The cold-import profile's child script (bench/profile-import.ts): it runs in a fresh `node` process, so it is checked by running it. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { profiledImportScript } from '../../bench/profile-import.js';
import type { CpuProfile } from '../../bench/profile-summary.js';

const dir = mkdtempSync(join(tmpdir(), 'exchange-v4-profile-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('profiledImportScript', () => {
  it('imports the module under the profiler and prints its time and a profile holding the module', () => {
    const file = join(dir, 'module with space.mjs');
    // Top-level work of a few ms (a bounded loop), so the 50 µs sampler sees the module.
    writeFileSync(file, 'let x = 0;\nfor (let i = 0; i < 5e6; i++) x += i % 7;\nexport const sum = x;\n');
    const script = profiledImportScript(pathToFileURL(file).href);
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { timeout: 30_000 });
    const { importMs, profile } = JSON.parse(out.toString()) as { importMs: number; profile: CpuProfile };
    expect(importMs).toBeGreaterThan(0);
    expect(profile.nodes.length).toBeGreaterThan(0);
    expect(profile.endTime).toBeGreaterThanOrEqual(profile.startTime);
    expect(profile.nodes.some((n) => decodeURIComponent(n.callFrame.url).endsWith('module with space.mjs'))).toBe(true);
  });

  it('starts the profiler before the import and stops it after', () => {
    const script = profiledImportScript('file:///a/index.mjs', 25);
    const order = ['Profiler.start', 'await import("file:///a/index.mjs")', 'Profiler.stop'].map((s) =>
      script.indexOf(s),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(script).toContain('{ interval: 25 }');
  });
});
