/** The deprecated aliases the Python target keeps for renamed schemas (`x-previous-names`). */

/**
 * The deprecated aliases of `models.py`: each previous name of a schema (old -> current) that has
 * a named type stays as an alias of it, and so does its `Input` variant; sorted by name.
 */
export function deprecatedAliases(
  names: ReadonlySet<string>,
  previousNames: Readonly<Record<string, string>>,
): Array<{ name: string; of: string }> {
  return Object.entries(previousNames)
    .flatMap(([old, current]) =>
      [
        { name: old, of: current },
        { name: `${old}Input`, of: `${current}Input` },
      ].filter((a) => names.has(a.of)),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}
