/** One labelled citation in a corpus passage. */
export interface Expected {
  text: string;
  /** Offset in the passage; hand-written labels omit it (found by searching `text` in order). */
  start?: number;
  type: 'case' | 'statute' | 'regulation';
  form: 'full' | 'short' | 'id' | 'supra';
  normalized: string;
  caseName?: string;
  antecedent?: string;
}

export interface Passage {
  name: string;
  text: string;
  expected: Expected[];
}
