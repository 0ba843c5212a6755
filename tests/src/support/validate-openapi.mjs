// Validates an OpenAPI document with @seriousme/openapi-schema-validator (ESM only, hence a
// script of its own that the Jest tests run, like validate-k8s.mjs).
// stdin: the document as JSON; stdout: the validator's answer ({ valid, errors? }) and the
// OpenAPI version it checked against.
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';

const validator = new Validator();
const result = await validator.validate(JSON.parse(readFileSync(0, 'utf8')));
process.stdout.write(JSON.stringify({ ...result, version: validator.version }));
