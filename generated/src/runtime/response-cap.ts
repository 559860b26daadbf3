/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/response-cap.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The response-body cap both transports enforce (`maxResponseBytes`, default 16 MiB): an answer
 * whose `Content-Length` already passes it is refused before its body is read, and any other body
 * is counted while it streams in and dropped (the stream cancelled, the connection closed) as soon
 * as it passes the cap. The count is of the bytes the transport reads after content decoding:
 * `fetch` decodes gzip / deflate / br itself, the `node` transport asks for no encoding and decodes
 * none, so a small compressed answer that would decode to gigabytes never costs more than the cap.
 */

/** Default cap on one answer's body, in bytes: 16 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** What a transport's `too-large` failure carries: the answer's status and the cap it passed. */
export interface BodyTooLarge {
  readonly status: number;
  readonly limit: number;
}

/**
 * Whether the answer's `Content-Length` alone shows its body passes `limit`. The length counts the
 * bytes on the wire; when the transport `decodes` content and the body is encoded, the decoded
 * size is not known from it (the body is counted as it is read instead). Pure.
 */
export function declaredOverLimit(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  limit: number,
  decodes: boolean,
): boolean {
  const length = headers['content-length'];
  const encoding = headers['content-encoding'];
  if (typeof length !== 'string' || (decodes && typeof encoding === 'string' && !/^\s*(identity\s*)?$/i.test(encoding)))
    return false;
  // Not a number (`NaN`): not known.
  return Number(length) > limit;
}

/** Decodes whole answers only (never a stream's part), so one decoder serves every answer. */
const utf8 = /* @__PURE__ */ new TextDecoder();

/** The UTF-8 text of an answer's body chunks, as one decoder streaming them reads it (a leading BOM dropped). */
export function decodeChunks(chunks: readonly Uint8Array[]): string {
  if (chunks.length < 2) return utf8.decode(chunks[0]);
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
}

/**
 * The text of a web `Response`'s body (UTF-8, as `response.text()` reads it), counted as it
 * streams: past `limit` bytes the stream is cancelled and the answer is `undefined`.
 */
export async function readCapped(response: Response, limit: number): Promise<string | undefined> {
  const body = response.body;
  if (body === null) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return decodeChunks(chunks);
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}
