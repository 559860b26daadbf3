/**
 * The values the emitters use from ts-morph, loaded with `require`. ts-morph is CommonJS; importing
 * it from ESM has Node scan its source for named exports and load it through the ESM loader (and
 * tsx's hooks), about 100 ms more for every run that emits. Types still come from 'ts-morph'.
 */
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';

const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph;

/** ts-morph's `printStructure`, `Scope`, `StructureKind` and `VariableDeclarationKind`. */
export const { printStructure, Scope, StructureKind, VariableDeclarationKind } = tsMorph;
