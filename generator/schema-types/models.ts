/**
 * Named models from openapi-typescript's output: every component schema becomes its own exported
 * declaration (`export interface WithdrawalRecord { ... }`), and each operation's parameters,
 * request body and success response are taken out as type text written in terms of those names
 * (`WithdrawalRecord[]`), so editors and `.d.ts` files show names, never
 * `components['schemas'][...]` lookups. `components['parameters'|'responses'|...]` lookups are
 * inlined. The `paths`, `operations` and `components` interfaces themselves are not emitted.
 */
import ts from 'typescript';
import { cleanDocComment } from './doc-comment.js';

const f = ts.factory;

/** The types of one operation, as printed TypeScript. */
export interface OperationTypes {
  /** Members of the path parameters' object type (with their doc comments). */
  readonly path?: readonly string[];
  /** Members of the query parameters' object type. */
  readonly query?: readonly string[];
  /** The JSON request body: its type, and its members when it is an inline object type. */
  readonly body?: { readonly type: string; readonly members?: readonly string[]; readonly list: boolean };
  /** The success response's JSON type, and its item type when it is a list. */
  readonly response?: { readonly type: string; readonly item?: string };
  /** Model names the texts above refer to. */
  readonly models: readonly string[];
}

/** The split: the models module's declarations and the types of every operation. */
export interface ModelTypes {
  /** The statements of `src/models.ts` (printed, without banner). */
  readonly models: string;
  /** Every model name, sorted. */
  readonly modelNames: readonly string[];
  /** Operation types by operationId. */
  readonly operations: ReadonlyMap<string, OperationTypes>;
}

/** Name of a property signature (`foo`, `'application/json'`, `200`). */
function propName(member: ts.TypeElement): string | undefined {
  const name = member.name;
  if (name === undefined) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/** The type of a member of an object type literal, or undefined (also for `never`). */
function memberType(node: ts.TypeNode | undefined, name: string): ts.TypeNode | undefined {
  if (node === undefined || !ts.isTypeLiteralNode(node)) return undefined;
  const member = node.members.find((m) => propName(m) === name);
  const type = member !== undefined && ts.isPropertySignature(member) ? member.type : undefined;
  return type === undefined || type.kind === ts.SyntaxKind.NeverKeyword ? undefined : type;
}

/** `components['section']['name']` as `{section, name}`. */
function componentLookup(node: ts.Node): { section: string; name: string } | undefined {
  if (!ts.isIndexedAccessTypeNode(node) || !ts.isIndexedAccessTypeNode(node.objectType)) return undefined;
  const root = node.objectType.objectType;
  const key = (n: ts.TypeNode): string | undefined =>
    ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal) ? n.literal.text : undefined;
  if (!ts.isTypeReferenceNode(root) || !ts.isIdentifier(root.typeName) || root.typeName.text !== 'components')
    return undefined;
  const section = key(node.objectType.indexType);
  const name = key(node.indexType);
  return section !== undefined && name !== undefined ? { section, name } : undefined;
}

/** Cleans every doc comment under `node` in place (`name`: the type a top-level comment describes). */
function cleanComments(node: ts.Node, name?: string): void {
  const comments = ts.getSyntheticLeadingComments(node);
  if (comments !== undefined) {
    const cleaned = comments.flatMap((c) => {
      const text = cleanDocComment(c.text, name);
      return text === undefined ? [] : [{ ...c, text }];
    });
    ts.setSyntheticLeadingComments(node, cleaned.length > 0 ? cleaned : undefined);
  }
  ts.forEachChild(node, (child) => void cleanComments(child));
}

/** The top-level interface of openapi-typescript's output with this name. */
function topInterface(ast: readonly ts.Node[], name: string): ts.InterfaceDeclaration | undefined {
  return ast.find((n): n is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(n) && n.name.text === name);
}

/** The deprecated alias an old schema name stays as: `export type Old = Current;` with `@deprecated`. */
const deprecatedAlias = (old: string, current: string): string =>
  `/** @deprecated Renamed to {@link ${current}}; this name goes in the next major version. */\nexport type ${old} = ${current};`;

/**
 * Splits openapi-typescript's AST into named models and per-operation types. `previousNames` (old
 * schema name -> current name) become deprecated aliases after the models.
 */
