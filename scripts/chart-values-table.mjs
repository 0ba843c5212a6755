#!/usr/bin/env node
// Renders charts/citecheck/values.schema.json (descriptions) with values.yaml (defaults) as
// the chart README's values table, so the README cannot drift from what the chart accepts:
//   node scripts/chart-values-table.mjs          # prints the table
//   node scripts/chart-values-table.mjs --write  # rewrites the block between the README's markers
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chartDir = path.join(root, 'charts', 'citecheck');
export const START = '<!-- values:start (generated from values.schema.json by scripts/chart-values-table.mjs) -->';
export const END = '<!-- values:end -->';
const SERVICES = ['ingest', 'extraction', 'validation', 'billing', 'identity', 'notification', 'analytics', 'progress', 'gateway'];

function rows(schema, values, prefix, out) {
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    const value = values?.[key];
    // One block for all services: they share a shape.
    if (!prefix && SERVICES.includes(key)) continue;
    const children = Object.values(sub.properties ?? {});
    if (sub.type === 'object' && children.length > 0 && children.some((c) => c.description)) rows(sub, value, name, out);
    else out.push({ name, value, sub });
  }
  return out;
}

function cell(value, sub) {
  const shown = value === undefined ? '' : JSON.stringify(value);
  const allowed = sub.enum ? ` One of ${sub.enum.map((e) => `\`${JSON.stringify(e)}\``).join(', ')}.` : '';
  const { minimum: min, maximum: max } = sub;
  const range = min !== undefined && max !== undefined ? ` ${min} to ${max}.` : min !== undefined ? ` At least ${min}.` : max !== undefined ? ` At most ${max}.` : '';
  return { shown: shown ? `\`${shown.replace(/\|/g, '\\|')}\`` : '', text: `${(sub.description ?? '').replace(/\|/g, '\\|')}${allowed}${range}` };
}

export function renderValuesTable() {
  const schema = JSON.parse(readFileSync(path.join(chartDir, 'values.schema.json'), 'utf8'));
  const values = parse(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
  const lines = ['| Key | Default | What it does |', '| --- | --- | --- |'];
  for (const { name, value, sub } of rows(schema, values, '', [])) {
    const { shown, text } = cell(value, sub);
    lines.push(`| \`${name}\` | ${shown} | ${text} |`);
  }
  lines.push('', `Per service (\`${SERVICES.join('`, `')}\`), defaults from \`ingest\` unless noted:`, '', '| Key | Default | What it does |', '| --- | --- | --- |');
  const union = { properties: Object.assign({}, ...SERVICES.map((s) => schema.properties[s].properties)) };
  for (const { name, sub } of rows(union, {}, '', [])) {
    const owners = SERVICES.filter((s) => name.split('.')[0] in schema.properties[s].properties);
    const first = owners.includes('ingest') ? 'ingest' : owners[0];
    const value = name.split('.').reduce((acc, k) => acc?.[k], values[first]);
    const { shown, text } = cell(value, sub);
    const only = owners.length < SERVICES.length ? ` (${owners.join(', ')})` : '';
    lines.push(`| \`<service>.${name}\`${only} | ${shown} | ${text} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table = renderValuesTable();
  if (process.argv.includes('--write')) {
    const readmePath = path.join(chartDir, 'README.md');
    const readme = readFileSync(readmePath, 'utf8');
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    if (start === -1 || end === -1) throw new Error(`README.md has no ${START} ... ${END} block`);
    writeFileSync(readmePath, `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`);
  } else {
    process.stdout.write(`${table}\n`);
  }
}
