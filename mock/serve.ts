/**
 * The front door of every request, before the pipeline: the guard (Host, the control API's
 * origin rule; `mock/guard.ts`), CORS for the API (never for the control API), the body read up
 * to the size limit, then the control API or the request pipeline. Refusals answer
 * `{label, message}` and close the connection (an unread body is never drained).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './body.js';
import { applyCors, type PreflightRecord } from './cors.js';
import type { MockHttpError } from './errors.js';
import { handleControl, type ControlTarget } from './exchange/http/control.js';
import { isControl, lengthRefusal, refusal, tooLarge } from './guard.js';
import { toJson } from './json.js';
import { handleRequest, type MockRuntime } from './pipeline.js';

/** What the front door needs from the server. */
export interface FrontDoor {
  rt: MockRuntime;
  control: ControlTarget;
  /** Response headers a page may read (CORS). */
  exposed: readonly string[];
  preflights: { push(record: PreflightRecord): void };
  /** The port the mock listens on (for the Host and Origin checks). */
  port: () => number;
  /** Largest body read, in bytes. */
  maxBodyBytes: number;
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** Handles one request to the end: refused, preflight answered, or passed on with its body. */
export async function serve(door: FrontDoor, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const refused = refusal(
    {
      method: (req.method ?? 'GET').toUpperCase(),
      url,
      host: single(req.headers.host),
      origin: single(req.headers.origin),
      preflightMethod: single(req.headers['access-control-request-method']),
    },
    door.port(),
  );
  if (refused !== undefined) return refuse(res, refused);
  const control = isControl(url);
  if (!control && applyCors(req, res, door.exposed, door.preflights)) return;
  const declared = lengthRefusal(single(req.headers['content-length']), door.maxBodyBytes);
  if (declared !== undefined) return refuse(res, declared);
  const body = await readBody(req, door.maxBodyBytes);
  if (body === 'too-large') return refuse(res, tooLarge(door.maxBodyBytes));
  return control ? handleControl(door.control, req, res, body) : handleRequest(door.rt, req, res, body);
}

/** Answers a refusal and closes the connection once it is sent. */
function refuse(res: ServerResponse, error: MockHttpError): void {
  const json = toJson(error.body());
  res.writeHead(error.status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(json)),
    Connection: 'close',
  });
  res.end(json);
}
