/**
 * Calling one operation through the generated client while keeping a copy of what went over the
 * wire: the request as sent (method, URL, body bytes, the signature header so it can be checked
 * for later) and the response as received (status, headers, body text, untouched).
 */
import { ApiError, ExchangeClient } from '../../generated/src/index.js';
import type { IROperation } from '../../generator/ir/types.js';

/** One request and its response, as they travelled. */
export interface Exchange {
  method: string;
  /** Full URL as sent. */
  url: string;
  /** Request body text (empty when none). */
  requestBody: string;
  /** Value of the signature header, when the request was signed (to check it never leaks). */
  signature: string | undefined;
  status: number;
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
  /** Response body text exactly as received. */
  responseText: string;
}

/** A fetch that records every exchange into `log`. */
function capturingFetch(
  log: Exchange[],
  signatureHeader: string,
  inner: (request: Request) => Promise<Response> = (r) => globalThis.fetch(r),
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = new Request(input, init);
    const requestBody = request.body === null ? '' : await request.clone().text();
    const signature = request.headers.get(signatureHeader) ?? undefined;
    const response = await inner(request);
    const responseText = await response.clone().text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    log.push({
      method: request.method.toUpperCase(),
      url: request.url,
      requestBody,
      signature,
      status: response.status,
      headers,
      responseText,
    });
    return response;
  };
}

/** What calling the operation needs. */
export interface CallInput {
  op: IROperation;
  base: string;
  key: string | undefined;
  secret: string | undefined;
  /** The client's params object for the operation. */
  params: Record<string, unknown>;
  /** Header name of the signature (from the IR). */
  signatureHeader: string;
  /** Transport (default: the global fetch). */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
}

/** A call the service answered (with any status) and the exchange that carried it. */
export interface CallResult {
  exchange: Exchange;
  /** The typed error the client raised, for a non-2xx answer. */
  error: ApiError | undefined;
}

/** The client group property of an area (`sub_accounts` -> `subAccounts`). */
export function groupOf(area: string): string {
  return area.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** Whether a URL path (without prefix) is an instance of the operation's path template. */
export function matchesTemplate(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}

/**
 * Calls `op` once (no retries) through the generated client and returns the exchange that answered
 * it. Errors before or without an answer (bad params, network) are thrown as they are.
 */
export async function callOperation(input: CallInput): Promise<CallResult> {
  const log: Exchange[] = [];
  const client = new ExchangeClient({
    baseUrl: input.base,
    ...(input.key === undefined ? {} : { key: input.key }),
    ...(input.secret === undefined ? {} : { secret: input.secret }),
    maxRetries: 0,
    fetch: capturingFetch(log, input.signatureHeader, input.fetch),
  });
  const group = (client as unknown as Record<string, unknown>)[groupOf(input.op.area)] as
    Record<string, unknown> | undefined;
  const method = group?.[input.op.id];
  if (typeof method !== 'function')
    throw new Error(
      `the generated client has no method ${groupOf(input.op.area)}.${input.op.id}; run npm run generate`,
    );
  let error: ApiError | undefined;
  try {
    await (method as (params: unknown) => PromiseLike<unknown>).call(group, input.params);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    error = e;
  }
  const prefix = new URL(input.base).pathname.replace(/\/+$/, '');
  const exchange = [...log].reverse().find((x) => {
    const path = new URL(x.url).pathname;
    return (
      x.method === input.op.method &&
      path.startsWith(prefix) &&
      matchesTemplate(input.op.path, path.slice(prefix.length))
    );
  });
  if (exchange === undefined) throw new Error(`no response to ${input.op.method} ${input.op.path} was captured`);
  return { exchange, error };
}
