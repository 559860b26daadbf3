/**
 * A small, independent request signer for the mock's tests (node:crypto only): it builds the
 * signature exactly as the API describes it, so the tests check the mock against the rule, not
 * against the mock's own code.
 */
import { createHash, createHmac } from 'node:crypto';
import { request } from 'node:http';
import { MOCK_KEY, MOCK_SECRET } from '../../../mock/keys.js';

/** One request to send to the mock. */
export interface TestRequest {
  method: string;
  /** Path without the prefix, e.g. `/wallet/withdrawals`. */
  path: string;
  /** Raw query string without `?`, sent exactly as given. */
  query?: string;
  /** Body text, sent exactly as given. */
  body?: string;
  /** Sign it (default true). */
  signed?: boolean;
  key?: string;
  secret?: string;
  /** Timestamp header value (default: now from `nowMs`). */
  timestamp?: string;
  /** Server time to derive the default timestamp from, epoch ms. */
  nowMs?: number;
  /** Sign a different query string than the one sent. */
  signQuery?: string;
  /** Sign a different body than the one sent. */
  signBody?: string;
  headers?: Record<string, string>;
}

/** The headers of a signed request: KEY, Timestamp, SIGN. */
export function signHeaders(
  parts: { method: string; fullPath: string; query: string; body: string; timestamp: string },
  key: string = MOCK_KEY,
  secret: string = MOCK_SECRET,
): Record<string, string> {
  const bodyHash = createHash('sha512').update(parts.body).digest('hex');
  const payload = [parts.method.toUpperCase(), parts.fullPath, parts.query, bodyHash, parts.timestamp].join('\n');
  const sign = createHmac('sha512', secret).update(payload).digest('hex');
  return { KEY: key, Timestamp: parts.timestamp, SIGN: sign };
}

/**
 * A parsed JSON body as the tests read it: an object read member by member, or a list of objects.
 * What a member holds is checked by the assertion that reads it, so members are `unknown`.
 */
export type TestJson = Readonly<Record<string, unknown>> & ReadonlyArray<Readonly<Record<string, unknown>>>;

/** A response as the tests read it. */
export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body; an empty body reads as `undefined` (check `text` for that case). */
  json: TestJson;
}

/** Sends a (signed) request to the mock at `baseUrl` (which ends in the prefix), over node:http. */
export async function send(baseUrl: string, req: TestRequest): Promise<TestResponse> {
  const base = new URL(baseUrl);
  const query = req.query ?? '';
  const body = req.body ?? '';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(body === '' ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }),
  };
  if (req.signed !== false) {
    const timestamp = req.timestamp ?? String(Math.floor((req.nowMs ?? Date.now()) / 1000));
    Object.assign(
      headers,
      signHeaders(
        {
          method: req.method,
          fullPath: base.pathname + req.path,
          query: req.signQuery ?? query,
          body: req.signBody ?? body,
          timestamp,
        },
        req.key,
        req.secret,
      ),
    );
  }
  Object.assign(headers, req.headers ?? {});
  const path = `${base.pathname}${req.path}${query === '' ? '' : `?${query}`}`;
  return new Promise<TestResponse>((resolve, reject) => {
    const out = request(
      { host: base.hostname, port: base.port, method: req.method, path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
          resolve({
            status: res.statusCode ?? 0,
            headers: h,
            text,
            json: (text === '' ? undefined : JSON.parse(text)) as TestJson,
          });
        });
        res.on('error', reject);
      },
    );
    out.on('error', reject);
    out.setTimeout(10_000, () => out.destroy(new Error('test request timed out')));
    out.end(body === '' ? undefined : body);
  });
}
