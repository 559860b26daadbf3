/**
 * Signature check of the benchmark server, as the API describes it: lower-case hex HMAC-SHA512
 * keyed with the secret over
 *   METHOD \n /api/v4/path \n raw query as received \n sha512hex(raw body bytes) \n Timestamp
 * Kept free of I/O so it can be tested with known vectors.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** A request exactly as it arrived. */
export interface ArrivedRequest {
  /** HTTP method as received. */
  readonly method: string;
  /** Path including the `/api/v4` prefix, without the query. */
  readonly rawPath: string;
  /** Query string as received, without `?`. */
  readonly rawQuery: string;
  /** Body bytes as received (empty when none). */
  readonly body: Uint8Array;
  /** Header lookup, case-insensitive (Node lower-cases incoming names). */
  readonly header: (name: string) => string | undefined;
}

/** Why a request was refused (or `ok`). */
export type Verdict =
  | { readonly ok: true; readonly key: string }
  | { readonly ok: false; readonly key: string | undefined; readonly label: RejectLabel };

/** The refusal labels the server answers with (the API's own labels). */
export type RejectLabel = 'MISSING_REQUIRED_HEADER' | 'INVALID_KEY' | 'REQUEST_EXPIRED' | 'INVALID_SIGNATURE';

/** Lower-case hex SHA-512. */
export function sha512Hex(data: Uint8Array | string): string {
  return createHash('sha512').update(data).digest('hex');
}

/** The five-part signature string. */
export function signatureString(
  method: string,
  path: string,
  query: string,
  bodyHash: string,
  timestamp: string,
): string {
  return `${method}\n${path}\n${query}\n${bodyHash}\n${timestamp}`;
}

/** Lower-case hex HMAC-SHA512 of `payload`. */
export function hmacSha512Hex(secret: string, payload: string): string {
  return createHmac('sha512', secret).update(payload).digest('hex');
}

/**
 * Checks a private request: the three headers present, the key known, the Timestamp (Unix
 * seconds, fractions accepted as some clients send them) within `maxSkewSeconds` of `nowMs`,
 * then the signature over the request exactly as received.
 */
export function verifyArrived(
  req: ArrivedRequest,
  secretOf: (key: string) => string | undefined,
  nowMs: number,
  maxSkewSeconds = 60,
): Verdict {
  const key = req.header('key');
  const timestamp = req.header('timestamp');
  const sign = req.header('sign');
  if (!key || !timestamp || !sign) return { ok: false, key: key || undefined, label: 'MISSING_REQUIRED_HEADER' };
  const secret = secretOf(key);
  if (secret === undefined) return { ok: false, key, label: 'INVALID_KEY' };
  const seconds = Number(timestamp);
  if (!/^\d+(\.\d+)?$/.test(timestamp) || Math.abs(seconds - nowMs / 1000) > maxSkewSeconds) {
    return { ok: false, key, label: 'REQUEST_EXPIRED' };
  }
  const expected = hmacSha512Hex(
    secret,
    signatureString(req.method.toUpperCase(), req.rawPath, req.rawQuery, sha512Hex(req.body), timestamp),
  );
  const given = Buffer.from(sign, 'utf8');
  const want = Buffer.from(expected, 'utf8');
  if (given.length !== want.length || !timingSafeEqual(given, want))
    return { ok: false, key, label: 'INVALID_SIGNATURE' };
  return { ok: true, key };
}
