/**
 * A person's name as the product accepts it at registration, and as it may appear in the mails
 * sent to the address given with it. Registering is open to anyone and mails whatever address
 * is typed, so a name is where a stranger's text would reach that inbox: without a rule, any
 * sentence and any link could be mailed from the product (issue 28, finding 8). A name is
 * letters (any script), digits, spaces and . , ' ’ - ; at most MAX_NAME_LENGTH characters; no
 * web or mail address, nor anything shaped like a domain (`word.word`).
 *
 *   nameProblem('Jane Q. O’Brien-Smith') // null
 *   nameProblem('Claim your prize at evil.example') // 'looks like a web address'
 */
export const MAX_NAME_LENGTH = 100;

const ALLOWED = /^[\p{L}\p{M}\p{N} .,'’-]+$/u;
const DOMAIN_LIKE = /[\p{L}\p{N}]{2,}\.[\p{L}\p{N}]{2,}/u;

/** Why `name` (as typed) is not accepted, or null when it is. */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'empty';
  if (trimmed.length > MAX_NAME_LENGTH) return 'too long';
  if (!ALLOWED.test(trimmed)) return 'characters other than letters, digits, spaces and . , \' -';
  if (DOMAIN_LIKE.test(trimmed)) return 'looks like a web address';
  return null;
}

export function isAcceptableName(name: string): boolean {
  return nameProblem(name) === null;
}
