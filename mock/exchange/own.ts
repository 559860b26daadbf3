/**
 * Lookups by a name from a request (a pair, contract, currency, settlement currency or order id)
 * in the exchange state's plain-object maps. Only own properties count: `__proto__`,
 * `constructor`, `toString` and the other names every object inherits are unknown names like any
 * other, so they get the API's usual "not found" answer instead of a crash, and a write never
 * lands on `Object.prototype`.
 */

/** The value `record` holds under its own key `key`; `undefined` when it has none (inherited names included). */
export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The value under the own key `key`, created with `make()` first when missing (never an inherited one). */
export function ownOrAdd<T>(record: Record<string, T>, key: string, make: () => T): T {
  const found = own(record, key);
  if (found !== undefined) return found;
  const made = make();
  Object.defineProperty(record, key, { value: made, enumerable: true, writable: true, configurable: true });
  return made;
}
