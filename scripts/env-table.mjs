#!/usr/bin/env node
// Renders .env.example as the README's configuration table, so the two cannot drift:
//   node scripts/env-table.mjs          # prints the table
//   node scripts/env-table.mjs --write  # rewrites the block between the README's markers
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const START = '<!-- config:start (generated from .env.example by scripts/env-table.mjs) -->';
export const END = '<!-- config:end -->';

/** Variables of .env.example with their section, default and the comment above them. */
export function parseEnvExample(text) {
  const rows = [];
  let section = '';
  let comment = [];
  for (const line of text.split('\n')) {
    const heading = line.match(/^# --- (.+?) -+$/);
    if (heading) {
      section = heading[1];
      comment = [];
    } else if (line.startsWith('#')) {
      comment.push(line.replace(/^#\s?/, ''));
    } else if (/^[A-Z][A-Z0-9_]*=/.test(line)) {
      const [name, ...rest] = line.split('=');
      rows.push({ section, name, default: rest.join('='), description: comment.join(' ') });
      comment = [];
    } else if (line.trim() === '') {
      comment = [];
    }
  }
  return rows;
}

export function renderTable(rows) {
  const escape = (s) => s.replace(/\|/g, '\\|');
  const lines = ['| Variable | Default | What it does |', '| --- | --- | --- |'];
  for (const row of rows) {
    lines.push(`| \`${row.name}\` | ${row.default ? `\`${escape(row.default)}\`` : '(unset)'} | ${escape(`${row.section ? `*${row.section}*: ` : ''}${row.description}`)} |`);
  }
  return lines.join('\n');
}

export function renderBlock() {
  return `${START}\n${renderTable(parseEnvExample(readFileSync(path.join(root, '.env.example'), 'utf8')))}\n${END}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) {
    const readmePath = path.join(root, 'README.md');
    const readme = readFileSync(readmePath, 'utf8');
    const from = readme.indexOf(START);
    const to = readme.indexOf(END);
    if (from < 0 || to < 0) throw new Error('README.md has no configuration markers');
    writeFileSync(readmePath, readme.slice(0, from) + renderBlock() + readme.slice(to + END.length));
  } else {
    console.log(renderBlock());
  }
}
