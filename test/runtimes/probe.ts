/**
 * What every runtime of the matrix runs: the generated client, bundled from the package sources
 * with the runtime's package conditions (bundles.ts), makes a public call and a signed call
 * against the mock, and reports what happened as plain JSON (the same shape from every runtime,
 * so the tests compare like with like). Only platform APIs here: no Node modules.
 */
import { ExchangeClient } from '../../generated/src/index.js';

/** What the test hands to a runtime. */
export interface ProbeInput {
  /** The mock's base URL (with `/api/v4`). */
  readonly baseUrl: string;
  readonly key: string;
  readonly secret: string;
  /** `transport` option of the client (default: the client's own default). */
  readonly transport?: 'node' | 'fetch';
  /** Pass `dangerouslyAllowBrowser: true` to the signing client. */
  readonly allowBrowser?: boolean;
  /** A base URL on a server that sends no CORS headers (browser only): its call must fail naming CORS. */
  readonly noCorsUrl?: string;
}

/** An error as plain data. */
export interface ProbeError {
  readonly name: string;
  readonly message: string;
}

/** What a runtime reports. */
export interface ProbeResult {
  /** Items of `spot.listCurrencyPairs` (public), or its error. */
  readonly public: { readonly items: number } | { readonly error: ProbeError };
  /** Items of `wallet.listWithdrawals` (signed), or its error. */
  readonly signed: { readonly items: number } | { readonly error: ProbeError };
  /** What `new ExchangeClient({ key, secret })` without `dangerouslyAllowBrowser` did. */
  readonly guard: 'accepted' | ProbeError;
  /** The error of a call to `noCorsUrl`, when given. */
  readonly cors?: ProbeError | 'no error';
}

const asError = (error: unknown): ProbeError =>
  error instanceof Error ? { name: error.name, message: error.message } : { name: 'thrown', message: String(error) };

async function attempt(run: () => Promise<readonly unknown[]>): Promise<ProbeResult['public']> {
  try {
    return { items: (await run()).length };
  } catch (error) {
    return { error: asError(error) };
  }
}

/** Runs the probe's calls; never throws. */
export async function runProbe(input: ProbeInput): Promise<ProbeResult> {
  const transport = input.transport === undefined ? {} : { transport: input.transport };
  const publicClient = new ExchangeClient({ baseUrl: input.baseUrl, ...transport });
  const publicResult = await attempt(() => publicClient.spot.listCurrencyPairs());
  let guard: ProbeResult['guard'] = 'accepted';
  try {
    new ExchangeClient({ baseUrl: input.baseUrl, key: input.key, secret: input.secret });
  } catch (error) {
    guard = asError(error);
  }
  const signed = await attempt(() => {
    const client = new ExchangeClient({
      baseUrl: input.baseUrl,
      key: input.key,
      secret: input.secret,
      ...transport,
      ...(input.allowBrowser === true ? { dangerouslyAllowBrowser: true } : {}),
    });
    return client.wallet.listWithdrawals({ limit: 5 });
  });
  let cors: ProbeResult['cors'];
  if (input.noCorsUrl !== undefined) {
    const client = new ExchangeClient({ baseUrl: input.noCorsUrl, maxRetries: 0 });
    const result = await attempt(() => client.spot.listCurrencyPairs());
    cors = 'error' in result ? result.error : 'no error';
  }
  return { public: publicResult, signed, guard, ...(cors === undefined ? {} : { cors }) };
}
