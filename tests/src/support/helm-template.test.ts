/**
 * The chart renderer against what Go's text/template, Sprig and Helm do, one case a row. The
 * expected outputs are Helm 3's for the same template and values.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderChart, TemplateError } from './helm-template';

function render(template: string, values: Record<string, unknown> = {}, helpers = ''): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'chart-'));
  try {
    mkdirSync(path.join(dir, 'templates'));
    writeFileSync(path.join(dir, 'Chart.yaml'), 'apiVersion: v2\nname: demo\nversion: 1.2.3\nappVersion: "4.5"\n');
    writeFileSync(path.join(dir, 'values.yaml'), 'port: 8080\nlist: [a, b]\nmap: {b: 2, a: 1}\nempty: ""\nbig: 1000000\n');
    writeFileSync(path.join(dir, 'templates', '_helpers.tpl'), helpers);
    writeFileSync(path.join(dir, 'templates', 'out.txt'), template);
    return renderChart(dir, values).files['out.txt'];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test.each([
  ['a {{ .Values.port }} b', 'a 8080 b'],
  ['a  {{- .Values.port -}}  b', 'a8080b'],
  ['{{ .Values.missing }}|{{ .Values.missing.deeper }}', '|'],
  ['{{ .Values.big }} {{ mul .Values.big 1 }}', '1e+06 1000000'],
  ['{{ .Values.port | quote }} {{ quote "x" }}', '"8080" "x"'],
  ['{{ if .Values.empty }}yes{{ else if .Values.port }}port{{ else }}no{{ end }}', 'port'],
  ['{{ with .Values.map }}{{ .a }}{{ end }}{{ with .Values.empty }}x{{ else }}none{{ end }}', '1none'],
  ['{{ range .Values.list }}[{{ . }}]{{ end }}', '[a][b]'],
  ['{{ range $k, $v := .Values.map }}{{ $k }}={{ $v }};{{ end }}', 'a=1;b=2;'],
  ['{{ range $i, $v := .Values.list }}{{ $i }}{{ $v }}{{ end }}', '0a1b'],
  ['{{ $x := 1 }}{{ if true }}{{ $x = 2 }}{{ end }}{{ $x }}', '2'],
  ['{{ $d := dict "a" 1 }}{{ $_ := set $d "b" 2 }}{{ $d.b }}', '2'],
  ['{{ $m := merge (dict "a" 1) (dict "a" 2 "b" 2) (dict "b" 3 "c" 3) }}{{ $m.a }}{{ $m.b }}{{ $m.c }}', '123'],
  ['{{ printf "%s-%v" "a" .Values.port }}', 'a-8080'],
  ['{{ default "d" .Values.empty }} {{ default "d" .Values.port }}', 'd 8080'],
  ['{{ toYaml .Values.map | nindent 2 }}', '\n  a: 1\n  b: 2'],
  ['{{ include "t" (dict "n" "x") }}', '<x>'],
  ['{{ join "," (append .Values.list "c") }}', 'a,b,c'],
  ['{{ join "," (concat .Values.list (list "c") (list)) }}', 'a,b,c'],
  ['{{ "abcdef" | trunc (int (sub 8 (len "abcd"))) }}', 'abcd'],
  ['{{ "abcdef" | trunc 3 }} {{ trimSuffix "-" "a-" }} {{ contains "b" "abc" }}', 'abc a true'],
  ['{{ (.Values.map | default dict).a }} {{ index .Values.map "b" }}', '1 2'],
  ['{{ printf "%s/%s" (ternary "x" "y" true) .Values.list }}', 'x/[a b]'],
  ['{{ and 1 0 }} {{ or 0 "x" }} {{ not .Values.empty }} {{ ternary "y" "n" true }}', '0 x true y'],
  ['{{/* a comment */}}x{{- /* trimmed */ -}} y', 'xy'],
  ['{{ .Chart.Name }} {{ .Chart.AppVersion }} {{ .Release.Service }} {{ .Template.BasePath }}', 'demo 4.5 Helm demo/templates'],
])('%j renders %j', (template, expected) => {
  expect(render(template, {}, '{{- define "t" -}}<{{ .n }}>{{- end -}}')).toBe(expected);
});

test('values given on the command line merge into values.yaml; null removes a key', () => {
  expect(render('{{ .Values.port }} {{ .Values.map.a }} {{ .Values.map.b }} {{ .Values.map.c }}', { port: 9, map: { a: null, c: 3 } })).toBe('9  2 3');
});

test('required and fail stop the render with their message', () => {
  expect(() => render('{{ required "kafka.brokers is required" .Values.missing }}')).toThrow(new TemplateError('kafka.brokers is required'));
  expect(() => render('{{ fail "no" }}')).toThrow('no');
});

test('a function the renderer does not know fails by name', () => {
  expect(() => render('{{ lookup "v1" "Secret" "ns" "x" }}')).toThrow('function "lookup" not defined');
});
