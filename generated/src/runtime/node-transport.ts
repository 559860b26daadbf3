/*
 * Copied by exchange-v4 from templates/typescript/runtime/node-transport.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The optional Node transport (`transport: 'node'`): requests go straight to `node:http` /
 * `node:https` over a keep-alive agent, without web `Request`/`Response` objects. Same canonical
 * URL, same signing input (path and query of the final URL, the exact body bytes), same failure
 * classification as the fetch transport; only the HTTP client differs. Node only: the modules are
 * imported on first use, so bundles for other runtimes never load them.
 */
import { fillPath, serializeQuery } from './query.js';
import {
  NOT_SENT_CODES,
  SendFailure,
  attemptSignal,
  errorCodes,
  type SignerMiddlewareOptions,
  type Transport,
  type WireAnswer,
} from './transport.js';

/** The parts of Node's `http`/`https` modules this file uses (declared here: no Node typings needed). */
interface IncomingMessage {
  readonly statusCode?: number | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  setEncoding(encoding: 'utf8'): void;
  on(event: 'data', listener: (chunk: string) => void): void;
  on(event: 'end', listener: () => void): void;
  on(event: 'error', listener: (error: unknown) => void): void;
}
interface ClientRequest {
  on(event: 'error', listener: (error: unknown) => void): void;
  destroy(error: Error): void;
  end(body?: Uint8Array): void;
}
type Agent = object;
interface HttpModule {
  request(options: Record<string, unknown>, callback: (res: IncomingMessage) => void): ClientRequest;
  Agent: new (options: { keepAlive: boolean }) => Agent;
}

/** Imports `node:http` or `node:https`; a computed specifier keeps browser bundlers from resolving it. */
const importHttp = (secure: boolean): Promise<unknown> => {
  const specifier = ['node', secure ? 'https' : 'http'].join(':');
  return import(/* @vite-ignore */ specifier);
};

const utf8 = new TextEncoder();

/** Plain status + headers, shaped like the part of a web Response the runtime reads. */
function answerOf(res: IncomingMessage): WireAnswer {
  const raw = res.headers;
  return {
    status: res.statusCode ?? 0,
    headers: {
      forEach(callback) {
        for (const [name, value] of Object.entries(raw)) {
          if (value !== undefined) callback(Array.isArray(value) ? value.join(', ') : value, name);
        }
      },
    },
  };
}

/** Creates the Node transport for one client. */
export function createNodeTransport(options: {
  readonly baseUrl: string;
  readonly signing?: SignerMiddlewareOptions | undefined;
}): Transport {
  const base = new URL(options.baseUrl);
  const secure = base.protocol === 'https:';
  let loaded: Promise<{ http: HttpModule; agent: Agent }> | undefined;
  const load = (): Promise<{ http: HttpModule; agent: Agent }> =>
    (loaded ??= importHttp(secure).then((m) => {
      const http = m as HttpModule;
      return { http, agent: new http.Agent({ keepAlive: true }) };
    }));

  return {
    async send(wire) {
      const signing = options.signing;
      if (wire.sign && !signing) throw new SendFailure('local', false, new Error('No credentials to sign with'));
      const query = serializeQuery(wire.query.specs, wire.query.values);
      const url = new URL(
        `${options.baseUrl}${fillPath(wire.pathTemplate, wire.pathParams)}${query ? `?${query}` : ''}`,
      );
      const body = wire.body === undefined ? undefined : utf8.encode(wire.body);
      const headers: Record<string, string> = { ...wire.headers };
      if (body) {
        headers['Content-Type'] = 'application/json';
        headers['Content-Length'] = String(body.byteLength);
      }
      if (wire.sign && signing) {
        const timestamp = String(signing.timestamp());
        headers[signing.headers.key] = signing.key;
        headers[signing.headers.timestamp] = timestamp;
        headers[signing.headers.signature] = await signing.signer.sign({
          method: wire.method,
          path: url.pathname,
          query: url.search.slice(1),
          body,
          timestamp,
        });
      }
      const { http, agent } = await load();
      const linked = attemptSignal(wire.signal, wire.timeoutMs);
      const started = Date.now();
      try {
        return await new Promise((resolve, reject) => {
          const req = http.request(
            {
              protocol: url.protocol,
              hostname: url.hostname,
              port: url.port,
              path: `${url.pathname}${url.search}`,
              method: wire.method,
              headers,
              agent,
            },
            (res) => {
              res.setEncoding('utf8');
              let text = '';
              res.on('data', (chunk: string) => (text += chunk));
              res.on('end', () =>
                resolve({ response: answerOf(res), text, url: url.href, durationMs: Date.now() - started }),
              );
              res.on('error', reject);
            },
          );
          const onAbort = (): void =>
            void req.destroy(linked.signal.reason instanceof Error ? linked.signal.reason : new Error('aborted'));
          if (linked.signal.aborted) onAbort();
          else linked.signal.addEventListener('abort', onAbort, { once: true });
          req.on('error', reject);
          req.end(body);
        });
      } catch (error) {
        // Once the request exists it may have reached the server: only error codes prove it did not.
        if (wire.signal?.aborted) throw new SendFailure('abort', true, error);
        if (linked.timedOut()) throw new SendFailure('timeout', true, error);
        const notSent = errorCodes(error).some((c) => NOT_SENT_CODES.has(c));
        throw new SendFailure('network', !notSent, error);
      } finally {
        linked.dispose();
      }
    },
  };
}
