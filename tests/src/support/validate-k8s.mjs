// Validates Kubernetes manifests against the API's OpenAPI schemas as shipped by the
// kubernetes-models package (ESM only, hence a script of its own that the Jest tests run).
// stdin: a JSON array of manifests; stdout: a JSON array of { kind, name, errors }.
import { readFileSync } from 'node:fs';

const manifests = JSON.parse(readFileSync(0, 'utf8'));
const results = [];
for (const manifest of manifests) {
  const { apiVersion, kind } = manifest;
  const name = manifest.metadata?.name ?? '';
  let models;
  try {
    models = await import(`kubernetes-models/${apiVersion}`);
  } catch {
    results.push({ kind, name, errors: [`unknown apiVersion ${apiVersion}`] });
    continue;
  }
  const Model = models[kind];
  if (!Model) {
    results.push({ kind, name, errors: [`unknown kind ${kind} in ${apiVersion}`] });
    continue;
  }
  try {
    new Model(manifest).validate();
    results.push({ kind, name, errors: [] });
  } catch (error) {
    results.push({ kind, name, errors: [String(error?.message ?? error)] });
  }
}
process.stdout.write(JSON.stringify(results));
