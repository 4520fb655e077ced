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

/**
 * Reads a shared vectors file; a missing or malformed file is reported, never skipped. A file
 * holding several tables (`listing.json`) is an object; `section` names the table to read.
 */
export function loadVectors<T extends VectorBase>(file: string, section?: string): VectorFile<T> {
  const filePath = join(VECTORS_DIR, file);
  const path = section ? `${filePath} (${section})` : filePath;
  if (!existsSync(filePath)) return { file, problem: `${path} is missing`, vectors: [] };
  try {
    const whole: unknown = JSON.parse(readFileSync(filePath, 'utf8'));
    const parsed = section ? (whole as Record<string, unknown> | null)?.[section] : whole;
    if (!Array.isArray(parsed)) return { file, problem: `${path} is not a JSON array`, vectors: [] };
    if (parsed.length === 0) return { file, problem: `${path} has no vectors`, vectors: [] };
    return { file, problem: null, vectors: parsed as T[] };
  } catch (error) {
    return { file, problem: `${path} is not valid JSON: ${String(error)}`, vectors: [] };
  }
}

/** A readable test title for one vector. */
export const vectorTitle = (vector: VectorBase) => `${vector.spec}: ${vector.name}`;
