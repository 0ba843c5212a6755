import { composeSupergraph, CompositionError, readSubgraphs } from './compose';
import { SERVICE_NAMES } from './services';

const header = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])\n';

describe('supergraph composition', () => {
  it('composes every service subgraph', () => {
    const supergraph = composeSupergraph();
    for (const name of SERVICE_NAMES) {
      expect(supergraph).toContain(`${name}Health: ServiceHealth!`);
    }
    expect(readSubgraphs()).toHaveLength(8);
  });

  // Small fixtures, one case each, as in the Federation 2 demo.
  it('fails when two subgraphs define the same field without @shareable', () => {
    const a = { name: 'a', sdl: `${header}type Thing { id: ID! }\ntype Query { thingA: Thing }` };
    const b = { name: 'b', sdl: `${header}type Thing { id: ID! }\ntype Query { thingB: Thing }` };
    expect(() => composeSupergraph([a, b])).toThrow(CompositionError);
  });

  it('accepts a type shared with @shareable', () => {
    const a = { name: 'a', sdl: `${header}type Thing @shareable { id: ID! }\ntype Query { thingA: Thing }` };
    const b = { name: 'b', sdl: `${header}type Thing @shareable { id: ID! }\ntype Query { thingB: Thing }` };
    expect(composeSupergraph([a, b])).toContain('thingB');
  });

  it('fails on an SDL error and names it', () => {
    const a = { name: 'a', sdl: `${header}type Query { broken: Unknown }` };
    expect(() => composeSupergraph([a])).toThrow(/Unknown/);
  });
});
