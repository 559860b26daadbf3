/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/identification.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * How requests say which client sent them: `User-Agent: exchange-v4/<version> (<runtime>/<version>)`
 * where the runtime lets a program set it (Node, Deno, Bun); elsewhere the same text in
 * `X-Exchange-V4-Client`, on private calls only (a browser preflights those anyway, so public calls
 * stay free of headers that would force a preflight).
 */
import type { RuntimeInfo } from './environment.js';

/** The package version (kept equal to package.json's by a test). */
export const CLIENT_VERSION = '0.1.0';

/** The header that identifies the client where `User-Agent` cannot be set. */
const CLIENT_HEADER = 'X-Exchange-V4-Client';

/** `exchange-v4/<version> (<runtime>/<version>)`. */
function clientIdentity(runtime: RuntimeInfo): string {
  const where = runtime.version === undefined ? runtime.name : `${runtime.name}/${runtime.version}`;
  return `exchange-v4/${CLIENT_VERSION} (${where})`;
}

/** The identification and id headers of a runtime. */
export interface CallHeaders {
  /** Headers every call sends (before the user's `defaultHeaders`, which may replace them). */
  readonly all: Readonly<Record<string, string>>;
  /** Headers only private (signed) calls send. */
  readonly privateOnly: Readonly<Record<string, string>>;
  /** Whether public calls send the client request id header (not in a browser: it forces a preflight). */
  readonly requestIdOnPublic: boolean;
}

/** The headers of a runtime (a pure function). */
export function callHeaders(runtime: RuntimeInfo): CallHeaders {
  const identity = clientIdentity(runtime);
  const settable = runtime.name === 'node' || runtime.name === 'deno' || runtime.name === 'bun';
  return {
    all: settable ? { 'User-Agent': identity } : {},
    privateOnly: settable ? {} : { [CLIENT_HEADER]: identity },
    requestIdOnPublic: runtime.name !== 'browser',
  };
}
