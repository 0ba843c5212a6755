/**
 * The embedded Store: one SQLite file per service (`<dir>/<service>.sqlite`), one table per
 * collection holding each document as JSON text with its id as primary key.
 *
 * Indexed fields become generated columns (`json_extract(doc, '$.field')`) carrying ordinary
 * or UNIQUE SQLite indexes, so lookups by email or token use an index and a duplicate raises
 * DuplicateKeyError, as MongoDB's unique indexes do. Filters compile to SQL over
 * `json_extract` for any dotted path (the generated column when there is one).
 *
 * better-sqlite3 is synchronous: a read-check-write inside one `db.transaction` cannot be
 * interleaved with another call in this process, and the IMMEDIATE transaction takes the
 * write lock up front so another process cannot slip in either. That makes `update(id,
 * change, condition)` atomic, which quota reservation relies on.
 *
 * Writes are group-committed (`GroupCommit` in sqlite.ts): the writes asked for in one turn
 * of the event loop run at its end in one transaction, each in a savepoint of its own, and
 * each call resolves once that transaction has committed. The read-check-write of `update`
 * still runs whole inside it. A read sees what has been committed: a caller that awaited its
 * write reads it back, as with MongoDB. A `transient` collection's writes commit without an
 * fsync when nothing durable shares their turn.
 *
 * Differences from MongoDB that callers should know: documents are JSON (a Date is stored
 * as its ISO string, so store timestamps as ISO strings in both modes); a unique index lets
 * many documents lack the field (SQLite NULLs are distinct); equality on an array field
 * compares the whole array, it does not test membership.
 */
import {
  DuplicateKeyError,
  type Collection,
  type CollectionSpec,
  type Filter,
  type FindOptions,
  type Store,
  type Stored,
  type Update,
} from '../ports';
import { applyUpdate, isOperatorObject, splitPath } from './documents';
import type { Statement } from 'better-sqlite3';
import { GroupCommit, openSqlite, sqlIdent, sqlString, type SqliteDatabase, type Synchronous } from './sqlite';

export interface SqliteStoreOptions {
  /** Directory of the database file, or ':memory:' for a private in-memory database. */
  dir: string;
  service: string;
  synchronous?: Synchronous;
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function createSqliteStore(options: SqliteStoreOptions): Store {
  if (!NAME.test(options.service)) throw new Error(`invalid service name: "${options.service}"`);
  const db = openSqlite(options.dir, `${options.service}.sqlite`, options.synchronous);
  const commits = new GroupCommit(db);
  const collections = new Map<string, SqliteCollection<Stored>>();
  let closed = false;

  return {
    collection<T extends Stored>(spec: CollectionSpec<T>): Collection<T> {
      if (closed) throw new Error('store is closed');
      let collection = collections.get(spec.name);
      if (!collection) {
        collection = new SqliteCollection<Stored>(db, commits, spec.name, spec.transient !== true);
        collections.set(spec.name, collection);
      }
      collection.ensureIndexes((spec.indexes ?? []) as CollectionSpec<Stored>['indexes'] & object);
      return collection as unknown as Collection<T>;
    },
    async close() {
      if (closed) return;
      closed = true;
      await commits.close();
      db.close();
    },
  };
}

// ---------------------------------------------------------------- filters to SQL

type SqlValue = string | number | null;

/** How one field is read in SQL: its value and its JSON type ('text', 'integer', 'true', ...). */
interface FieldSql {
  value: string;
  type: string;
}

function jsonPath(path: string): string {
  let out = '$';
  for (const segment of splitPath(path)) {
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) out += `.${segment}`;
    else if (/^\d+$/.test(segment)) out += `[${segment}]`;
    else if (!segment.includes('"')) out += `."${segment}"`;
    else throw new Error(`unsupported character in field path: "${path}"`);
  }
  return out;
}

function generatedColumn(path: string): string {
  return `f:${path}`;
}

class Compiler {
  readonly params: SqlValue[] = [];

  constructor(private readonly indexed: ReadonlySet<string>) {}

