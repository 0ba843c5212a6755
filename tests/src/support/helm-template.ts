/**
 * `helm template` for this repository's chart, without Helm. There is no Helm binary on the
 * machines that run these tests and the npm registry has no maintained JavaScript renderer of
 * Helm charts, so this evaluates Go's text/template language with the Sprig functions the
 * chart uses, and Helm's objects (.Values, .Release, .Chart, .Template), the way Helm 3 does:
 * whitespace trimming (`{{-`, `-}}`), pipelines, variables, if/else if/with/range/define,
 * include and template, `required`, Helm's own `toYaml` (sorted keys, no trailing newline),
 * and "<no value>" printed as nothing. A function the chart starts using that is not here
 * fails the render by name rather than rendering something else.
 *
 *   const docs = renderChart('charts/citecheck', { kafka: { brokers: 'k:9092' } });
 *   docs.find((d) => d.kind === 'Deployment' && d.metadata.name === 'ingest');
 *
 * Numbers follow Go: values are float64 (printed with %v, so 1000000 prints 1e+06 as in
 * Helm), Sprig arithmetic returns int64 (a bigint here).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import Ajv from 'ajv';
import path from 'node:path';
import { parseAllDocuments, parse as parseYaml, stringify } from 'yaml';

type Value = unknown;
type Dict = Record<string, Value>;

export class TemplateError extends Error {}

// ---------------------------------------------------------------------------------------
// Lexing: text and actions, with trim markers applied.

type Token = { kind: 'text'; text: string } | { kind: 'action'; source: string; where: string };

function lex(source: string, name: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  let trimNext = false;
  while (at < source.length) {
    const open = source.indexOf('{{', at);
    let text = source.slice(at, open === -1 ? undefined : open);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (open === -1) {
      tokens.push({ kind: 'text', text });
      break;
    }
    let inner = open + 2;
    if (source[inner] === '-' && /\s/.test(source[inner + 1] ?? '')) {
      text = text.replace(/\s+$/, '');
      inner += 1;
    }
    tokens.push({ kind: 'text', text });
    const close = findClose(source, inner, name);
    let end = close;
    trimNext = false;
    if (source[close - 1] === '-' && /\s/.test(source[close - 2] ?? '')) {
      trimNext = true;
      end = close - 1;
    }
    const body = source.slice(inner, end).trim();
    const line = source.slice(0, open).split('\n').length;
    if (!(body.startsWith('/*') && body.endsWith('*/'))) tokens.push({ kind: 'action', source: body, where: `${name}:${line}` });
    at = close + 2;
  }
  return tokens;
}

/** The `}}` closing an action, skipping over string literals and comments. */
function findClose(source: string, from: number, name: string): number {
  let i = from;
  while (i < source.length) {
    const c = source[i];
    if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      if (end === -1) break;
      i = end + 2;
    } else if (c === '"' || c === '`') {
      i++;
      while (i < source.length && source[i] !== c) i += c === '"' && source[i] === '\\' ? 2 : 1;
      i++;
    } else if (source.startsWith('}}', i)) {
      return i;
    } else i++;
  }
  throw new TemplateError(`${name}: unclosed action`);
}

// ---------------------------------------------------------------------------------------
// Expressions.

type Expr =
  | { t: 'dot'; fields: string[] }
  | { t: 'var'; name: string; fields: string[] }
  | { t: 'lit'; value: Value }
  | { t: 'ident'; name: string }
  | { t: 'paren'; pipe: Pipeline; fields: string[] };
type Command = Expr[];
interface Pipeline {
  decl?: { names: string[]; assign: boolean };
  commands: Command[];
}

const FIELD_OF_PAREN = '\u0000';

