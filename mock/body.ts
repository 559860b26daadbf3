/**
 * Reads a request body up to a limit. Bytes are kept only while the total stays within the
 * limit; the moment it passes, reading stops (the stream is paused and let go, nothing more is
 * buffered) and the caller answers 413 and closes the connection.
 */
import type { Readable } from 'node:stream';

/** The body's bytes, or `'too-large'` once more than `limit` bytes arrived. */
export function readBody(stream: Readable, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // The error listener stays: an error after the answer (the client hanging up) is ignored.
    const stop = (): void => {
      stream.off('data', onData);
      stream.off('end', onEnd);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        stop();
        stream.pause();
        chunks.length = 0;
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
