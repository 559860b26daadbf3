/**
 * The `node` transport (the default on Node): requests go straight to `node:http` / `node:https`
 * over one keep-alive agent per client, without web `Request`/`Response` objects. Same path,
 * query and body bytes signed as sent, same failure classification as the `fetch` transport; only
 * the HTTP client differs. Reached only through the `node` platform module (platform-node.ts), so
 * bundles for other platforms never import `node:` modules.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import {
  SendFailure,
  sentFailure,
  signInto,
  unsignable,
  type Transport,
  type TransportOptions,
  type WireResponse,
} from './transport.js';

const utf8 = new TextEncoder();

/** Response headers as a record (Node already gives lower-case names; repeated ones are joined). */
function headerRecord(raw: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(raw)) {
    const value = raw[name];
    if (value !== undefined) out[name] = typeof value === 'string' ? value : value.join(', ');
  }
  return out;
}

/** Creates the `node` transport of one client: its agent, host and port are fixed here, once. */
export function createNodeTransport(options: TransportOptions): Transport {
  const base = new URL(options.origin);
  const secure = base.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  const hostname = base.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = base.port === '' ? undefined : Number(base.port);
  const { signing } = options;

  return {
    async send(wire, timeoutMs, signal) {
      if (wire.sign && !signing) throw unsignable();
      const body = wire.body === undefined ? undefined : utf8.encode(wire.body);
      const headers = wire.headers;
      if (body !== undefined) headers['Content-Length'] = String(body.byteLength);
      if (wire.sign && signing) {
        try {
          await signInto(headers, signing, wire, body);
        } catch (error) {
          throw new SendFailure('local', false, error);
        }
      }
      const started = Date.now();
      return new Promise<WireResponse>((resolve, reject) => {
        let timedOut = false;
        const path = wire.query === '' ? wire.path : `${wire.path}?${wire.query}`;
        const onAbort = (): void =>
          void req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        const settle = (): void => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        };
        // Once the request exists it may have reached the server: only error codes prove it did not.
        const fail = (error: unknown): void => {
          settle();
          reject(sentFailure(signal?.aborted === true, timedOut, true, error));
        };
        let req: ReturnType<typeof httpRequest>;
        try {
          req = send({ hostname, port, path, method: wire.method, headers, agent }, (res) => {
            res.setEncoding('utf8');
            let text = '';
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () => {
              settle();
              resolve({
                status: res.statusCode ?? 0,
                headers: headerRecord(res.headers),
                text,
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
        const timer = setTimeout(() => {
          timedOut = true;
          req.destroy(new Error('timeout'));
        }, timeoutMs);
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
        req.on('error', fail);
        req.end(body);
      });
    },
  };
}
