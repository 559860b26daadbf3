/** Small shared types used by generated operation signatures. */

/** Parameters of an operation that takes none. */
export type NoParams = Record<string, never>;

/** A value of an open query string (named-only operations). Arrays are sent comma-separated. */
export type OpenQueryValue = string | number | boolean | bigint | readonly (string | number | bigint)[] | undefined;

/** Extra query parameters of a named-only operation, sent in the order given. */
export type OpenQuery = Readonly<Record<string, OpenQueryValue>>;

/** Any JSON value (open request bodies and responses of named-only operations). */
export type JsonValue =
  string | number | boolean | null | bigint | readonly JsonValue[] | { readonly [key: string]: JsonValue | undefined };

/**
 * JSON as an untyped result holds it (named-only operations and `client.request()`): every integer
 * is a string of its exact digits, whatever its size; other numbers stay numbers.
 */
export type UntypedJson = string | number | boolean | null | UntypedJson[] | { [key: string]: UntypedJson };