  field(path: string): FieldSql {
    if (path === 'id') return { value: 'id', type: `'text'` };
    const literal = sqlString(jsonPath(path));
    const value = this.indexed.has(path) ? sqlIdent(generatedColumn(path)) : `json_extract(doc, ${literal})`;
    return { value, type: `json_type(doc, ${literal})` };
  }

  param(value: SqlValue): string {
    this.params.push(value);
    return '?';
  }

  filter(filter: Filter<unknown> | undefined): string {
    const clauses: string[] = [];
    for (const [path, condition] of Object.entries(filter ?? {})) {
      if (path.startsWith('$')) throw new Error(`unsupported filter operator ${path}`);
      if (condition === undefined) continue; // as the MongoDB store: an undefined value is no condition
      const field = this.field(path);
      if (isOperatorObject(condition)) {
        for (const [op, operand] of Object.entries(condition)) {
          if (operand === undefined) continue;
          clauses.push(this.operator(field, op, operand));
        }
      } else {
        clauses.push(this.equals(field, condition));
      }
    }
    return clauses.length ? clauses.map((c) => `(${c})`).join(' AND ') : '1';
  }

  private equals(field: FieldSql, value: unknown): string {
    if (value === null) return `${field.value} IS NULL`; // missing or null, as in MongoDB
    if (typeof value === 'boolean') return `${field.type} = '${value}'`;
    if (typeof value === 'number' || typeof value === 'string') return `${field.value} = ${this.param(value)}`;
    if (value instanceof Date) return `${field.value} = ${this.param(value.toISOString())}`;
    if (typeof value === 'object') {
      return `${field.type} IN ('object', 'array') AND ${field.value} = ${this.param(JSON.stringify(value))}`;
    }
    throw new Error(`cannot compare with a ${typeof value}`);
  }

  /** NOT that also matches a missing field (SQL's NOT of NULL is NULL), as MongoDB's $ne does. */
  private not(clause: string): string {
    return `IFNULL((${clause}), 0) = 0`;
  }

  private anyOf(field: FieldSql, values: unknown): string {
    if (!Array.isArray(values)) throw new Error('$in and $nin need an array');
    if (values.length === 0) return '0';
    const scalars = values.filter((v) => typeof v === 'string' || typeof v === 'number') as SqlValue[];
    const others = values.filter((v) => typeof v !== 'string' && typeof v !== 'number');
    const clauses = others.map((v) => `(${this.equals(field, v)})`);
    if (scalars.length) clauses.unshift(`${field.value} IN (${scalars.map((v) => this.param(v)).join(', ')})`);
    return clauses.join(' OR ');
  }

  private range(field: FieldSql, sqlOp: string, operand: unknown): string {
    // SQLite orders every number before every string; MongoDB compares within one type only.
    if (typeof operand === 'number') return `${field.type} IN ('integer', 'real') AND ${field.value} ${sqlOp} ${this.param(operand)}`;
    if (typeof operand === 'string') return `${field.type} = 'text' AND ${field.value} ${sqlOp} ${this.param(operand)}`;
    if (operand instanceof Date) return `${field.type} = 'text' AND ${field.value} ${sqlOp} ${this.param(operand.toISOString())}`;
    throw new Error(`range comparison needs a number, string or Date, got ${operand === null ? 'null' : typeof operand}`);
  }

  private operator(field: FieldSql, op: string, operand: unknown): string {
    switch (op) {
      case '$eq':
        return this.equals(field, operand);
      case '$ne':
        return this.not(this.equals(field, operand));
      case '$in':
        return this.anyOf(field, operand);
      case '$nin':
        return this.not(this.anyOf(field, operand));
      case '$gt':
        return this.range(field, '>', operand);
      case '$gte':
        return this.range(field, '>=', operand);
      case '$lt':
        return this.range(field, '<', operand);
      case '$lte':
        return this.range(field, '<=', operand);
      case '$exists':
        return operand ? `${field.type} IS NOT NULL` : `${field.type} IS NULL`;
      default:
        throw new Error(`unsupported filter operator ${op}`);
    }
  }

