/**
 * Times the answer-reading steps a change touched, in one process, builds interleaved: reading the
 * benchmark's 20-record withdrawals answer (`readWire` of wire-drift.js with the operation's
 * descriptor, after `parseJson`) and decoding it from one chunk (`decodeChunks` of
 * response-cap.js where the build has it, else a fresh streaming `TextDecoder` as before). CPU
 * bound and free of sockets, so less disturbed by a loaded machine than the request loops.
 *
 * `npx tsx bench/micro.ts <build>/esm [<other build>/esm ...]`
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withdrawalsBody } from './records.js';
import { median } from './stats.js';

const WIRE = '*.:damount fee network_fee;stimestamp';
const CALLS = 20_000;
const ROUNDS = 7;

interface Build {
  readonly dir: string;
  readonly read: (text: string) => unknown;
  readonly parse: (text: string) => unknown;
  readonly decode: (bytes: Uint8Array) => string;
}

async function load(dir: string): Promise<Build> {
  const runtime = (file: string): Promise<Record<string, unknown>> =>
    import(pathToFileURL(join(dir, 'runtime', file)).href) as Promise<Record<string, unknown>>;
  const drift = await runtime('wire-drift.js');
  const json = await runtime('json.js');
  const cap = existsSync(join(dir, 'runtime', 'response-cap.js')) ? await runtime('response-cap.js') : {};
  const readWire = drift['readWire'] as (d: unknown, w: string, r: () => unknown, out: unknown[]) => unknown;
  const numberTexts = drift['numberTexts'] as (t: string) => unknown;
  const parseJson = json['parseJson'] as (t: string) => unknown;
  const decodeChunks = cap['decodeChunks'] as ((c: Uint8Array[]) => string) | undefined;
  return {
    dir,
    read: (text) => readWire(parseJson(text), WIRE, () => numberTexts(text), []),
    parse: (text) => parseJson(text),
    decode: decodeChunks
      ? (bytes) => decodeChunks([bytes])
      : (bytes) => {
          const d = new TextDecoder();
          return d.decode(bytes, { stream: true }) + d.decode();
        },
  };
}

function timeUs(fn: () => unknown): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i += 1) fn();
  return Number(process.hrtime.bigint() - t0) / 1000 / CALLS;
}

const builds = await Promise.all(process.argv.slice(2).map(load));
const text = withdrawalsBody(1_700_000_000);
const bytes = new TextEncoder().encode(text);
const samples = builds.map(() => ({ read: [] as number[], parse: [] as number[], decode: [] as number[] }));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [i, b] of builds.entries()) {
    samples[i]?.read.push(timeUs(() => b.read(text)));
    samples[i]?.parse.push(timeUs(() => b.parse(text)));
    samples[i]?.decode.push(timeUs(() => b.decode(bytes)));
  }
}
for (const [i, b] of builds.entries()) {
  const s = samples[i];
  if (s === undefined) continue;
  process.stdout.write(
    `${b.dir}: parseJson + readWire ${median(s.read).toFixed(2)} µs (parseJson alone ${median(s.parse).toFixed(2)} µs), decode ${median(s.decode).toFixed(2)} µs (medians of ${ROUNDS} rounds of ${CALLS})\n`,
  );
}
