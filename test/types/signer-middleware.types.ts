/**
 * Type tests of `createSignerMiddleware` against openapi-fetch (a devDependency: the package
 * declares the middleware's type itself), checked by `npm run typecheck`: every
 * `@ts-expect-error` line must be an error, or the check fails. Nothing here runs.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { createSigner, createSignerMiddleware, type SignerMiddleware } from '../../generated/src/index.js';

const middleware = createSignerMiddleware({
  key: 'k',
  signer: createSigner('s'),
  headers: { key: 'KEY', timestamp: 'Timestamp', signature: 'SIGN' },
  timestamp: () => 1,
});

export function useOnOpenapiFetch(): void {
  const client = createClient({ baseUrl: 'https://api.example.test/api/v4' });
  client.use(middleware);
  const asTheirs: Middleware = middleware;
  client.eject(asTheirs);
}

export function ownShape(): SignerMiddleware {
  // @ts-expect-error onRequest returns the signed Request's promise
  const notOne: SignerMiddleware = { onRequest: () => undefined };
  void notOne;
  return middleware;
}