  orderBy(sort: Record<string, 1 | -1 | undefined> | undefined): string {
    const terms = Object.entries(sort ?? {})
      .filter(([, direction]) => direction !== undefined)
      .map(([path, direction]) => `${this.field(path).value} ${direction === -1 ? 'DESC' : 'ASC'}`);
    // The id makes the order total, so skip/limit pages never repeat or miss a document.
    if (!terms.some((t) => t.startsWith('id '))) terms.push('id ASC');
    return `ORDER BY ${terms.join(', ')}`;
  }
}

// ---------------------------------------------------------------- one collection

interface Row {
  doc: string;
}

class SqliteCollection<T extends Stored> implements Collection<T> {
  private readonly table: string;
  private readonly indexed = new Set<string>();
  private readonly statements = new Map<string, Statement<unknown[]>>();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly commits: GroupCommit,
    private readonly name: string,
    /** False for a `transient` collection: its commits need not wait for the disk. */
    private readonly durable: boolean,
  ) {
    if (!NAME.test(name)) throw new Error(`invalid collection name: "${name}"`);
    this.table = sqlIdent(name);
    db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (id TEXT PRIMARY KEY NOT NULL, doc TEXT NOT NULL)`);
    for (const column of this.columns()) {
      if (column.startsWith('f:')) this.indexed.add(column.slice(2));
    }
  }

  private columns(): string[] {
    return (this.db.prepare(`PRAGMA table_xinfo(${this.table})`).all() as { name: string }[]).map((c) => c.name);
  }

  ensureIndexes(indexes: NonNullable<CollectionSpec<T>['indexes']>): void {
    this.db.transaction(() => {
      const existing = new Set(this.columns());
      for (const spec of indexes) {
        if (spec.fields.length === 0) throw new Error(`index on ${this.name} needs at least one field`);
        for (const path of spec.fields) {
          if (path === 'id') continue;
          const column = generatedColumn(path);
          if (!existing.has(column)) {
            // VIRTUAL: computed on read and stored only in the index, so ALTER TABLE can add it.
            this.db.exec(
              `ALTER TABLE ${this.table} ADD COLUMN ${sqlIdent(column)} GENERATED ALWAYS AS (json_extract(doc, ${sqlString(jsonPath(path))})) VIRTUAL`,
            );
            existing.add(column);
          }
          this.indexed.add(path);
        }
        const columns = spec.fields.map((f) => (f === 'id' ? 'id' : sqlIdent(generatedColumn(f))));
        const indexName = sqlIdent(`${spec.unique ? 'ux' : 'ix'}:${this.name}:${spec.fields.join(',')}`);
        this.db.exec(`CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${indexName} ON ${this.table} (${columns.join(', ')})`);
      }
    })();
  }

  private prepare(sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare<unknown[]>(sql);
      // Filters are built from code, not user input, so the set of shapes is small; the cap
      // only guards against a caller that builds a new shape per request.
      if (this.statements.size > 500) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private compiler(): Compiler {
    return new Compiler(this.indexed);
  }

  /** Runs `write`, turning SQLite's unique-constraint errors into DuplicateKeyError. */
  private guard<R>(write: () => R): R {
    try {
      return write();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new DuplicateKeyError(this.name, ['id']);
      if (code === 'SQLITE_CONSTRAINT_UNIQUE') {
        // "UNIQUE constraint failed: users.f:email, users.f:tenant"
        const list = String((error as Error).message).split('failed: ')[1] ?? '';
        const fields = list
          .split(', ')
          .map((c) => c.slice(c.indexOf('.') + 1))
          .map((c) => (c.startsWith('f:') ? c.slice(2) : c));
        throw new DuplicateKeyError(this.name, fields);
      }
      throw error;
    }
  }

  async insert(doc: T): Promise<T> {
    if (typeof doc?.id !== 'string' || doc.id === '') throw new Error(`a document in ${this.name} needs a non-empty string id`);
    const json = JSON.stringify(doc);
    const insert = this.prepare(`INSERT INTO ${this.table} (id, doc) VALUES (?, ?)`);
    await this.commits.write(() => this.guard(() => insert.run(doc.id, json)), this.durable);
    return JSON.parse(json) as T;
  }

  async get(id: string): Promise<T | null> {
    const row = this.prepare(`SELECT doc FROM ${this.table} WHERE id = ?`).get(id) as Row | undefined;
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  private select(filter: Filter<T> | undefined, options: FindOptions<T> = {}): T[] {
    const c = this.compiler();
    const where = c.filter(filter as Filter<unknown>);
    const order = c.orderBy(options.sort as Record<string, 1 | -1>);
    let sql = `SELECT doc FROM ${this.table} WHERE ${where} ${order}`;
    if (options.limit !== undefined || options.skip !== undefined) {
      // LIMIT -1 is SQLite's "no limit", needed to write an OFFSET alone. Mongo reads limit 0 as none too.
      sql += ` LIMIT ${c.param(options.limit ? Math.max(0, Math.floor(options.limit)) : -1)} OFFSET ${c.param(Math.max(0, Math.floor(options.skip ?? 0)))}`;
    }
    return (this.prepare(sql).all(...c.params) as Row[]).map((row) => JSON.parse(row.doc) as T);
  }

  async find(filter?: Filter<T>, options?: FindOptions<T>): Promise<T[]> {
    return this.select(filter, options);
  }

  async findOne(filter: Filter<T>, options?: FindOptions<T>): Promise<T | null> {
    return this.select(filter, { ...options, limit: 1 })[0] ?? null;
  }

  async count(filter?: Filter<T>): Promise<number> {
    const c = this.compiler();
    const where = c.filter(filter as Filter<unknown>);
    return (this.prepare(`SELECT COUNT(*) AS n FROM ${this.table} WHERE ${where}`).get(...c.params) as { n: number }).n;
  }

  async update(id: string, change: Update<T>, condition?: Filter<T>): Promise<T | null> {
    const c = this.compiler();
    const where = c.filter(condition as Filter<unknown>);
    const read = this.prepare(`SELECT doc FROM ${this.table} WHERE id = ? AND ${where}`);
    const write = this.prepare(`UPDATE ${this.table} SET doc = ? WHERE id = ?`);
    const run = (): T | null => {
      const row = read.get(id, ...c.params) as Row | undefined;
      if (!row) return null;
      const next = applyUpdate(JSON.parse(row.doc) as T, change);
      const json = JSON.stringify(next);
      write.run(json, id);
      return JSON.parse(json) as T;
    };
    return this.commits.write(() => this.guard(run), this.durable);
  }

  async updateMany(filter: Filter<T>, change: Update<T>): Promise<number> {
    const c = this.compiler();
    const where = c.filter(filter as Filter<unknown>);
    const read = this.prepare(`SELECT doc FROM ${this.table} WHERE ${where}`);
    const write = this.prepare(`UPDATE ${this.table} SET doc = ? WHERE id = ?`);
    const run = (): number => {
      const rows = read.all(...c.params) as Row[];
      for (const row of rows) {
        const next = applyUpdate(JSON.parse(row.doc) as T, change);
        write.run(JSON.stringify(next), next.id);
      }
      return rows.length;
    };
    return this.commits.write(() => this.guard(run), this.durable);
  }

  async delete(id: string): Promise<boolean> {
    const remove = this.prepare(`DELETE FROM ${this.table} WHERE id = ?`);
    return this.commits.write(() => remove.run(id).changes > 0, this.durable);
  }

  async deleteMany(filter: Filter<T>): Promise<number> {
    const c = this.compiler();
    const where = c.filter(filter as Filter<unknown>);
    const remove = this.prepare(`DELETE FROM ${this.table} WHERE ${where}`);
    return this.commits.write(() => remove.run(...c.params).changes, this.durable);
  }
}
