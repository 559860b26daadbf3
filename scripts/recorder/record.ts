/**
 * One recording: call an operation upstream, turn the exchange into a fixture, take credentials
 * (and, on request, account ids) out, check it against the spec the way the mock will, refuse it
 * if the secret, the key or the signature is still in its text, and write it.
 */
import { readFileSync } from 'node:fs';
import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import type { IR, IROperation } from '../../generator/ir/types.js';
import { FixtureStore } from '../../mock/fixture-store.js';
import { GENERATED_DIR } from '../../mock/load-api.js';
import { SchemaValidator } from '../../mock/schema-validator.js';
import type { RecordArgs } from './args.js';
import { callOperation } from './capture.js';
import { fixtureFile, fixtureOf, fixtureText, mergedText, readIfExists, writeAtomically } from './fixture.js';
import type { RecordedFixture } from './fixture.js';
import { credentialReplacements, findLeak, replaceStrings, scrubAccounts } from './redact.js';

/** The recorder refused to write: a credential would have ended up in the fixture. */
export class LeakRefusedError extends Error {
  override name = 'LeakRefusedError';
  constructor(readonly leaked: 'secret' | 'key' | 'signature') {
    super(
      `refusing to write the fixture: its text still contains the API ${leaked} after scrubbing ` +
        '(the upstream echoed it somewhere in the response). Nothing was written.',
    );
  }
}

/** The recorded response breaks the spec (and `allowInvalid` was not set). */
export class SpecMismatchError extends Error {
  override name = 'SpecMismatchError';
}

/** What a recording produced. */
export interface RecordResult {
  file: string;
  fixture: RecordedFixture;
  /** The spec problem of the response, when it was written anyway (`allowInvalid`). */
  specProblem: string | undefined;
}

/** Inputs besides the command line, replaceable in tests. */
export interface RecordDeps {
  /** The IR (default: generated/ir.json). */
  ir?: IR;
  /** The bundled spec (default: generated/openapi.json). */
  spec?: Record<string, unknown>;
  fetch?: (request: Request) => Promise<Response>;
  now?: () => Date;
}

/** Reads `generated/<name>`, saying how to make it when it is missing. */
function readGenerated(name: string): unknown {
  try {
    return JSON.parse(readFileSync(`${GENERATED_DIR}${name}`, 'utf8')) as unknown;
  } catch (e) {
    throw new Error(`cannot read generated/${name} (${(e as Error).message}); run npm run generate first`, {
      cause: e,
    });
  }
}

/** JSON params text as the client's params: integers beyond 2^53 become bigints (sent with every digit). */
function parseParams(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = parseLossless(text);
  } catch (e) {
    throw new Error(`--params is not JSON (${(e as Error).message})`, { cause: e });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('--params must be a JSON object');
  const toJs = (v: unknown): unknown => {
    if (isLosslessNumber(v)) {
      const s = v.toString();
      return /^-?\d+$/.test(s) && !Number.isSafeInteger(Number(s)) ? BigInt(s) : Number(s);
    }
    if (Array.isArray(v)) return v.map(toJs);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toJs(x)]));
    return v;
  };
  return toJs(parsed) as Record<string, unknown>;
}

/** The spec problem of a fixture as the mock would see it on load, if any. */
function specProblem(fixture: RecordedFixture, ir: IR, spec: Record<string, unknown>): string | undefined {
  const components = (spec['components'] ?? {}) as Record<string, unknown>;
  const validator = new SchemaValidator({
    ...components,
    schemas: { ...(components['schemas'] as object | undefined), ...ir.schemas },
  });
  const store = new FixtureStore(ir.operations, validator, ir.schemas['Error']);
  try {
    store.add(parseLossless(fixtureText([fixture])) as never, 'recorded');
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Records one fixture; throws {@link LeakRefusedError}, {@link SpecMismatchError} or the call's error. */
export async function recordFixture(args: RecordArgs, deps: RecordDeps = {}): Promise<RecordResult> {
  const ir = deps.ir ?? (readGenerated('ir.json') as IR);
  const spec = deps.spec ?? (readGenerated('openapi.json') as Record<string, unknown>);
  const op: IROperation | undefined = ir.operations.find((o) => o.id === args.op);
  if (op === undefined) throw new Error(`--op ${args.op} is not an operation of the spec (see generated/ir.json)`);
  if (op.auth === 'private' && args.key === undefined)
    throw new Error(`${op.id} is private: give --key/--secret or EXCHANGE_V4_KEY/EXCHANGE_V4_SECRET`);

  const params = parseParams(args.params);
  const { exchange } = await callOperation({
    op,
    base: args.base,
    key: args.key,
    secret: args.secret,
    params,
    signatureHeader: ir.signing.headers.signature,
    fetch: deps.fetch,
  });

  const at = (deps.now ?? (() => new Date()))();
  const name = args.name ?? `${op.id}: recorded ${at.toISOString().slice(0, 10)}`;
  let fixture = fixtureOf(exchange, op, ir, args.base, name, at);
  const replacements = credentialReplacements([fixture.request, fixture.response.body], {
    key: args.key,
    secret: args.secret,
  });
  fixture = {
    ...fixture,
    request: replaceStrings(fixture.request, replacements) as RecordedFixture['request'],
    response: {
      ...fixture.response,
      ...(fixture.response.body === undefined ? {} : { body: replaceStrings(fixture.response.body, replacements) }),
    },
  };
  if (args.scrubAccounts) {
    fixture = {
      ...fixture,
      request: scrubAccounts(fixture.request) as RecordedFixture['request'],
      response: {
        ...fixture.response,
        ...(fixture.response.body === undefined ? {} : { body: scrubAccounts(fixture.response.body) }),
      },
      recorded: { ...fixture.recorded, note: 'account ids replaced by stable fake ids' },
    };
  }

  const file = fixtureFile(args.out, op);
  const text = mergedText(readIfExists(file), fixture);
  const leak = findLeak(text, { key: args.key, secret: args.secret, signature: exchange.signature });
  if (leak !== undefined) throw new LeakRefusedError(leak);
  const problem = specProblem(fixture, ir, spec);
  if (problem !== undefined && !args.allowInvalid) {
    throw new SpecMismatchError(
      `the recorded response does not match the spec, nothing was written: ${problem} (fix the spec, or pass --allow-invalid to keep it)`,
    );
  }
  writeAtomically(file, text);
  return { file, fixture, specProblem: problem };
}
