/**
 * What a generator target is: a folder of `generator/targets/` that turns the IR (and, for the
 * TypeScript target, the schema types of `generator/schema-types/`) into files of `generated/`.
 * The pipeline runs every target of `generator/targets/index.ts` in the same emit units
 * (`generator/emit-units.ts`): each area's files, the files every area feeds, the runtime.
 */
import type { IR } from '../ir/types.js';
import type { OperationTypes } from '../schema-types/models.js';

/** Files by path relative to `generated/`. */
export type Files = Map<string, string>;

/** What one area's files are made from: the area's slice of the IR and of the schema types. */
export interface AreaInput {
  /** The area's name (the first tag of its operations). */
  readonly area: string;
  /** The IR with the other areas' operations reduced to their `id` and `area`. */
  readonly ir: IR;
  /** The area's operation types (openapi-typescript's), by operation id. */
  readonly types: ReadonlyMap<string, OperationTypes>;
  /** The usual meaning of each error status across the whole API (`commonErrors`). */
  readonly common: ReadonlyMap<string, string>;
  /** Repository root (a target reads its templates under it). */
  readonly root: string;
}

/** What the files every area feeds are made from. */
export interface SharedInput {
  /** The IR without the operations' descriptions. */
  readonly ir: IR;
  /** Every model name of the schema types, sorted. */
  readonly modelNames: readonly string[];
  /** The root package.json's version (the packages' version). */
  readonly packageVersion: string;
  /** Repository root. */
  readonly root: string;
}

/** One generator target. Its methods are pure functions of their input, its code and its templates. */
export interface Target {
  /** The target's folder name under `generator/targets/`. */
  readonly name: string;
  /**
   * Where the named models of the schema types stage (openapi-typescript over the bundled spec,
   * `generator/schema-types/`) are written, for a target that renders from them (the TypeScript
   * target: `src/models.ts`). The stage runs only when a target sets this.
   */
  readonly modelsModule?: string;
  /** One area's files (an edit in one area re-emits only these and the shared files). */
  areaFiles(input: AreaInput): Promise<Files>;
  /** The files every area feeds (client classes, tables, indexes, package metadata). */
  sharedFiles(input: SharedInput): Promise<Files>;
  /**
   * The hand-written runtime, copied as written under a banner naming the file to edit: never
   * reformatted (its sources are kept formatted). Absent for a target without a runtime.
   */
  runtimeFiles?(root: string): Promise<Files>;
}