function tokenizeExpr(source: string, where: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) i++;
    else if (c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== '"') j += source[j] === '\\' ? 2 : 1;
      out.push(source.slice(i, j + 1));
      i = j + 1;
    } else if (c === '`') {
      const j = source.indexOf('`', i + 1);
      out.push(source.slice(i, j + 1));
      i = j + 1;
    } else if ('()|,'.includes(c)) {
      out.push(c);
      i++;
    } else if (source.startsWith(':=', i)) {
      out.push(':=');
      i += 2;
    } else if (c === '=') {
      out.push('=');
      i++;
    } else {
      const m = /^[^\s()|,=]+/.exec(source.slice(i));
      if (!m) throw new TemplateError(`${where}: cannot read "${source}"`);
      // `(expr).Field` (no space) is a field of the parenthesised value; `(expr) .Field` is
      // another argument. The marker keeps that difference past tokenising.
      out.push(source[i - 1] === ')' && c === '.' ? `${FIELD_OF_PAREN}${m[0]}` : m[0]);
      i += m[0].length;
    }
  }
  return out;
}

function parsePipeline(tokens: string[], where: string): Pipeline {
  let pos = 0;
  const pipe: Pipeline = { commands: [] };
  // Declaration: `$x :=`, `$x =`, `$k, $v :=`.
  const declEnd = tokens.findIndex((t) => t === ':=' || t === '=');
  if (declEnd > 0 && tokens.slice(0, declEnd).every((t) => t.startsWith('$') || t === ',')) {
    pipe.decl = { names: tokens.slice(0, declEnd).filter((t) => t !== ','), assign: tokens[declEnd] === '=' };
    pos = declEnd + 1;
  }
  const parseOperand = (): Expr => {
    const token = tokens[pos++];
    if (token === undefined) throw new TemplateError(`${where}: expression ends early`);
    if (token === '(') {
      let depth = 1;
      const start = pos;
      while (pos < tokens.length && depth > 0) {
        if (tokens[pos] === '(') depth++;
        else if (tokens[pos] === ')') depth--;
        pos++;
      }
      const inner = parsePipeline(tokens.slice(start, pos - 1), where);
      const next = tokens[pos];
      let fields: string[] = [];
      if (next?.startsWith(FIELD_OF_PAREN)) {
        fields = next.slice(FIELD_OF_PAREN.length + 1).split('.');
        pos++;
      }
      return { t: 'paren', pipe: inner, fields };
    }
    if (token.startsWith('"')) return { t: 'lit', value: JSON.parse(token) as string };
    if (token.startsWith('`')) return { t: 'lit', value: token.slice(1, -1) };
    if (token === '.') return { t: 'dot', fields: [] };
    if (token.startsWith('.')) return { t: 'dot', fields: token.slice(1).split('.') };
    if (token.startsWith('$')) {
      const [name, ...fields] = token.split('.');
      return { t: 'var', name, fields };
    }
    if (token === 'true' || token === 'false') return { t: 'lit', value: token === 'true' };
    if (token === 'nil') return { t: 'lit', value: null };
    if (/^-?\d+$/.test(token)) return { t: 'lit', value: BigInt(token) };
    if (/^-?\d*\.\d+$/.test(token)) return { t: 'lit', value: Number(token) };
    if (/^[A-Za-z_]\w*$/.test(token)) return { t: 'ident', name: token };
    throw new TemplateError(`${where}: unexpected "${token}"`);
  };
  let command: Command = [];
  while (pos < tokens.length) {
    if (tokens[pos] === '|') {
      pipe.commands.push(command);
      command = [];
      pos++;
    } else command.push(parseOperand());
  }
  pipe.commands.push(command);
  if (pipe.commands.some((c) => c.length === 0)) throw new TemplateError(`${where}: empty command in pipeline`);
  return pipe;
}

// ---------------------------------------------------------------------------------------
// Statements.

type Node =
  | { t: 'text'; text: string }
  | { t: 'out'; pipe: Pipeline; where: string }
  | { t: 'if' | 'with'; branches: { pipe: Pipeline | null; body: Node[] }[]; where: string }
  | { t: 'range'; pipe: Pipeline; body: Node[]; otherwise: Node[]; where: string }
  | { t: 'template'; name: string; pipe: Pipeline | null; where: string };

