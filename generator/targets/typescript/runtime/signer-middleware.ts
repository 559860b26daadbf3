/**
 * The signer as an openapi-fetch middleware, for programs that call the API through their own
 * openapi-fetch client: `client.use(createSignerMiddleware({...}))`. The client's own transports
 * do not go through openapi-fetch; they sign the same way in transport.ts. The middleware's type is
 * declared here (the part of openapi-fetch's `Middleware` it fills), so the package depends on
 * nothing: `test/types/signer-middleware.types.ts` checks openapi-fetch's `use` takes it.
 */
import { checkCredential } from './credentials.js';
import type { ApiMeta } from './metadata.js';
import type { Signer } from './signing.js';

/** What the signer needs. */
export interface SignerMiddlewareOptions {
  /** The API key (sent in the key header). */
  readonly key: string;
  /** Holds the secret. */
  readonly signer: Signer;
  /** Header names (`KEY`, `Timestamp`, `SIGN`). */
  readonly headers: ApiMeta['signing']['headers'];
  /** Server-corrected whole Unix seconds, read afresh for every request. */
  readonly timestamp: () => number;
}

/**
 * A request middleware in openapi-fetch's shape (`client.use(...)` takes it): `onRequest` gets the
 * final `Request` and returns it signed.
 */
export interface SignerMiddleware {
  /** Signs `request` (its headers are set in place) and returns it. */
  onRequest(options: { readonly request: Request }): Promise<Request>;
}

/**
 * openapi-fetch middleware that signs every request it sees: Timestamp from the server clock,
 * path and query from the final URL, body hash over a clone of the body bytes. Usable on any
 * openapi-fetch client: `client.use(createSignerMiddleware({...}))`. The key is checked like a
 * client's (non-empty printable ASCII without whitespace; else a `ValidationError` that does not show it).
 */
export function createSignerMiddleware(options: SignerMiddlewareOptions): SignerMiddleware {
  checkCredential('key', options.key);
  return {
    async onRequest({ request }) {
      const body = request.body === null ? undefined : new Uint8Array(await request.clone().arrayBuffer());
      const url = new URL(request.url);
      const timestamp = String(options.timestamp());
      const signature = await options.signer.sign({
        method: request.method,
        path: url.pathname,
        query: url.search.slice(1),
        body,
        timestamp,
      });
      request.headers.set(options.headers.key, options.key);
      request.headers.set(options.headers.timestamp, timestamp);
      request.headers.set(options.headers.signature, signature);
      return request;
    },
  };
}
