/**
 * Applying an `Update` to a plain document, in JavaScript, with MongoDB's meaning: dotted
 * paths reach into nested objects, `$inc` on a missing field starts from 0, `$unset` removes.
 * The SQLite store uses it inside a transaction; the MongoDB store lets the server do it.
 */
import type { Update } from '../ports';

export function splitPath(path: string): string[] {
  const segments = path.split('.');
  if (segments.some((s) => s === '')) throw new Error(`invalid field path: "${path}"`);
  return segments;
}

export function getPath(doc: unknown, path: string): unknown {
  let node: unknown = doc;
  for (const segment of splitPath(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

function parentOf(doc: Record<string, unknown>, segments: string[], create: boolean): Record<string, unknown> | undefined {
  let node = doc;
  for (const segment of segments.slice(0, -1)) {
    let next = node[segment];
    if (next === undefined || next === null) {
      if (!create) return undefined;
      next = {};
      node[segment] = next;
    }
    if (typeof next !== 'object') throw new Error(`cannot reach into non-object field "${segment}"`);
    node = next as Record<string, unknown>;
  }
  return node;
}

export function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const segments = splitPath(path);
  parentOf(doc, segments, true)![segments[segments.length - 1]] = value;
}

export function unsetPath(doc: Record<string, unknown>, path: string): void {
  const segments = splitPath(path);
  const parent = parentOf(doc, segments, false);
  if (parent) delete parent[segments[segments.length - 1]];
}

/** Returns a new document; throws on a change to `id` or an `$inc` of a non-number. */
export function applyUpdate<T extends { id: string }>(doc: T, change: Update<T>): T {
  const next = structuredClone(doc) as unknown as Record<string, unknown>;
  for (const [path, value] of Object.entries(change.$set ?? {})) {
    if (path === 'id' && value !== doc.id) throw new Error('the id of a document cannot change');
    if (value !== undefined) setPath(next, path, value);
  }
  for (const [path, by] of Object.entries(change.$inc ?? {})) {
    if (typeof by !== 'number' || !Number.isFinite(by)) throw new Error(`$inc of "${path}" needs a finite number`);
    const current = getPath(next, path);
    if (current !== undefined && current !== null && typeof current !== 'number') {
      throw new Error(`cannot $inc non-numeric field "${path}"`);
    }
    setPath(next, path, ((current as number | undefined) ?? 0) + by);
  }
  for (const path of change.$unset ?? []) {
    if (path === 'id') throw new Error('the id of a document cannot be unset');
    unsetPath(next, path);
  }
  return next as unknown as T;
}

/** True for `{ $gt: 1 }`-style operator objects, as opposed to a plain value to compare. */
export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}
