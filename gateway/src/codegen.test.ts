import { readFileSync } from 'node:fs';
import { generateTypes, GENERATED_TYPES_PATH } from './codegen';
import { composeSupergraph } from './compose';

describe('API types generated from the supergraph', () => {
  it('are up to date: regenerating gives the committed file', () => {
    // On failure: run `npx tsx gateway/src/codegen.ts` and commit the result.
    expect(generateTypes(composeSupergraph())).toBe(readFileSync(GENERATED_TYPES_PATH, 'utf8'));
  });

  it('map nullability, lists, enums and arguments', () => {
    const header = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])\n';
    const sdl = `${header}enum Colour { red green }
      type Thing @key(fields: "id") { id: ID! tags: [String!]! maybe: [Int] colour: Colour }
      type Query { thing(id: ID!, colour: Colour): Thing }`;
    const types = generateTypes(composeSupergraph([{ name: 'a', sdl }]));
    expect(types).toContain("export type Colour = 'red' | 'green';");
    expect(types).toContain('  id: string;\n  tags: Array<string>;\n  maybe: Array<number | null> | null;\n  colour: Colour | null;');
    expect(types).toContain('export interface QueryThingArgs {\n  id: string;\n  colour?: Colour | null;\n}');
  });
});