function parseTemplate(tokens: Token[], defines: Map<string, Node[]>): Node[] {
  let pos = 0;
  const block = (terminators: string[]): { nodes: Node[]; ended: string } => {
    const nodes: Node[] = [];
    while (pos < tokens.length) {
      const token = tokens[pos++];
      if (token.kind === 'text') {
        if (token.text) nodes.push({ t: 'text', text: token.text });
        continue;
      }
      const { source, where } = token;
      const keyword = /^(\w+)\b/.exec(source)?.[1];
      const rest = source.slice(keyword?.length ?? 0).trim();
      if (keyword === 'end' || keyword === 'else') {
        if (!terminators.length) throw new TemplateError(`${where}: unexpected {{${keyword}}}`);
        pos--;
        return { nodes, ended: keyword };
      }
      if (keyword === 'if' || keyword === 'with') {
        const branches: { pipe: Pipeline | null; body: Node[] }[] = [];
        let pipe: Pipeline | null = parsePipeline(tokenizeExpr(rest, where), where);
        for (;;) {
          const { nodes: body } = block(['else', 'end']);
          branches.push({ pipe, body });
          const closing = tokens[pos++] as { source: string; where: string };
          if (closing.source === 'end') break;
          const elseRest = closing.source.slice(4).trim();
          if (elseRest.startsWith('if ') || elseRest.startsWith('with ')) {
            pipe = parsePipeline(tokenizeExpr(elseRest.replace(/^(if|with)\s+/, ''), closing.where), closing.where);
          } else pipe = null;
        }
        nodes.push({ t: keyword, branches, where });
      } else if (keyword === 'range') {
        const pipe = parsePipeline(tokenizeExpr(rest, where), where);
        const { nodes: body, ended } = block(['else', 'end']);
        pos++;
        let otherwise: Node[] = [];
        if (ended === 'else') {
          otherwise = block(['end']).nodes;
          pos++;
        }
        nodes.push({ t: 'range', pipe, body, otherwise, where });
      } else if (keyword === 'define') {
        const name = JSON.parse(rest) as string;
        const { nodes: body } = block(['end']);
        pos++;
        defines.set(name, body);
      } else if (keyword === 'template') {
        const m = /^"([^"]+)"\s*(.*)$/.exec(rest);
        if (!m) throw new TemplateError(`${where}: template needs a name`);
        nodes.push({ t: 'template', name: m[1], pipe: m[2] ? parsePipeline(tokenizeExpr(m[2], where), where) : null, where });
      } else if (keyword === 'block') {
        throw new TemplateError(`${where}: {{block}} is not supported`);
      } else {
        nodes.push({ t: 'out', pipe: parsePipeline(tokenizeExpr(source, where), where), where });
      }
    }
    if (terminators.length) throw new TemplateError('missing {{end}}');
    return { nodes, ended: '' };
  };
  return block([]).nodes;
}

// ---------------------------------------------------------------------------------------
// Values as Go and Sprig see them.

const isDict = (v: Value): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

function truthy(v: Value): boolean {
  if (v === undefined || v === null || v === false || v === '' || v === 0 || v === 0n) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isDict(v)) return Object.keys(v).length > 0;
  return true;
}

/** Go's %v of a float64: strconv 'g' with the shortest precision, exponent from 21 digits or 1e+06. */
function formatFloat(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) {
    const digits = String(Math.abs(n)).replace(/0+$/, '').length || 1;
    const exponent = String(Math.abs(n)).length - 1;
    if (exponent < Math.max(digits, 6) || n === 0) return String(n);
    const mantissa = (Math.abs(n) / 10 ** exponent).toString();
    return `${n < 0 ? '-' : ''}${mantissa}e+${String(exponent).padStart(2, '0')}`;
  }
  return String(n);
}

