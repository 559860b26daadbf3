/**
 * Signature verification of private requests, exactly as the API signs them (`x-signing` in the
 * spec, `signing` in the IR): HMAC-SHA512 (lowercase hex) keyed with the secret over
 *   METHOD \n /api/v4/path \n raw query as received \n sha512hex(raw body bytes) \n Timestamp
 * Checks run in this order: headers present, key known, Timestamp within the skew, signature.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { IRSigning } from '../generator/ir/types.js';
import { MockHttpError } from './errors.js';

/** What a signature is checked over: the request exactly as it arrived. */
export interface SignedRequest {
  /** Upper-case HTTP method. */
  method: string;
  /** Path as received, including the prefix, without the query. */
  rawPath: string;
  /** Query string as received, without `?` (empty when none). */
  rawQuery: string;
  /** Body bytes as received. */
  body: Buffer;
  headers: IncomingHttpHeaders;
}

/** Lowercase hex SHA-512 of `bytes`. */
export function sha512Hex(bytes: Buffer | string): string {
  return createHash('sha512').update(bytes).digest('hex');
}

/** The signature string (five parts joined by the separator). */
export function signaturePayload(
  signing: Pick<IRSigning, 'separator'>,
  parts: { method: string; path: string; query: string; body: Buffer | string; timestamp: string },
): string {
  return [parts.method, parts.path, parts.query, sha512Hex(parts.body), parts.timestamp].join(signing.separator);
}

/** Lowercase hex HMAC-SHA512 of `payload` keyed with `secret`. */
function hmacHex(secret: string, payload: string): string {
  return createHmac('sha512', secret).update(payload).digest('hex');
}

/**
 * Verifies a private request and returns the API key it was signed with. Throws a 401
 * {@link MockHttpError}: MISSING_REQUIRED_HEADER, INVALID_KEY, REQUEST_EXPIRED or INVALID_SIGNATURE.
 * `secretOf` looks a key's secret up; `nowMs` is the server clock.
 */
export function verifySignature(
  req: SignedRequest,
  signing: IRSigning,
  secretOf: (key: string) => string | undefined,
  nowMs: number,
): string {
  const key = header(req.headers, signing.headers.key);
  const timestamp = header(req.headers, signing.headers.timestamp);
  const sign = header(req.headers, signing.headers.signature);
  const missing = [
    [signing.headers.key, key],
    [signing.headers.timestamp, timestamp],
    [signing.headers.signature, sign],
  ].find(([, v]) => v === undefined || v === '');
  if (missing !== undefined) {
    throw new MockHttpError(401, 'MISSING_REQUIRED_HEADER', `Missing required header: ${String(missing[0])}`);
  }
  const secret = secretOf(key as string);
  if (secret === undefined) throw new MockHttpError(401, 'INVALID_KEY', 'Invalid key provided');

  const seconds = Number(timestamp);
  if (!/^\d+(\.\d+)?$/.test(timestamp as string) || !Number.isFinite(seconds)) {
    throw new MockHttpError(401, 'REQUEST_EXPIRED', `${signing.headers.timestamp} header is not Unix seconds`);
  }
  if (Math.abs(seconds - nowMs / 1000) > signing.maxSkewSeconds) {
    throw new MockHttpError(
      401,
      'REQUEST_EXPIRED',
      `gap between request ${signing.headers.timestamp} and server time exceeds ${signing.maxSkewSeconds}`,
    );
  }

  const expected = hmacHex(
    secret,
    signaturePayload(signing, {
      method: req.method,
      path: req.rawPath,
      query: req.rawQuery,
      body: req.body,
      timestamp: timestamp as string,
    }),
  );
  if (!constantTimeEqual(expected, sign as string)) {
    throw new MockHttpError(401, 'INVALID_SIGNATURE', 'Signature mismatch');
  }
  return key as string;
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(actual, 'utf8');
  // Compare against `a` itself when the lengths differ so the work does not depend on `b`.
  const same = timingSafeEqual(a, b.length === a.length ? b : a);
  return same && a.length === b.length;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
