/**
 * Case names: does the name in a brief name the case the database has at that address?
 * See compare.ts for the rules; abbreviations.ts and ocr.ts for the two kinds of variation
 * (citation style and scanning) a name must survive.
 */
export { compareCaseNames, caseNameSimilarity, partiesOf, type NameComparison, type NameVerdict } from './compare';
export { ocrDistance } from './ocr';
export { wordKey } from './abbreviations';
export { nameKeys, searchTerms, searchWords, wordHash, ocrFold, MAX_KEYS } from './search-keys';
