/**
 * Random JSON for the JSON reader and writer properties: texts with big and small integers,
 * fractions with many digits, exponents (finite and not), escapes, surrogate pairs, digit strings,
 * duplicate and `__proto__` keys, odd whitespace and nesting; int64 path sets over the same keys;
 * and values to write.
 */
import fc from 'fast-check';

const digits = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

const integerText = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.bigInt({ min: 2n ** 53n - 4n, max: 2n ** 53n + 4n }).map((n) => (n % 2n === 0n ? `-${n}` : `${n}`)),
  fc.constant('-0'),
);

/** JSON number texts: integers of every size, fractions with up to 20 digits, exponents up to 420. */
export const numberText = fc.oneof(
  { weight: 3, arbitrary: integerText },
  { weight: 1, arbitrary: fc.tuple(integerText, digits(1, 20)).map(([i, f]) => `${i}.${f}`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(integerText, fc.constantFrom('e', 'E', 'e+', 'e-'), fc.integer({ min: 0, max: 420 }))
      .map(([i, e, x]) => `${i}${e}${x}`),
  },
);

/** JSON string texts: any UTF-16 (lone surrogates too), digit runs, and hand-written escapes. */
const stringText = fc.oneof(
  fc
    .oneof(fc.string({ unit: 'binary' }), digits(1, 25), integerText, fc.constantFrom('1.0', '\\"', '\u2028', 'é€𝄞'))
    .map((s) => JSON.stringify(s)),
  fc.constantFrom('"\\ud834\\udd1e"', '"\\u00e9\\/\\b\\f\\n\\r\\t"', '"\\\\"', '"a\\\\\\"b"', '"\\uD800"'),
);

const space = fc.constantFrom('', '', ' ', '\n', '\t', '\r\n  ');
const key = fc.oneof(fc.constantFrom('id', 'a', 'b', '__proto__', '12345678901234567890'), fc.string());

/** Valid JSON texts. */
export const jsonText: fc.Arbitrary<string> = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    numberText,
    stringText,
    fc.constantFrom('true', 'false', 'null'),
    fc.tuple(fc.array(tie('json'), { maxLength: 5 }), space).map(([items, s]) => `[${s}${items.join(`${s},`)}]`),
    fc
      .tuple(fc.array(fc.tuple(key, tie('json')), { maxLength: 5 }), space)
      .map(([pairs, s]) => `{${s}${pairs.map(([k, v]) => `${JSON.stringify(k)}${s}:${s}${v}${s}`).join(',')}}`),
  ),
})).json;

/** Sets of int64 paths over the keys the texts use. */
export const int64Paths = fc.array(fc.array(fc.constantFrom('*', 'id', 'a', 'b', '__proto__'), { maxLength: 3 }), {
  maxLength: 3,
});

/** Valid texts with one character changed, dropped or added: mostly invalid JSON. */
export const brokenJsonText = fc
  .tuple(
    jsonText,
    fc.nat(),
    fc.constantFrom('', '"', ',', ':', '{', '}', '[', ']', '-', '0', '\\', 'e', '.', 'x', '\u0001'),
  )
  .map(([text, n, insert]) => {
    const i = text.length === 0 ? 0 : n % text.length;
    return n % 2 === 0 ? text.slice(0, i) + insert + text.slice(i + 1) : text.slice(0, i) + insert + text.slice(i);
  });

/** Values to write: numbers, bigints, digit strings, nulls, undefined, arrays and objects over the path keys. */
export const writableValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.double(),
    fc.integer(),
    fc.bigInt(),
    fc.string({ unit: 'binary' }),
    digits(1, 22),
    fc.constantFrom(null, true, false, undefined, -0),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom('id', 'a', 'b', '__proto__'), fc.string()), tie('v'), { maxKeys: 4 }),
  ),
})).v;
