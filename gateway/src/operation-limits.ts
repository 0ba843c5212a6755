/**
 * Bounds on one GraphQL operation, checked before anything runs. Without them one request
 * can ask for the same expensive field hundreds of times under different aliases (300
 * `users` with a wrong bearer once meant 300 password checks), or nest selections until
 * the planner and the subgraphs do unbounded work. The limits sit far above what the web
 * client asks for (no alias, depth under 8, a few dozen fields).
 */
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export interface OperationLimits {
  /** Aliased fields in the whole operation, fragments included. */
  maxAliases: number;
  /** Nesting of selection sets. */
  maxDepth: number;
  /** Fields selected in the whole operation, fragments expanded: a cost with every field at 1. */
  maxFields: number;
}

export const OPERATION_LIMITS: OperationLimits = { maxAliases: 15, maxDepth: 12, maxFields: 400 };

/** Tokens the parser reads before giving up: a huge document is refused before it is a tree. */
export const MAX_TOKENS = 5000;

interface Tally {
  aliases: number;
  fields: number;
  depth: number;
}

function tally(set: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, depth: number, seen: Set<string>, total: Tally, limits: OperationLimits) {
  total.depth = Math.max(total.depth, depth);
  for (const selection of set.selections) {
    // Stop counting once a limit is passed: the answer is already no.
    if (total.aliases > limits.maxAliases || total.fields > limits.maxFields || total.depth > limits.maxDepth) return;
    if (selection.kind === Kind.FIELD) {
      total.fields += 1;
      if (selection.alias) total.aliases += 1;
      if (selection.selectionSet) tally(selection.selectionSet, fragments, depth + 1, seen, total, limits);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      tally(selection.selectionSet, fragments, depth, seen, total, limits);
    } else {
      const fragment = fragments[selection.name.value];
      // A fragment spread twice on one path is a cycle (another rule reports it); count it once.
      if (!fragment || seen.has(fragment.name.value)) continue;
      seen.add(fragment.name.value);
      tally(fragment.selectionSet, fragments, depth, seen, total, limits);
      seen.delete(fragment.name.value);
    }
  }
}

export function operationLimitsRule(limits: OperationLimits = OPERATION_LIMITS): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
    return {
      OperationDefinition(operation) {
        const total: Tally = { aliases: 0, fields: 0, depth: 0 };
        tally(operation.selectionSet, fragments, 1, new Set(), total, limits);
        const over = [
          total.aliases > limits.maxAliases ? `more than ${limits.maxAliases} aliases` : null,
          total.depth > limits.maxDepth ? `deeper than ${limits.maxDepth} levels` : null,
          total.fields > limits.maxFields ? `more than ${limits.maxFields} fields` : null,
        ].filter(Boolean);
        if (over.length > 0) {
          context.reportError(new GraphQLError(`Query too complex: ${over.join(', ')}`, { nodes: [operation], extensions: { code: 'QUERY_TOO_COMPLEX' } }));
        }
      },
    };
  };
}