function str(v: Value): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return formatFloat(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(str).join(' ')}]`;
  return `map[${Object.keys(v as Dict)
    .sort()
    .map((k) => `${k}:${str((v as Dict)[k])}`)
    .join(' ')}]`;
}

function toInt(v: Value): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return BigInt(Math.trunc(v));
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return BigInt(v.trim());
  if (typeof v === 'boolean') return v ? 1n : 0n;
  return 0n;
}

/** Plain data for YAML/JSON output: bigints as numbers. */
function plain(v: Value): Value {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(plain);
  if (isDict(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

function sprintf(format: string, args: Value[]): string {
  let i = 0;
  return format.replace(/%([-+ #0]*\d*(?:\.\d+)?)([svdqt%])/g, (_, _flags: string, verb: string) => {
    if (verb === '%') return '%';
    const arg = args[i++];
    if (verb === 'q') return JSON.stringify(str(arg));
    if (verb === 'd') return toInt(arg).toString();
    return str(arg);
  });
}

function equal(a: Value, b: Value): boolean {
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) return Number(a) === Number(b);
  return a === b;
}

type Fn = (...args: Value[]) => Value;

// ---------------------------------------------------------------------------------------
// Evaluation.

interface Scope {
  dot: Value;
  vars: Map<string, Value>[];
}

class Renderer {
  constructor(readonly defines: Map<string, Node[]>) {}

  readonly functions: Record<string, Fn> = {
    include: (name, data) => this.runDefine(String(name), data, 'include'),
    tpl: () => {
      throw new TemplateError('tpl is not supported');
    },
    required: (message, v) => {
      if (v === undefined || v === null || v === '') throw new TemplateError(String(message));
      return v;
    },
    fail: (message) => {
      throw new TemplateError(String(message));
    },
    default: (d, ...rest) => (rest.length && truthy(rest[rest.length - 1]) ? rest[rest.length - 1] : d),
    empty: (v) => !truthy(v),
    coalesce: (...vs) => vs.find(truthy) ?? null,
    ternary: (a, b, cond) => (truthy(cond) ? a : b),
    not: (v) => !truthy(v),
    and: (...vs) => vs.find((v) => !truthy(v)) ?? vs[vs.length - 1],
    or: (...vs) => vs.find(truthy) ?? vs[vs.length - 1],
    eq: (a, ...bs) => bs.some((b) => equal(a, b)),
    ne: (a, b) => !equal(a, b),
    lt: (a, b) => Number(a) < Number(b),
    le: (a, b) => Number(a) <= Number(b),
    gt: (a, b) => Number(a) > Number(b),
    ge: (a, b) => Number(a) >= Number(b),
    dict: (...kv) => {
      const d: Dict = {};
      for (let i = 0; i < kv.length; i += 2) d[str(kv[i])] = kv[i + 1];
      return d;
    },
    list: (...vs) => [...vs],
    append: (l, v) => [...((l as Value[]) ?? []), v],
    concat: (...ls) => ls.flatMap((l) => (l as Value[]) ?? []),
    set: (d, k, v) => {
      (d as Dict)[str(k)] = v;
      return d;
    },
    hasKey: (d, k) => isDict(d) && str(k) in d,
    // Sprig's merge: into dst, each source's keys that dst (or an earlier source) lacks, deeply.
    merge: (dst, ...sources) => {
      const into = (target: Dict, source: Dict) => {
        for (const [key, value] of Object.entries(source ?? {})) {
          if (!(key in target)) target[key] = isDict(value) ? into({}, value) : value;
          else if (isDict(target[key]) && isDict(value)) into(target[key] as Dict, value);
        }
        return target;
      };
      for (const source of sources) into(dst as Dict, source as Dict);
      return dst;
    },
    keys: (...ds) => ds.flatMap((d) => Object.keys(d as Dict)),
    index: (v, ...keys) => keys.reduce<Value>((acc, k) => (acc == null ? undefined : Array.isArray(acc) ? acc[Number(k)] : (acc as Dict)[str(k)]), v),
    len: (v) => BigInt(Array.isArray(v) || typeof v === 'string' ? v.length : isDict(v) ? Object.keys(v).length : 0),
    splitList: (sep, s) => str(s).split(str(sep)),
    join: (sep, l) => ((l as Value[]) ?? []).map(str).join(str(sep)),
    printf: (format, ...args) => sprintf(str(format), args),
    print: (...args) => args.map((a, i) => (i > 0 && typeof a !== 'string' && typeof args[i - 1] !== 'string' ? ' ' : '') + str(a)).join(''),
    quote: (...args) => args.filter((a) => a !== undefined && a !== null).map((a) => JSON.stringify(str(a))).join(' '),
    squote: (...args) => args.filter((a) => a !== undefined && a !== null).map((a) => `'${str(a)}'`).join(' '),
    toString: (v: Value) => str(v),
    trunc: (n, s) => {
      const count = Number(toInt(n));
      return count >= 0 ? str(s).slice(0, count) : str(s).slice(count);
    },
    trim: (s) => str(s).trim(),
    trimSuffix: (suffix, s) => (str(s).endsWith(str(suffix)) && str(suffix) ? str(s).slice(0, -str(suffix).length) : str(s)),
    trimPrefix: (prefix, s) => (str(s).startsWith(str(prefix)) ? str(s).slice(str(prefix).length) : str(s)),
    hasPrefix: (prefix, s) => str(s).startsWith(str(prefix)),
    hasSuffix: (suffix, s) => str(s).endsWith(str(suffix)),
    contains: (sub, s) => str(s).includes(str(sub)),
    replace: (from, to, s) => str(s).split(str(from)).join(str(to)),
    lower: (s) => str(s).toLowerCase(),
    upper: (s) => str(s).toUpperCase(),
    sha256sum: (s) => createHash('sha256').update(str(s)).digest('hex'),
    b64enc: (s) => Buffer.from(str(s)).toString('base64'),
    indent: (n, s) =>
      str(s)
        .split('\n')
        .map((line) => ' '.repeat(Number(toInt(n))) + line)
        .join('\n'),
    nindent: (n, s) => `\n${this.functions.indent(n, s) as string}`,
    toYaml: (v) => (v === undefined || v === null ? 'null' : stringify(plain(v), { sortMapEntries: true, lineWidth: 0 }).replace(/\n$/, '')),
    toJson: (v) => JSON.stringify(plain(v) ?? null),
    int: (v) => toInt(v),
    int64: (v) => toInt(v),
    add: (...vs) => vs.reduce<bigint>((a, b) => a + toInt(b), 0n),
    add1: (v) => toInt(v) + 1n,
    sub: (a, b) => toInt(a) - toInt(b),
    mul: (...vs) => vs.reduce<bigint>((a, b) => a * toInt(b), 1n),
    div: (a, b) => toInt(a) / toInt(b),
    max: (...vs) => vs.map(toInt).reduce((a, b) => (a > b ? a : b)),
    min: (...vs) => vs.map(toInt).reduce((a, b) => (a < b ? a : b)),
  };

  runDefine(name: string, data: Value, how: string): string {
    const body = this.defines.get(name);
    if (!body) throw new TemplateError(`${how}: no template named "${name}"`);
    return this.render(body, { dot: data, vars: [new Map([['$', data]])] });
  }

  render(nodes: Node[], scope: Scope): string {
    let out = '';
    for (const node of nodes) out += this.renderNode(node, scope);
    return out;
  }

  private renderNode(node: Node, scope: Scope): string {
    switch (node.t) {
      case 'text':
        return node.text;
      case 'out': {
        const value = this.pipeline(node.pipe, scope, node.where);
        return node.pipe.decl ? '' : str(value);
      }
      case 'template':
        return this.runDefine(node.name, node.pipe ? this.pipeline(node.pipe, scope, node.where) : null, 'template');
      case 'if':
      case 'with':
        for (const branch of node.branches) {
          const inner: Scope = { dot: scope.dot, vars: [...scope.vars, new Map()] };
          if (branch.pipe === null) return this.render(branch.body, inner);
          const value = this.pipeline(branch.pipe, inner, node.where);
          if (truthy(value)) {
            if (node.t === 'with') inner.dot = value;
            return this.render(branch.body, inner);
          }
        }
        return '';
      case 'range': {
        const decl = node.pipe.decl;
        const value = this.pipeline({ commands: node.pipe.commands }, scope, node.where);
        const entries: [Value, Value][] = Array.isArray(value)
          ? value.map((v, i) => [BigInt(i), v])
          : isDict(value)
            ? Object.keys(value)
                .sort()
                .map((k) => [k, value[k]])
            : typeof value === 'bigint' || typeof value === 'number'
              ? Array.from({ length: Number(value) }, (_, i) => [BigInt(i), BigInt(i)])
              : [];
        if (entries.length === 0) return this.render(node.otherwise, scope);
        let out = '';
        for (const [key, item] of entries) {
          const vars = new Map<string, Value>();
          if (decl?.names.length === 1) vars.set(decl.names[0], item);
          if (decl?.names.length === 2) {
            vars.set(decl.names[0], key);
            vars.set(decl.names[1], item);
          }
          out += this.render(node.body, { dot: item, vars: [...scope.vars, vars] });
        }
        return out;
      }
    }
  }

  private lookupVar(scope: Scope, name: string, where: string): Value {
    for (let i = scope.vars.length - 1; i >= 0; i--) if (scope.vars[i].has(name)) return scope.vars[i].get(name);
    throw new TemplateError(`${where}: undefined variable ${name}`);
  }

  private pipeline(pipe: Pipeline, scope: Scope, where: string): Value {
    let value: Value;
    let first = true;
    for (const command of pipe.commands) {
      value = this.command(command, scope, where, first ? [] : [value]);
      first = false;
    }
    if (pipe.decl) {
      const name = pipe.decl.names[0];
      if (pipe.decl.assign) {
        const frame = [...scope.vars].reverse().find((vars) => vars.has(name));
        if (!frame) throw new TemplateError(`${where}: undefined variable ${name}`);
        frame.set(name, value);
      } else scope.vars[scope.vars.length - 1].set(name, value);
    }
    return value;
  }

  private command(command: Command, scope: Scope, where: string, piped: Value[]): Value {
    const [head, ...rest] = command;
    if (head.t === 'ident') {
      const fn = this.functions[head.name];
      if (!fn) throw new TemplateError(`${where}: function "${head.name}" not defined`);
      return fn(...rest.map((e) => this.operand(e, scope, where)), ...piped);
    }
    const value = this.operand(head, scope, where);
    // A method of Helm's objects (`.Files.Get "dashboards/x.json"`).
    if (typeof value === 'function') return (value as Fn)(...rest.map((e) => this.operand(e, scope, where)), ...piped);
    if (rest.length > 0 || piped.length > 0) throw new TemplateError(`${where}: cannot give arguments to a non-function`);
    return value;
  }

  private operand(expr: Expr, scope: Scope, where: string): Value {
    const walk = (start: Value, fields: string[]) =>
      fields.reduce<Value>((acc, field) => {
        if (acc === undefined || acc === null) return undefined;
        if (!isDict(acc)) throw new TemplateError(`${where}: can't evaluate field ${field} in ${str(acc)}`);
        return acc[field];
      }, start);
    switch (expr.t) {
      case 'lit':
        return expr.value;
      case 'dot':
        return walk(scope.dot, expr.fields);
      case 'var':
        return walk(this.lookupVar(scope, expr.name, where), expr.fields);
      case 'paren':
        return walk(this.pipeline(expr.pipe, scope, where), expr.fields);
      case 'ident': {
        const fn = this.functions[expr.name];
        if (!fn) throw new TemplateError(`${where}: function "${expr.name}" not defined`);
        return fn();
      }
    }
  }
}

