/**
 * The one error type the mock's request pipeline throws: an HTTP status plus the exchange's error
 * body (`{"label": ..., "message": ...}`). Anything else thrown while answering becomes a 500.
 */

/** An error answer: status, label and message, and optional extra response headers. */
export class MockHttpError extends Error {
  override name = 'MockHttpError';
  /** HTTP status to answer with. */
  readonly status: number;
  /** Error label (`INVALID_PARAM_VALUE`, `REQUEST_EXPIRED`, ...). */
  readonly label: string;
  /** Extra response headers (for example the rate-limit reset on a 429). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, label: string, message: string, headers: Readonly<Record<string, string>> = {}) {
    super(message);
    this.status = status;
    this.label = label;
    this.headers = headers;
  }

  /** The JSON error body the exchange sends. */
  body(): { label: string; message: string } {
    return { label: this.label, message: this.message };
  }
}

/** 400 INVALID_PARAM_VALUE naming the field and, unless it is secret, the value. */
export function invalidParam(field: string, value: unknown, rule: string, secret = false): MockHttpError {
  const shown = secret ? '[redacted]' : describeValue(value);
  return new MockHttpError(400, 'INVALID_PARAM_VALUE', `Invalid parameter \`${field}\` with value: ${shown} (${rule})`);
}

/** 400 MISSING_REQUIRED_PARAM naming the field. */
export function missingParam(field: string): MockHttpError {
  return new MockHttpError(400, 'MISSING_REQUIRED_PARAM', `Missing required parameter: ${field}`);
}

/** 400 INVALID_REQUEST_BODY with a reason. */
export function invalidBody(reason: string): MockHttpError {
  return new MockHttpError(400, 'INVALID_REQUEST_BODY', `Invalid request body: ${reason}`);
}

/** A short, single-line rendering of a value for an error message. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 77)}...` : value;
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  } catch {
    text = undefined;
  }
  const s = text ?? String(value);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
