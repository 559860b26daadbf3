/**
 * Per-test fault injection. A fault matches requests by operation id, method and/or path and
 * fires for its next `times` matching requests (default 1), after the signature checks:
 * - `status`: answer 500/502/503 (or any status) with an error label instead of doing the work;
 * - `status-after`: do the work (a write is applied), then answer that status instead of the result;
 * - `delay`: a slow answer: the request is validated and counted when it arrives, then waits `ms` of
 *   real time before the work is done and answered;
 * - `reset-before`: destroy the connection without doing anything;
 * - `reset-after`: do the work (a write is applied), then destroy the connection without answering;
 * - `redirect`: answer a 3xx pointing at `location` (another origin, say); a 303 (or `apply: true`)
 *   does the work first, any other redirect does not;
 * - `429-burst`: answer 429 TOO_MANY_REQUESTS with rate-limit headers.
 * Faults are tried in the order they were added; the first that matches fires. Chaos mode
 * (`chaos`) adds seeded random faults to every matching request no armed fault takes.
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
    | { kind: 'status-after'; status: 500 | 502 | 503 | 504 | (number & {}); label?: string; message?: string }
    | { kind: 'delay'; ms: number }
    | { kind: 'reset-before' }
    | { kind: 'reset-after' }
    | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string; apply?: boolean }
    | { kind: '429-burst'; times: number }
  );

/** The effect part of a fault, without its match fields. */
export type FaultEffect = FaultSpec extends infer F ? (F extends FaultSpec ? Omit<F, keyof FaultMatch> : never) : never;

/** Seeded random faults: each matching request gets one of `faults` with probability `rate`. */
export interface ChaosOptions {
  /** Probability in [0, 1] that a matching request gets a fault. */
  rate: number;
  /** Seed of the random sequence (a 32-bit integer): the same seed and arrival order give the same faults. */
  seed: number;
  /** The faults to draw from, equally likely. */
  faults: readonly FaultEffect[];
  /** Only these operations (default: every operation). */
  operationIds?: readonly string[];
}

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

/** A seeded 32-bit generator (mulberry32): uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fault list a test arms. */
export class FaultInjector {
  #armed: ArmedFault[] = [];
  #nextId = 1;
  #chaos: { options: ChaosOptions; random: () => number } | undefined;

  /** Arms a fault; returns its id. */
  add(fault: FaultSpec): number {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1)
      throw new TypeError(`faults.add: times must be a positive integer, got ${String(fault.times)}`);
    checkEffect('faults.add', fault);
    const id = this.#nextId++;
    this.#armed.push({ ...fault, id, remaining: times });
    return id;
  }

  /** Disarms every fault and stops chaos mode. */
  clear(): void {
    this.#armed = [];
    this.#chaos = undefined;
  }

  /** Starts chaos mode (replacing an earlier one): seeded random faults, see {@link ChaosOptions}. */
  chaos(options: ChaosOptions): void {
    if (!(options.rate >= 0 && options.rate <= 1)) throw new TypeError(`faults.chaos: rate must be in [0, 1]`);
    if (options.faults.length === 0) throw new TypeError('faults.chaos: give at least one fault');
    for (const fault of options.faults) checkEffect('faults.chaos', fault);
    this.#chaos = { options: { ...options, faults: [...options.faults] }, random: seededRandom(options.seed) };
  }

  /** Faults still armed, in order. */
  pending(): readonly ArmedFault[] {
    return this.#armed.map((f) => ({ ...f }));
  }

  /** Fires the first armed fault matching `target` (using up one firing), else maybe a chaos fault. */
  take(target: FaultTarget): ArmedFault | undefined {
    const hit = this.#armed.find((f) => matches(f, target));
    if (hit === undefined) return this.#drawChaos(target);
    hit.remaining -= 1;
    if (hit.remaining <= 0) this.#armed = this.#armed.filter((f) => f !== hit);
    return { ...hit };
  }

  #drawChaos(target: FaultTarget): ArmedFault | undefined {
    const chaos = this.#chaos;
    if (chaos === undefined) return undefined;
    const { operationIds, rate, faults } = chaos.options;
    if (operationIds !== undefined && !operationIds.includes(target.operationId)) return undefined;
    if (chaos.random() >= rate) return undefined;
    const effect = faults[Math.min(faults.length - 1, Math.floor(chaos.random() * faults.length))] as FaultEffect;
    return { ...effect, id: 0, remaining: 0 } as ArmedFault;
  }
}

function checkEffect(where: string, fault: FaultEffect): void {
  if (fault.kind === 'delay' && !(Number.isFinite(fault.ms) && fault.ms >= 0)) {
    throw new TypeError(`${where}: delay ms must be a non-negative number, got ${String(fault.ms)}`);
  }
  if (
    (fault.kind === 'status' || fault.kind === 'status-after') &&
    !(Number.isInteger(fault.status) && fault.status >= 400 && fault.status <= 599)
  ) {
    throw new TypeError(`${where}: status must be an HTTP error status, got ${String(fault.status)}`);
  }
  if (fault.kind === 'redirect' && !([301, 302, 303, 307, 308] as number[]).includes(fault.status)) {
    throw new TypeError(`${where}: redirect status must be 301, 302, 303, 307 or 308, got ${String(fault.status)}`);
  }
}

function matches(fault: FaultMatch, target: FaultTarget): boolean {
  if (fault.operationId !== undefined && fault.operationId !== target.operationId) return false;
  if (fault.method !== undefined && fault.method.toUpperCase() !== target.method) return false;
  if (fault.path !== undefined && fault.path !== target.template && fault.path !== target.path) return false;
  return true;
}