// ---------------------------------------------------------------------------------------
// Charts.

/** Helm's coalescing of values: maps merge deeply, anything else replaces, null deletes. */
export function mergeValues(base: Dict, override: Dict): Dict {
  const out: Dict = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === null) delete out[key];
    else if (isDict(value) && isDict(out[key])) out[key] = mergeValues(out[key], value);
    else out[key] = value;
  }
  return out;
}

export interface RenderOptions {
  releaseName?: string;
  namespace?: string;
}

export interface RenderedChart {
  /** Rendered text per template file (as `helm template` prints it under `# Source:`). */
  files: Record<string, string>;
  /** Every non-empty YAML document. */
  documents: Dict[];
  notes: string;
}

/** `helm template <releaseName> <chartDir> --values <overrides>`. */
export function renderChart(chartDir: string, overrides: Dict = {}, options: RenderOptions = {}): RenderedChart {
  const chart = parseYaml(readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) as Dict;
  const values = mergeValues((parseYaml(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) as Dict) ?? {}, overrides);
  // Helm checks the merged values against values.schema.json before rendering anything.
  const schemaPath = path.join(chartDir, 'values.schema.json');
  if (existsSync(schemaPath)) {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(schemaPath, 'utf8')) as object);
    if (!validate(values)) {
      throw new TemplateError(`values don't meet the specifications of the schema(s):\n${(validate.errors ?? []).map((e) => `- ${e.instancePath || '(root)'}: ${e.message}`).join('\n')}`);
    }
  }
  const templatesDir = path.join(chartDir, 'templates');
  // Subfolders too (templates/tests/ holds `helm test` pods), named by their path as in Helm.
  const files = (readdirSync(templatesDir, { recursive: true }) as string[])
    .filter((f) => statSync(path.join(templatesDir, f)).isFile())
    .sort();
  const defines = new Map<string, Node[]>();
  const parsed = new Map<string, Node[]>();
  for (const file of files) parsed.set(file, parseTemplate(lex(readFileSync(path.join(templatesDir, file), 'utf8'), file), defines));
  const renderer = new Renderer(defines);
  const chartName = String(chart.name);
  const releaseName = options.releaseName ?? 'citecheck';
  const top = (file: string): Dict => ({
    Values: values,
    Chart: { Name: chartName, Version: String(chart.version), AppVersion: String(chart.appVersion ?? ''), ApiVersion: chart.apiVersion },
    Release: { Name: releaseName, Namespace: options.namespace ?? 'default', Service: 'Helm', IsInstall: true, IsUpgrade: false, Revision: 1n },
    Template: { Name: `${chartName}/templates/${file}`, BasePath: `${chartName}/templates` },
    Files: { Get: (name: Value) => (existsSync(path.join(chartDir, str(name))) ? readFileSync(path.join(chartDir, str(name)), 'utf8') : '') },
    Capabilities: { KubeVersion: { Version: 'v1.30.0', Major: '1', Minor: '30' }, APIVersions: [] },
  });
  // `include (print $.Template.BasePath "/configmap.yaml") $` renders another file by its path.
  for (const [file, nodes] of parsed) defines.set(`${chartName}/templates/${file}`, nodes);

  const out: RenderedChart = { files: {}, documents: [], notes: '' };
  for (const [file, nodes] of parsed) {
    if (path.basename(file).startsWith('_')) continue;
    const root = top(file);
    // Helm prints a missing value as "<no value>" and then removes that text.
    const text = renderer.render(nodes, { dot: root, vars: [new Map([['$', root]])] }).replaceAll('<no value>', '');
    if (file === 'NOTES.txt') {
      out.notes = text;
      continue;
    }
    out.files[file] = text;
    if (!/\.ya?ml$/.test(file)) continue;
    for (const doc of parseAllDocuments(text)) {
      if (doc.errors.length) throw new TemplateError(`${file}: rendered YAML does not parse: ${doc.errors[0].message}\n${text}`);
      const value = doc.toJS() as Dict | null;
      if (value) out.documents.push(value);
    }
  }
  return out;
}