export function splitModels(
  ast: readonly ts.Node[],
  operationList: ReadonlyArray<{ readonly id: string; readonly successStatus: number }>,
  previousNames: Readonly<Record<string, string>> = {},
): ModelTypes {
  const components = topInterface(ast, 'components');
  const operations = topInterface(ast, 'operations');
  if (components === undefined || operations === undefined) {
    throw new Error('openapi-typescript output has no components or operations interface');
  }
  const sections = new Map<string, Map<string, ts.PropertySignature>>();
  for (const section of components.members) {
    const type = ts.isPropertySignature(section) ? section.type : undefined;
    const sectionName = propName(section);
    if (sectionName === undefined || type === undefined || !ts.isTypeLiteralNode(type)) continue;
    const members = new Map<string, ts.PropertySignature>();
    for (const m of type.members) {
      const name = propName(m);
      if (name !== undefined && ts.isPropertySignature(m)) {
        cleanComments(m, sectionName === 'schemas' ? name : undefined);
        members.set(name, m);
      }
    }
    sections.set(sectionName, members);
  }
  cleanComments(operations);

  /** Rewrites schema lookups to names (recorded in `used`) and inlines the other component lookups. */
  const rewrite = (node: ts.TypeNode, used: Set<string>): ts.TypeNode => {
    const transformer: ts.TransformerFactory<ts.Node> = (context) => {
      const visit = (n: ts.Node, depth: number): ts.Node => {
        const lookup = componentLookup(n);
        if (lookup !== undefined) {
          const target = sections.get(lookup.section)?.get(lookup.name);
          if (target?.type === undefined) throw new Error(`unresolved components.${lookup.section}.${lookup.name}`);
          if (lookup.section === 'schemas') {
            used.add(lookup.name);
            return f.createTypeReferenceNode(lookup.name);
          }
          if (depth > 8) throw new Error(`components.${lookup.section}.${lookup.name} nests too deep`);
          return visit(target.type, depth + 1);
        }
        return ts.visitEachChild(n, (child) => visit(child, depth), context);
      };
      return (root) => visit(root, 0);
    };
    const result = ts.transform<ts.Node>(node, [transformer]);
    const [out] = result.transformed;
    result.dispose();
    return out as ts.TypeNode;
  };

  const file = ts.createSourceFile('models.ts', '', ts.ScriptTarget.ESNext, false, ts.ScriptKind.TS);
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false });
  const print = (node: ts.Node): string => printer.printNode(ts.EmitHint.Unspecified, node, file);

  const schemas = sections.get('schemas') ?? new Map<string, ts.PropertySignature>();
  const modelNames = [...schemas.keys()].sort();
  const exported = [f.createModifier(ts.SyntaxKind.ExportKeyword)];
  const declarations = modelNames.map((name) => {
    const member = schemas.get(name) as ts.PropertySignature;
    const type = rewrite(member.type as ts.TypeNode, new Set());
    const declaration: ts.Statement = ts.isTypeLiteralNode(type)
      ? f.createInterfaceDeclaration(exported, name, undefined, undefined, type.members)
      : f.createTypeAliasDeclaration(exported, name, undefined, type);
    ts.setSyntheticLeadingComments(declaration, ts.getSyntheticLeadingComments(member));
    return print(declaration);
  });

  const byId = new Map<string, OperationTypes>();
  for (const { id, successStatus } of operationList) {
    const member = operations.members.find((m) => propName(m) === id);
    const op = member !== undefined && ts.isPropertySignature(member) ? member.type : undefined;
    if (op === undefined) throw new Error(`openapi-typescript output has no operation ${id}`);
    const used = new Set<string>();
    const membersOf = (node: ts.TypeNode | undefined): string[] | undefined => {
      if (node === undefined) return undefined;
      const type = rewrite(node, used);
      if (!ts.isTypeLiteralNode(type)) throw new Error(`${id}: parameters are not an object type`);
      return type.members.map(print);
    };
    const parameters = memberType(op, 'parameters');
    const path = membersOf(memberType(parameters, 'path'));
    const query = membersOf(memberType(parameters, 'query'));
    const bodyNode = memberType(memberType(memberType(op, 'requestBody'), 'content'), 'application/json');
    const body = bodyNode === undefined ? undefined : rewrite(bodyNode, used);
    const responses = memberType(op, 'responses');
    const success =
      responses !== undefined && ts.isTypeLiteralNode(responses)
        ? responses.members.find((m) => propName(m) === String(successStatus))
        : undefined;
    const successType = success !== undefined && ts.isPropertySignature(success) ? success.type : undefined;
    const resolvedSuccess = successType === undefined ? undefined : rewrite(successType, used);
    const responseNode = memberType(memberType(resolvedSuccess, 'content'), 'application/json');
    const response = responseNode === undefined ? undefined : rewrite(responseNode, used);
    byId.set(id, {
      ...(path === undefined ? {} : { path }),
      ...(query === undefined ? {} : { query }),
      ...(body === undefined
        ? {}
        : {
            body: {
              type: print(body),
              list: ts.isArrayTypeNode(body),
              ...(ts.isTypeLiteralNode(body) ? { members: body.members.map(print) } : {}),
            },
          }),
      ...(response === undefined
        ? {}
        : {
            response: {
              type: print(response),
              ...(ts.isArrayTypeNode(response) ? { item: print(response.elementType) } : {}),
            },
          }),
      models: [...used].sort(),
    });
  }
  const aliases = Object.entries(previousNames)
    .filter(([, current]) => schemas.has(current))
    .map(([old, current]) => deprecatedAlias(old, current));
  return { models: [...declarations, ...aliases].join('\n\n'), modelNames, operations: byId };
}
