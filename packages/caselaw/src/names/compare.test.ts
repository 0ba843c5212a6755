import { caseNameSimilarity, compareCaseNames, partiesOf } from './compare';
import { ocrDistance } from './ocr';

describe('ocrDistance', () => {
  it.each([
    ['lqbal', 'iqbal'], ['1qbal', 'lqbal'], ['igbal', 'iqbal'], ['twornbly', 'twombly'], ['catrctt', 'catrett'],
    ['0hio', 'ohio'], ['wainvvright', 'wainwright'], ['gicleon', 'gideon'], ['iiber', 'uber'], ['lobhy', 'lobby'],
  ])('%s reads as %s', (a, b) => {
    expect(ocrDistance(a, b)).toBeLessThan(1);
  });

  it.each([['smith', 'smyth'], ['roe', 'doe'], ['bell', 'ball']])('%s is not an OCR reading of %s', (a, b) => {
    expect(ocrDistance(a, b)).toBeGreaterThanOrEqual(1);
  });
});

describe('partiesOf', () => {
  it.each([
    ['Ashcroft v. Iqbal', ['Ashcroft', 'Iqbal']],
    ['Ashcroft, Former Attorney General, et al. v. Iqbal et al.', ['Ashcroft, Former Attorney General', 'Iqbal']],
    ['Smith vs. Jones', ['Smith', 'Jones']],
    ['Miranda v. Arizona; Vignera v. New York', ['Miranda', 'Arizona']],
    ['In re Gault', ['In re Gault']],
  ])('%s', (name, parties) => {
    expect(partiesOf(name)).toEqual(parties);
  });
});

describe('compareCaseNames', () => {
  it.each([
    // The reported bug: an OCR misreading was called another case.
    ['Ashcroft v. Igbal', 'Ashcroft v. Iqbal', 'same'],
    ['Iqbal', 'Ashcroft v. Iqbal', 'same'],
    ['Twombly', 'Bell Atlantic Corp. v. Twombly', 'same'],
    ['Ass\'n of Data Processing Serv. Orgs., Inc. v. Camp', 'Association of Data Processing Service Organizations, Inc. v. Camp', 'same'],
    ['Int\'l Union, United Auto. Workers v. Johnson Controls, Inc.', 'International Union, United Automobile Workers v. Johnson Controls, Inc.', 'same'],
    ['Dep\'t of Commerce v. New York', 'Department of Commerce v. New York', 'same'],
    ['Sec\'y of State v. Joseph H. Munson Co.', 'Secretary of State of Maryland v. Joseph H. Munson Co.', 'same'],
    ['Nat\'l Treasury Emps. Union v. Von Raab', 'National Treasury Employees Union v. Von Raab', 'same'],
    ['Gov\'t of Virgin Islands v. Smith', 'Government of the Virgin Islands v. Smith', 'same'],
    ['Hosp. Corp. of Am. v. FTC', 'Hospital Corporation of America v. Federal Trade Commission', 'same'],
    ['Transp. Ins. Co. v. Moriel', 'Transportation Insurance Co. v. Moriel', 'same'],
    ['Whitman v. Am. Trucking Ass\'ns', 'Whitman v. American Trucking Associations, Inc.', 'same'],
    ['Kansas v. Glover', 'State of Kansas v. Glover', 'same'],
    ['Polansky v. Exec. Health Res., Inc.', 'United States ex rel. Polansky v. Executive Health Resources, Inc.', 'same'],
    ['Katzenbach v. McClung', 'Katzenbach v. Ollie McClung, Sr., d/b/a Ollie\'s Barbecue', 'same'],
    ['Ollie\'s Barbecue', 'Katzenbach v. Ollie McClung, Sr., d/b/a Ollie\'s Barbecue', 'same'],
    ['Twombly v. Bell Atl. Corp.', 'Bell Atlantic Corp. v. Twombly', 'same'],
    ['Pena-Rodriguez v. Colorado', 'Peña-Rodriguez v. Colorado', 'same'],
    ['Kaufman v. Alitalia Airlines, Inc.', 'Anderson v. Liberty Lobby, Inc.', 'different'],
    ['United States v. Jones', 'United States v. Carroll Towing Co.', 'different'],
    ['Mapp v. Ohio', 'Terry v. Ohio', 'different'],
    ['NLRB v. Mackay Radio & Tel. Co.', 'NLRB v. Jones & Laughlin Steel Corp.', 'different'],
    // One party in common, the other changed while the private party changed sides: a check, not an accusation.
    ['Raich v. Ashcroft', 'Gonzales v. Raich', 'partial'],
    ['United States', 'United States v. Jones', 'unknown'],
  ])('%s against %s: %s', (cited, found, verdict) => {
    expect(compareCaseNames(cited, found).verdict).toBe(verdict);
  });

  it('confirms a cited short name through the database short name', () => {
    expect(compareCaseNames('Iqbal', 'Ashcroft, Former Attorney General v. Javaid Iqbal', 'Iqbal').verdict).toBe('same');
  });

  it('does not let the database short name excuse a full name whose other party differs', () => {
    expect(compareCaseNames('Smith v. Iqbal', 'Ashcroft v. Iqbal', 'Iqbal').verdict).not.toBe('same');
  });
});

