/**
 * The `node` transport (the default on Node): requests go straight to `node:http` / `node:https`
 * over one keep-alive agent per client, without web `Request`/`Response` objects. Same path,
 * query and body bytes signed as sent, same failure classification as the `fetch` transport; only
 * the HTTP client differs. Reached only through the `node` platform module (platform-node.ts), so
 * bundles for other platforms never import `node:` modules.
 *
 * Per attempt it builds only what differs between attempts: the header list (name, value, name,
 * value ..., the form `node:http` writes without re-checking each header) and the signature. Host,
 * port, agent, the `Host` header and the one timer of all attempt deadlines (deadlines.ts) are
 * fixed once per client. `node:http` or `node:https` (with `node:buffer`) is loaded then, when
 * the client builds its transport, not when the package is imported (node-builtins.ts); where Node
 * can only import them asynchronously, the first request waits for them.
 */
import type { Agent, ClientRequest, IncomingHttpHeaders } from 'node:http';
import { Deadlines } from './deadlines.js';
import { BAD_HEADER_VALUE } from './call-plan.js';
import { nodeBuiltin, type Loaded, type NodeBuiltins } from './node-builtins.js';
import { decodeChunks, declaredOverLimit, DEFAULT_MAX_RESPONSE_BYTES, type BodyTooLarge } from './response-cap.js';
import {
  SendFailure,
  sentFailure,
  signingHeaders,
  unsignable,
  type Transport,
  type TransportOptions,
  type WireResponse,
} from './transport.js';

/** Response headers as a record (Node already gives lower-case names; repeated ones are joined). */
export function headerRecord(raw: IncomingHttpHeaders): Readonly<Record<string, string>> {
  let out: Record<string, string> | undefined;
  for (const name in raw) {
    const value = raw[name];
    if (typeof value === 'string') continue;
    // Only `set-cookie` comes as a list: copy the record once, joining lists.
    out ??= {};
    for (const key in raw) {
      const v = raw[key];
      if (v !== undefined) out[key] = typeof v === 'string' ? v : v.join(', ');
    }
    break;
  }
  return out ?? (raw as Readonly<Record<string, string>>);
}

/**
 * The header list of one attempt: `Host` (unless the call sets its own), the call's headers,
 * `Content-Length` (the body's UTF-8 byte count, replacing any given) and the signing headers.
 * Names are the plan's, already checked; the signing headers are not checked again (the key is
 * checked when the client is made, credentials.ts; the rest are digits and hex).
 * @throws TypeError naming the header when a value cannot be sent.
 */
export function headerList(
  host: string,
  headers: Readonly<Record<string, string>>,
  contentLength: number | undefined,
  signed: readonly string[] | undefined,
): string[] {
  const list: string[] = [];
  let ownHost = false;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    // The plan refuses these already (call-plan.ts); node:http does not check a header list, so
    // they are checked again here, once per value: no header can ever split the request.
    if (BAD_HEADER_VALUE.test(value)) throw new TypeError(`header ${name} has a character HTTP does not allow`);
    const lower = name.length === 4 || name.length === 14 ? name.toLowerCase() : '';
    if (lower === 'content-length') continue;
    if (lower === 'host') ownHost = true;
    list.push(name, value);
  }
  if (!ownHost) list.push('Host', host);
  if (contentLength !== undefined) list.push('Content-Length', String(contentLength));
  if (signed !== undefined) for (const item of signed) list.push(item);
  return list;
}

/** What a client's `node` transport uses of `node:http(s)` and `node:buffer`, made once per client. */
interface HttpClient {
  readonly agent: Agent;
  readonly request: NodeBuiltins['node:http']['request'];
  readonly byteLength: (text: string) => number;
}

/** The client's keep-alive agent and request function (`node:https` when `secure`). */
function httpClient(secure: boolean): Loaded<HttpClient> {
  const http = secure ? nodeBuiltin('node:https') : nodeBuiltin('node:http');
  const buffer = nodeBuiltin('node:buffer');
  const make = (
    module: NodeBuiltins['node:http'] | NodeBuiltins['node:https'],
    { Buffer }: NodeBuiltins['node:buffer'],
  ): HttpClient => ({
    agent: new module.Agent({ keepAlive: true }),
    request: module.request,
    byteLength: (text) => Buffer.byteLength(text, 'utf8'),
  });
  if (http instanceof Promise || buffer instanceof Promise) {
    return Promise.all([http, buffer]).then(([module, bufferModule]) => make(module, bufferModule));
  }
  return make(http, buffer);
}

/** Creates the `node` transport of one client: its agent, host and port are fixed here, once. */
export function createNodeTransport(options: TransportOptions): Transport {
  const base = new URL(options.origin);
  let client = httpClient(base.protocol === 'https:');
  // Where it is a promise, the first request reports a failure to load (as nothing sent).
  if (client instanceof Promise) client.catch(() => undefined);
  const hostname = base.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = base.port === '' ? undefined : Number(base.port);
  const host = base.host;
  const { signing } = options;
  const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const deadlines = new Deadlines();

  return {
    async send(wire, timeoutMs, signal) {
      if (wire.sign && !signing) throw unsignable();
      let http: HttpClient;
      let list: string[];
      try {
        http = client instanceof Promise ? (client = await client) : client;
        const signed = wire.sign && signing ? await signingHeaders(signing, wire) : undefined;
        const length = wire.body === undefined ? undefined : http.byteLength(wire.body);
        list = headerList(host, wire.headers, length, signed);
      } catch (error) {
        throw new SendFailure('local', false, error);
      }
      const { agent, request: send } = http;
      const started = Date.now();
      return new Promise<WireResponse>((resolve, reject) => {
        let timedOut = false;
        const path = wire.query === '' ? wire.path : `${wire.path}?${wire.query}`;
        const onAbort = (): void =>
          void req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        const settle = (): void => {
          deadlines.cancel(deadline);
          signal?.removeEventListener('abort', onAbort);
        };
        // Once the request exists it may have reached the server: only error codes prove it did not.
        const fail = (error: unknown): void => {
          settle();
          reject(sentFailure(signal?.aborted === true, timedOut, true, error));
        };
        let req: ClientRequest;
        try {
          req = send({ hostname, port, path, method: wire.method, headers: list, agent }, (res) => {
            // The body is counted as read (this transport decodes no content encoding) and
            // dropped, connection and all, once it passes the cap or its length says it will.
            const tooLarge = (): void => {
              settle();
              const tooLarge: BodyTooLarge = { status: res.statusCode ?? 0, limit };
              reject(new SendFailure('too-large', true, tooLarge));
              req.destroy();
            };
            if (declaredOverLimit(res.headers, limit, false)) return tooLarge();
            // The bytes are kept and decoded once, at the end.
            const chunks: Uint8Array[] = [];
            let size = 0;
            res.on('data', (chunk: Uint8Array) => {
              size += chunk.byteLength;
              if (size > limit) tooLarge();
              else chunks.push(chunk);
            });
            res.on('end', () => {
              settle();
              resolve({
                status: res.statusCode ?? 0,
                headers: headerRecord(res.headers),
                text: decodeChunks(chunks),
                url: wire.url,
                durationMs: Date.now() - started,
              });
            });
            res.on('error', fail);
          });
        } catch (error) {
          reject(new SendFailure('local', false, error));
          return;
        }
        const deadline = deadlines.add(timeoutMs, () => {
          timedOut = true;
          req.destroy(new Error('timeout'));
        });
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
        req.on('error', fail);
        req.end(wire.body);
      });
    },
  };
}
