/**
 * Attempt deadlines on one timer: a transport registers each attempt's deadline and the action
 * that cuts it off; one timer, armed for the earliest deadline, runs the actions of every attempt
 * past its deadline. Attempts that end in time are only taken off the list, so a client sending
 * one call after another sets a timer about once per timeout instead of once per attempt.
 *
 * The list is a fixed array of slots (a cancelled deadline frees its slot for the next), not a
 * `Set`: a long-lived `Set` churned by every attempt rehashes into fresh tables that the stale,
 * not yet collected ones keep reachable for the young-generation collector, so every attempt's
 * request, response and closures outlived it into the old generation.
 */

/** One registered deadline. */
export interface Deadline {
  /** Epoch ms after which the attempt is cut off. */
  readonly at: number;
  /** Cuts the attempt off (called at most once, never after `cancel`). */
  readonly expire: () => void;
}

/**
 * Which deadlines have passed at `now`, and when the next of the others falls (`undefined` when
 * none is left): the decision the timer acts on.
 */
export function duePast(
  deadlines: Iterable<Deadline>,
  now: number,
): { readonly due: Deadline[]; readonly nextAt: number | undefined } {
  const due: Deadline[] = [];
  let nextAt: number | undefined;
  for (const deadline of deadlines) {
    if (deadline.at <= now) due.push(deadline);
    else if (nextAt === undefined || deadline.at < nextAt) nextAt = deadline.at;
  }
  return { due, nextAt };
}

/** A registered deadline and the slot it holds. */
interface Slotted extends Deadline {
  readonly slot: number;
}

/** The deadlines of one transport's attempts in flight, on one timer. */
export class Deadlines {
  /** Deadlines in flight by slot; a cancelled one leaves its slot empty. */
  readonly #slots: (Slotted | undefined)[] = [];
  /** Empty slots, reused before the list grows. */
  readonly #free: number[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #armedAt = Infinity;

  /** @param now the clock deadlines are read on (epoch ms) */
  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Registers `expire` to run `timeoutMs` from now; returns what `cancel` takes. */
  add(timeoutMs: number, expire: () => void): Deadline {
    const now = this.now();
    const slot = this.#free.pop() ?? this.#slots.length;
    const deadline: Slotted = { at: now + timeoutMs, expire, slot };
    this.#slots[slot] = deadline;
    if (deadline.at < this.#armedAt) this.#arm(deadline.at, now);
    return deadline;
  }

  /** Takes a deadline off the list (the attempt ended in time); its `expire` never runs. */
  cancel(deadline: Deadline): void {
    const { slot } = deadline as Slotted;
    if (this.#slots[slot] !== deadline) return;
    this.#slots[slot] = undefined;
    this.#free.push(slot);
  }

  #arm(at: number, now: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#armedAt = at;
    this.#timer = setTimeout(() => this.#fire(), Math.max(0, at - now));
    // Attempts in flight keep the process alive by their sockets; the timer alone never does.
    (this.#timer as { unref?: () => void }).unref?.();
  }

  #fire(): void {
    this.#timer = undefined;
    this.#armedAt = Infinity;
    const now = this.now();
    const pending = this.#slots.filter((d): d is Slotted => d !== undefined);
    const { due, nextAt } = duePast(pending, now);
    for (const deadline of due) {
      this.cancel(deadline);
      deadline.expire();
    }
    if (nextAt !== undefined) this.#arm(nextAt, now);
  }
}
