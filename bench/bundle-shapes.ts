/**
 * The documented tree-shakable form, bundled for the browser: one program per shape of call (a
 * public read, a signed read, a paginated read, a signed write, a write of a list body), each `createCore` plus one
 * standalone operation function from the package entry, built by esbuild (browser conditions,
 * ESM, minified, tree-shaken) and gzipped with zlib (level 9). Bytes, not time, so the figures are
 * deterministic. `test/package/bundle-size.test.ts` holds each shape to its ceiling; run this file
 * (`npx tsx bench/bundle-shapes.ts`) to print the figures.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** One shape of call, as a program a browser application would hold. */
export interface BundleShape {
  readonly id: string;
  /** The operation function the program calls. */
  readonly operation: string;
  /** The call's params, as source. */
  readonly params: string;
  /** Whether the core is given a key pair. */
  readonly signed: boolean;
  /** The program passes an `ExchangeClient` instead (the control: every operation comes with it). */
  readonly client?: true;
}

/** What one shape bundles to. */
export interface ShapeBundle {
  readonly id: string;
  readonly minBytes: number;
  readonly gzipBytes: number;
  /** The minified output. */
  readonly text: string;
  /** Inputs that put bytes into the output, with their byte counts, largest first. */
  readonly inputs: ReadonlyArray<{ readonly file: string; readonly bytes: number }>;
}

/** The shapes the README quotes. */
export const BUNDLE_SHAPES: readonly BundleShape[] = [
  { id: 'public read', operation: 'listTickers', params: "{ currency_pair: 'BTC_USDT' }", signed: false },
  { id: 'signed read', operation: 'getTotalBalance', params: '{}', signed: true },
  { id: 'paginated read', operation: 'listWithdrawals', params: '{ limit: 20 }', signed: true },
  {
    id: 'signed write',
    operation: 'transfer',
    params: "{ currency: 'USDT', from: 'spot', to: 'margin', amount: '1', currency_pair: 'BTC_USDT' }",
    signed: true,
  },
  {
    id: 'list write',
    operation: 'createBatchOrders',
    params: "{ body: [{ currency_pair: 'BTC_USDT', side: 'buy', amount: '1', price: '1' }] }",
    signed: true,
  },
];

const repoRoot = path.resolve(import.meta.dirname, '..');

/** The program of a shape: the README's form, importing from `entry`. */
export function shapeProgram(shape: BundleShape, entry: string): string {
  const credentials = shape.signed ? "key: 'k', secret: 's', " : '';
  const make = shape.client ? 'ExchangeClient' : 'createCore';
  return `import { ${make}, ${shape.operation} } from ${JSON.stringify(entry)};
const core = ${shape.client ? 'new ' : ''}${make}({ ${credentials}baseUrl: 'https://api.example.com/api/v4' });
export const run = () => ${shape.operation}(core, ${shape.params});`;
}

/** The public read with an `ExchangeClient`: what the client class costs. */
export const CLIENT_SHAPE: BundleShape = { ...BUNDLE_SHAPES[0]!, id: 'client class', client: true };

/** Bundles one shape against `entry` (the generated sources unless given). */
export async function bundleShape(shape: BundleShape, entry = './generated/src/index.js'): Promise<ShapeBundle> {
  return { ...(await bundleProgram(shapeProgram(shape, entry))), id: shape.id };
}

/** Bundles a program (TypeScript source resolved from the repository root) as the shapes are bundled. */
export async function bundleProgram(source: string): Promise<Omit<ShapeBundle, 'id'>> {
  const result = await build({
    stdin: { contents: source, resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    write: false,
    minify: true,
    treeShaking: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
  });
  const out = result.outputFiles[0]!;
  const inputs = Object.values(result.metafile.outputs)
    .flatMap((o) => Object.entries(o.inputs).map(([file, { bytesInOutput }]) => ({ file, bytes: bytesInOutput })))
    .filter((i) => i.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  return {
    minBytes: out.contents.byteLength,
    gzipBytes: gzipSync(out.contents, { level: 9 }).byteLength,
    text: out.text,
    inputs,
  };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const shape of [...BUNDLE_SHAPES, CLIENT_SHAPE]) {
    const b = await bundleShape(shape);
    const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
    console.log(
      `${b.id.padEnd(15)} ${shape.operation.padEnd(17)} ${String(b.minBytes).padStart(6)} B min (${kib(b.minBytes)})  ${String(b.gzipBytes).padStart(6)} B gzip (${kib(b.gzipBytes)})`,
    );
  }
}
