/**
 * Per-test fault injection. A fault matches requests by operation id, method and/or path and
 * fires for its next `times` matching requests (default 1), after the signature checks:
 * - `status`: answer 500/502/503 (or any status) with an error label instead of doing the work;
 * - `delay`: wait `ms` of real time, then handle the request normally;
 * - `reset-before`: destroy the connection without doing anything;
 * - `reset-after`: do the work (a write is applied), then destroy the connection without answering;
 * - `429-burst`: answer 429 TOO_MANY_REQUESTS with rate-limit headers.
 * Faults are tried in the order they were added; the first that matches fires.
 */

/** Which requests a fault applies to; every given field must match (none given: every request). */
export interface FaultMatch {
  operationId?: string;
  method?: string;
  /** The path template (`/withdrawals/{withdrawal_id}`) or the concrete path, without the prefix. */
  path?: string;
  /** How many matching requests it fires for (default 1). */
  times?: number;
}

/** A fault to inject. */
export type FaultSpec = FaultMatch &
  (
    | { kind: 'status'; status: 500 | 502 | 503 | (number & {}); label?: string; message?: string }
    | { kind: 'delay'; ms: number }
    | { kind: 'reset-before' }
    | { kind: 'reset-after' }
    | { kind: '429-burst'; times: number }
  );

/** A fault that is still armed, with its firings left. */
export type ArmedFault = FaultSpec & { id: number; remaining: number };

/** The request a fault is tested against. */
export interface FaultTarget {
  operationId: string;
  method: string;
  /** Template path without prefix. */
  template: string;
  /** Concrete path without prefix. */
  path: string;
}

/** Default labels of injected status faults. */
export function defaultFaultLabel(status: number): string {
  if (status === 503) return 'TOO_BUSY';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status >= 500) return 'SERVER_ERROR';
  return 'BAD_REQUEST';
}

/** The fault list a test arms. */
export class FaultInjector {
  #armed: ArmedFault[] = [];
  #nextId = 1;

  /** Arms a fault; returns its id. */
  add(fault: FaultSpec): number {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1)
      throw new TypeError(`faults.add: times must be a positive integer, got ${String(fault.times)}`);
    if (fault.kind === 'delay' && !(Number.isFinite(fault.ms) && fault.ms >= 0)) {
      throw new TypeError(`faults.add: delay ms must be a non-negative number, got ${String(fault.ms)}`);
    }
    if (fault.kind === 'status' && !(Number.isInteger(fault.status) && fault.status >= 400 && fault.status <= 599)) {
      throw new TypeError(`faults.add: status must be an HTTP error status, got ${String(fault.status)}`);
    }
    const id = this.#nextId++;
    this.#armed.push({ ...fault, id, remaining: times });
    return id;
  }

  /** Disarms every fault. */
  clear(): void {
    this.#armed = [];
  }

  /** Faults still armed, in order. */
  pending(): readonly ArmedFault[] {
    return this.#armed.map((f) => ({ ...f }));
  }

  /** Fires the first armed fault matching `target` (using up one firing), if any. */
  take(target: FaultTarget): ArmedFault | undefined {
    const hit = this.#armed.find((f) => matches(f, target));
    if (hit === undefined) return undefined;
    hit.remaining -= 1;
    if (hit.remaining <= 0) this.#armed = this.#armed.filter((f) => f !== hit);
    return { ...hit };
  }
}

function matches(fault: FaultMatch, target: FaultTarget): boolean {
  if (fault.operationId !== undefined && fault.operationId !== target.operationId) return false;
  if (fault.method !== undefined && fault.method.toUpperCase() !== target.method) return false;
  if (fault.path !== undefined && fault.path !== target.template && fault.path !== target.path) return false;
  return true;
}
