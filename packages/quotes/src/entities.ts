/**
 * HTML character references, decoded. Opinions use a small set (typography, section signs,
 * accented names); an unknown name is left as written rather than guessed.
 */
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
  sect: '§', para: '¶', mdash: '—', ndash: '–', minus: '−', hyphen: '‐',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', sbquo: '‚', bdquo: '„', prime: '′', Prime: '″',
  hellip: '…', shy: '\u00ad', copy: '©', reg: '®', trade: '™', deg: '°', plusmn: '±',
  frac12: '½', frac14: '¼', frac34: '¾', middot: '·', bull: '•', dagger: '†', Dagger: '‡',
  laquo: '«', raquo: '»', times: '×', divide: '÷', cent: '¢', pound: '£', yen: '¥', euro: '€',
  iexcl: '¡', iquest: '¿', thinsp: '\u2009', ensp: '\u2002', emsp: '\u2003', zwj: '', zwnj: '', lrm: '', rlm: '',
  sup1: '¹', sup2: '²', sup3: '³', ordf: 'ª', ordm: 'º', micro: 'µ', not: '¬', macr: '¯', acute: '´', cedil: '¸', uml: '¨',
  aacute: 'á', Aacute: 'Á', agrave: 'à', Agrave: 'À', acirc: 'â', Acirc: 'Â', auml: 'ä', Auml: 'Ä', atilde: 'ã', Atilde: 'Ã', aring: 'å', Aring: 'Å', aelig: 'æ', AElig: 'Æ',
  ccedil: 'ç', Ccedil: 'Ç',
  eacute: 'é', Eacute: 'É', egrave: 'è', Egrave: 'È', ecirc: 'ê', Ecirc: 'Ê', euml: 'ë', Euml: 'Ë',
  iacute: 'í', Iacute: 'Í', igrave: 'ì', Igrave: 'Ì', icirc: 'î', Icirc: 'Î', iuml: 'ï', Iuml: 'Ï',
  ntilde: 'ñ', Ntilde: 'Ñ',
  oacute: 'ó', Oacute: 'Ó', ograve: 'ò', Ograve: 'Ò', ocirc: 'ô', Ocirc: 'Ô', ouml: 'ö', Ouml: 'Ö', otilde: 'õ', Otilde: 'Õ', oslash: 'ø', Oslash: 'Ø',
  uacute: 'ú', Uacute: 'Ú', ugrave: 'ù', Ugrave: 'Ù', ucirc: 'û', Ucirc: 'Û', uuml: 'ü', Uuml: 'Ü',
  yacute: 'ý', Yacute: 'Ý', yuml: 'ÿ', szlig: 'ß', eth: 'ð', ETH: 'Ð', thorn: 'þ', THORN: 'Þ',
};

const REF = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,8});?/g;

/**
 * Decode the character references in a text node.
 * @example decodeEntities('Smith &amp; Jones &#167; 2&nbsp;&mdash;') // 'Smith & Jones § 2\u00a0—'
 */
export function decodeEntities(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(REF, (whole, name: string) => {
    if (name.charCodeAt(0) === 35 /* # */) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      // Windows-1252 numbers written as references (&#147; for a curly quote) are common in old HTML.
      const mapped = code >= 0x80 && code <= 0x9f ? CP1252[code - 0x80] : code;
      return mapped > 0 && mapped <= 0x10ffff ? String.fromCodePoint(mapped) : whole;
    }
    const v = NAMED[name];
    return v === undefined ? whole : v;
  });
}

// The C1 range as Windows-1252 reads it (0 where it defines nothing).
const CP1252 = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];
