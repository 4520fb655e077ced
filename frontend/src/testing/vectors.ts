import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** testdata/vectors at the repository root (../testdata/vectors from frontend/), set in vite.config.ts. */
const VECTORS_DIR = process.env.VECTORS_DIR ?? '../testdata/vectors';

export interface VectorBase {
  spec: string;
  name: string;
}

export interface VectorFile<T> {
  file: string;
  /** Why the file could not be used, or null when it was read. */
  problem: string | null;
  vectors: T[];
}

/** Reads a shared vectors file; a missing or malformed file is reported, never skipped. */
export function loadVectors<T extends VectorBase>(file: string): VectorFile<T> {
  const path = join(VECTORS_DIR, file);
  if (!existsSync(path)) return { file, problem: `${path} is missing`, vectors: [] };
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!Array.isArray(parsed)) return { file, problem: `${path} is not a JSON array`, vectors: [] };
    if (parsed.length === 0) return { file, problem: `${path} has no vectors`, vectors: [] };
    return { file, problem: null, vectors: parsed as T[] };
  } catch (error) {
    return { file, problem: `${path} is not valid JSON: ${String(error)}`, vectors: [] };
  }
}

/** A readable test title for one vector. */
export const vectorTitle = (vector: VectorBase) => `${vector.spec}: ${vector.name}`;