describe('caseNameSimilarity', () => {
  it.each([
    ['Bell Atlantic Corp. v. Twombly', 'Bell Atl. Corp. v. Twombly', 0.8, 1],
    ['Daubert v. Merrell Dow Pharmaceuticals, Inc.', 'Daubert v. Merrell Dow Pharms., Inc.', 0.8, 1],
    ['Erie Railroad Co. v. Tompkins', 'Erie R.R. Co. v. Tompkins', 0.8, 1],
    ["Oswego Laborers' Local 214 Pension Fund v. Marine Midland Bank, N.A.", 'Oswego Laborers Local 214 Pension Fund v. Marine Midland Bank', 0.8, 1],
    ['Varghese v. China Southern Airlines', 'Twombly v. Bell', 0, 0.5],
    ['Miller v. United Airlines', 'Miller v. Delta Air Lines', 0, 0.79],
  ])('caseNameSimilarity(%p, %p) in [%p, %p]', (a, b, lo, hi) => {
    const s = caseNameSimilarity(a, b);
    expect(s).toBeGreaterThanOrEqual(lo);
    expect(s).toBeLessThanOrEqual(hi);
  });
});

describe('names as CourtListener and CAP store them', () => {
  it.each([
    // A CAP caption: the parties with their roles, a first name the brief leaves out.
    ['West v. United States', 'Antonio WEST, Appellant, v. UNITED STATES, Appellee.'],
    ['West v. United States', 'WEST v. UNITED STATES'],
    ['North v. Florida', 'North v. Florida'],
    // A capital V. between names is a middle initial, not "versus".
    ['Rollin v. William V. Frankel & Co.', 'Rollin v. William V. Frankel & Co., Inc.'],
    ['Frankel & Co.', 'Rollin v. William V. Frankel & Co.'],
    // A known abbreviation may stand for another word that begins alike (Soc.: Social, Society).
    ['Fenley v. Ohio Historical Soc.', 'State ex rel. Fenley v. Ohio Historical Society'],
    ['Monell v. Dep’t of Soc. Servs.', 'Monell v. Department of Social Services'],
  ])('%s is %s', (cited, stored) => {
    expect(compareCaseNames(cited, stored).verdict).toBe('same');
  });

  it('a surname alone still tells two cases apart, and a company is not a person', () => {
    expect(compareCaseNames('West v. Smith', 'West v. Jones').verdict).toBe('different');
    expect(compareCaseNames('North v. Florida', 'North American Co. v. Florida').verdict).not.toBe('same');
    expect(compareCaseNames('State v. Jones', 'Smith v. State').verdict).toBe('different');
  });
});

describe('a party name shared with another case is a lead, not the case', () => {
  // The real-world set's stand-in, once its other cases bore common surnames, found `State v.
  // Williams` (2024-Ohio-1433, real) "reported at" the address of `Williams v. <another party>`:
  // a bare State matched nothing and the surname matched crosswise.
  it.each([
    ['State v. Williams', 'Williams v. Jordan'],
    ['People v. Martinez', 'Martinez v. Kessler'],
    ['Commonwealth v. Gross', 'Gross v. Hartman'],
  ])('%s is not %s', (cited, stored) => {
    expect(compareCaseNames(cited, stored).verdict).not.toBe('same');
  });

  it.each([
    ['State v. Williams', 'Williams v. State'],
    ['Commonwealth v. Brensinger', 'Com. v. Brensinger, R.'],
    ['State v. Smart', 'State v. Kyle A. Smart'],
  ])('%s is still %s', (cited, stored) => {
    expect(compareCaseNames(cited, stored).verdict).toBe('same');
  });

  // United States v. Cohen (S.D.N.Y. 2023): "United States v. Figueroa-Florez" does not exist;
  // cases of either surname do. One of two hyphenated surnames is a check, never the case.
  it.each([
    ['United States v. Figueroa-Florez', 'United States v. Figueroa'],
    ['United States v. Figueroa-Florez', 'United States v. Florez'],
    ['Figueroa-Florez', 'United States v. Florez'],
  ])('%s against %s is partial', (cited, stored) => {
    expect(compareCaseNames(cited, stored).verdict).toBe('partial');
  });

  it.each([
    ['United States v. Figueroa-Florez', 'UNITED STATES of America, Appellee, v. Jose FIGUEROA-FLOREZ, Appellant.'],
    ['Miller-El v. Cockrell', 'Miller-El v. Cockrell'],
    ['Miller-El v. Cockrell', 'Thomas Joe Miller-El v. Janie Cockrell, Director'],
  ])('%s is %s', (cited, stored) => {
    expect(compareCaseNames(cited, stored).verdict).toBe('same');
  });
});
