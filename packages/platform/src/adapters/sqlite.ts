/**
 * Opening a SQLite file the way both the store and the embedded bus need it.
 *
 * WAL: readers never block the writer, and a crash leaves the main file intact (the
 * write-ahead log is replayed or discarded on the next open, whole transactions at a time).
 *
 * synchronous=FULL: in WAL mode NORMAL already survives a killed process, but a power cut
 * or a kernel panic may roll back the last transactions that had been reported committed.
 * These files hold quota reservations, report counts and pipeline events; a user who was
 * told an upload counted must not find it uncounted after a reboot. FULL costs one fsync of
 * the log per commit, which embedded mode's write rate (a few per request) easily affords.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

export type Synchronous = 'NORMAL' | 'FULL';

/** `dir` ':memory:' gives a private in-memory database (unit tests). */
export function openSqlite(dir: string, fileName: string, synchronous: Synchronous = 'FULL'): SqliteDatabase {
  if (dir === ':memory:') return new Database(':memory:');
  mkdirSync(dir, { recursive: true });
  const db = new Database(join(dir, fileName));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  // Another process (the CLI, a second server during a rolling restart) may hold the write
  // lock for a moment; wait for it instead of failing with SQLITE_BUSY.
  db.pragma('busy_timeout = 5000');
  return db;
}

/** A SQL string literal: single quotes doubled. */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A SQL identifier: double quotes doubled. */
export function sqlIdent(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}
