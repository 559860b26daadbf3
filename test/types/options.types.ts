/**
 * Type tests of the client options added for runtimes and browsers, checked by `npm run typecheck`
 * (tsc): every `@ts-expect-error` line must be an error, or the check fails. Nothing here runs.
 */
import { ExchangeClient, type ClientOptions } from '../../generated/src/index.js';

/** The usual logging wrapper: the platform's own signature. */
const loggingFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  console.debug(init?.method ?? 'GET', input instanceof Request ? input.url : String(input));
  return fetch(input, init);
};

export function fetchOption(): void {
  new ExchangeClient({ fetch: loggingFetch });
  new ExchangeClient({ fetch: globalThis.fetch });
  new ExchangeClient({ fetch: (input, init) => fetch(input, init) });
  // @ts-expect-error a fetch must answer with a Response promise
  new ExchangeClient({ fetch: (input: string) => input });
}

export function browserOption(): ClientOptions {
  // @ts-expect-error dangerouslyAllowBrowser is a boolean
  new ExchangeClient({ dangerouslyAllowBrowser: 'yes' });
  return { key: 'k', secret: 's', dangerouslyAllowBrowser: true };
}
