/**
 * What the `node` transport puts on the wire, read as raw bytes by a plain TCP server on
 * 127.0.0.1: a write goes as one head with `Content-Length` (never chunked, never `Expect`) and
 * its body, and calls in turn share one keep-alive connection, as a bare `node:http` client does.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../generator/targets/typescript/runtime/node-transport.js';
import type { WireRequest } from '../../generator/targets/typescript/runtime/transport.js';

/** One connection's bytes as they arrived, chunk by chunk. */
interface Arrival {
  readonly chunks: string[];
}

const arrivals: Arrival[] = [];
const sockets = new Set<Socket>();
let server: Server;
let origin: string;

/** Answers every complete request (head plus `Content-Length` body) with a small JSON body. */
function answerComplete(socket: Socket, arrival: Arrival): void {
  let pending = '';
  socket.on('data', (chunk: Buffer) => {
    arrival.chunks.push(chunk.toString('latin1'));
    pending += chunk.toString('latin1');
    for (;;) {
      const end = pending.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(pending.slice(0, end))?.[1] ?? '0');
      if (pending.length < end + 4 + length) return;
      pending = pending.slice(end + 4 + length);
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    }
  });
}

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const arrival: Arrival = { chunks: [] };
    arrivals.push(arrival);
    answerComplete(socket, arrival);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const transfer = (body: string): WireRequest => ({
  method: 'POST',
  path: '/api/v4/wallet/transfers',
  query: '',
  url: `${origin}/api/v4/wallet/transfers`,
  body,
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  sign: false,
});

describe("transport: 'node' on the wire", () => {
  it('sends a write as one head with Content-Length and its body, and reuses one connection', async () => {
    const transport = createNodeTransport({ origin });
    const bodies = ['{"amount":"1.5","currency":"USDT"}', '{"note":"€ über"}'];
    for (const body of bodies) expect((await transport.send(transfer(body), 5_000, undefined)).text).toBe('{}');

    expect(arrivals).toHaveLength(1);
    const bytes = arrivals[0]?.chunks.join('') ?? '';
    const requests = bytes.split(/(?=POST )/);
    expect(requests).toHaveLength(2);
    requests.forEach((request, i) => {
      const [head = '', body] = request.split('\r\n\r\n');
      const lines = head.split('\r\n');
      expect(lines[0]).toBe('POST /api/v4/wallet/transfers HTTP/1.1');
      expect(lines).toContain(`Content-Length: ${Buffer.byteLength(bodies[i] ?? '', 'utf8')}`);
      expect(lines).toContain('Connection: keep-alive');
      expect(head).not.toMatch(/transfer-encoding|expect:/i);
      expect(Buffer.from(body ?? '', 'latin1').toString('utf8')).toBe(bodies[i]);
    });
  });
});
