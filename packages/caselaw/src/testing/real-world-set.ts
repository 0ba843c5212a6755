/**
 * A labelled set from public sources, held out from the rules' design, for the question the
 * product must never get wrong: is a real case ever called a hallucination?
 *
 * - Real cases CourtListener's own tracker names as missing a citation (freelawproject/
 *   courtlistener #6889: Susan B. Anthony List v. Driehaus has no U.S. citation; #685: FCC v.
 *   Fox Television Stations the same; #3992: Ohio web citations whose clusters are there without
 *   them) or missing altogether (#336: Supreme Court cases present in the Supreme Court Database;
 *   #682: Shaw v. Hunt; #339: Federal Reporter citations the Supreme Court cited; #7556: State v.
 *   Smart, New Jersey, 2023);
 * - real public-domain citations of Ohio, New York (NY Slip Op), Arkansas, New Hampshire and the
 *   Pennsylvania Superior Court, from Free Law Project's juriscraper test examples and public
 *   opinion pages;
 * - well-known real cases, some cited as a scanner or a Bluebook-trained hand writes them;
 * - fabrications courts found: the six of Mata v. Avianca, Inc., 678 F. Supp. 3d 443 (S.D.N.Y.
 *   2023), the one of Park v. Kim, 91 F.4th 610 (2d Cir. 2024), Westlaw numbers from later orders
 *   (Wadsworth v. Walmart (D. Wyo. 2025), Doe v. Noem (D.D.C. 2025)), and FutureGrowth Corp. v.
 *   SEC (reported to this project's tracker as found fabricated in 2026).
 *
 * Each real case carries what CourtListener holds of it (`record`) and how the bucket stand-in
 * (real-world-bucket.ts) reproduces CourtListener's holes: `all` its citations; `no-citation`
 * the cluster without its citation rows (or without the one named in `drop`); `missing-in-cap`
 * not in CourtListener at all but listed in the Caselaw Access Project's volume list; `missing`
 * in neither. Dates marked approximate are known to the month or year only, as CourtListener
 * marks them; last pages (`to`) are the real ones where the source gives them and otherwise a
 * stand-in length, used only for the Caselaw Access Project's page ranges.
 */

export type Holds = 'all' | 'no-citation' | 'missing-in-cap' | 'missing';

/** A citation as CourtListener stores it: volume, reporter as CourtListener writes it, page, type (1 federal, 2 state, 3 regional, 4 specialty, 8 neutral), last page. */
export type Cite = [volume: number | string, reporter: string, page: string, type: number, to?: number];

export interface CaseRecord {
  /** The name as CourtListener (or, for a case it lacks, CAP) holds it. */
  name: string;
  court: string;
  date: string;
  approximate?: boolean;
  citations: Cite[];
  holds: Holds;
  /** With `no-citation`: only this reporter's row is lost (`U.S.`), the others kept. */
  drop?: string;
  /** Another decision of the same case CourtListener holds (without a citation), as the tracker says. */
  sibling?: { name: string; court: string; date: string };
}

/**
 * `fabricated`: a court found no such case (the product must flag it); `misattributed`: a court
 * found that the address holds (or runs through) a real case of another name (the product must
 * say it points to a different case, never that the address is empty); `fabricated-unverifiable`:
 * a Westlaw, Lexis or public-domain number no bulk data holds (never accused).
 */
export type Label = 'real' | 'fabricated' | 'misattributed' | 'fabricated-unverifiable';

export interface LabelledCitation {
  /** As a brief writes it; the citation judged is the first one found in it. */
  text: string;
  label: Label;
  source: string;
  record?: CaseRecord;
}

const real = (text: string, source: string, record: CaseRecord): LabelledCitation => ({ text, label: 'real', source, record });
const fake = (text: string, source: string): LabelledCitation => ({ text, label: 'fabricated', source });
const fakeNumber = (text: string, source: string): LabelledCitation => ({ text, label: 'fabricated-unverifiable', source });
const misattributed = (text: string, source: string, record?: CaseRecord): LabelledCitation => ({ text, label: 'misattributed', source, record });

const SCOTUS = 'Supreme Court of the United States (the United States Reports)';
const MATA = 'Mata v. Avianca, Inc., 678 F. Supp. 3d 443 (S.D.N.Y. 2023) (sanctions order, listing the fabricated opinions)';
const GAUTHIER = 'Gauthier v. Goodyear Tire & Rubber Co., No. 1:23-cv-281 (E.D. Tex. Nov. 25, 2024) (memorandum and order on sanctions, n.1: "The nonexistent cases are ...")';
const COHEN = 'United States v. Cohen, No. 1:18-cr-602 (S.D.N.Y. Dec. 12, 2023) (order to show cause: "As far as the Court can tell, none of these cases exist")';
const EVANS = 'Evans v. Robertson (E.D. Mich. Sept. 24, 2025) (Stafford, M.J.) (report and recommendation, on the parties\' "factitious citations")';
const ALLEN = 'Allen v. Casper, No. 1:25-cv-10438 (N.D. Ill. Mar. 10, 2026) (Kendall, C.J.) (Rule 11 sanction; "not a real case")';
const TORRES = 'Torres Campos v. Munoz (Cal. Ct. App. 4th Dist., Div. 1, Mar. 5, 2026) (the trial court\'s order cited two nonexistent cases from a party\'s papers)';

/** The real case United States v. Figueroa-Florez, 64 F.4th 223 lands inside (Cohen order: "refers to a page in the middle of a Fourth Circuit decision"). */
const drake: CaseRecord = { name: 'United States v. Drake', court: 'ca4', date: '2023-04-01', approximate: true, citations: [[64, 'F.4th', '220', 1]], holds: 'all' };
/** The two real cases the Evans court names for the title the brief cited under a wrong address. */
const mickens2012: CaseRecord = { name: 'Mickens v. 10th Jud. Cir. Ct.', court: 'ca11', date: '2012-01-15', approximate: true, citations: [[458, 'F. App\'x', '839', 1, 842]], holds: 'all' };
const mickens2006: CaseRecord = { name: 'Mickens v. 10th Jud. Cir.', court: 'ca11', date: '2006-06-15', approximate: true, citations: [[181, 'F. App\'x', '865', 1, 867]], holds: 'all' };
/** The case at 972 F.3d 799: the order says only that it has another name, another year and another circuit. */
/** Morgan v. Community Against Violence: the two reporter citations the court traced to other, real cases (first pages as the tracker gives them; Caldwell's court is a stand-in). */
const young: CaseRecord = { name: 'Young v. Builders Steel Co.', court: 'ca8', date: '2014-06-15', approximate: true, citations: [[754, 'F.3d', '576', 1, 580]], holds: 'all' };
const caldwell: CaseRecord = { name: 'Caldwell v. Bristol Myers Squibb', court: 'paed', date: '2015-07-15', approximate: true, citations: [[116, 'F. Supp. 3d', '734', 1]], holds: 'all' };
const MORGAN = 'Morgan v. Community Against Violence, No. 1:23-cv-00353 (D.N.M. Oct. 23, 2023, Jan. 19 and Feb. 15, 2024) (Johnson, C.J.)';
const at972: CaseRecord = { name: 'Case at 972 F.3d 799 (stand-in name: the order says only that it is another case, of another year and circuit)', court: 'ca3', date: '2020-08-15', approximate: true, citations: [[972, 'F.3d', '799', 1, 812]], holds: 'all' };

const twombly: CaseRecord = { name: 'Bell Atlantic Corp. v. Twombly', court: 'scotus', date: '2007-05-21', citations: [[550, 'U.S.', '544', 1, 597], [127, 'S. Ct.', '1955', 1]], holds: 'all' };
const iqbal: CaseRecord = { name: 'Ashcroft v. Iqbal', court: 'scotus', date: '2009-05-18', citations: [[556, 'U.S.', '662', 1, 699], [129, 'S. Ct.', '1937', 1]], holds: 'no-citation' };
const celotex: CaseRecord = { name: 'Celotex Corp. v. Catrett', court: 'scotus', date: '1986-06-25', citations: [[477, 'U.S.', '317', 1, 339], [106, 'S. Ct.', '2548', 1]], holds: 'no-citation' };
const anderson: CaseRecord = { name: 'Anderson v. Liberty Lobby, Inc.', court: 'scotus', date: '1986-06-25', citations: [[477, 'U.S.', '242', 1, 273], [106, 'S. Ct.', '2505', 1]], holds: 'no-citation' };
const sba: CaseRecord = { name: 'Susan B. Anthony List v. Driehaus', court: 'scotus', date: '2014-06-16', citations: [[573, 'U.S.', '149', 1, 168], [134, 'S. Ct.', '2334', 1]], holds: 'no-citation', drop: 'U.S.' };
const fox: CaseRecord = { name: 'FCC v. Fox Television Stations, Inc.', court: 'scotus', date: '2012-06-21', citations: [[567, 'U.S.', '239', 1, 259], [132, 'S. Ct.', '2307', 1]], holds: 'no-citation', drop: 'U.S.' };
const smart: CaseRecord = {
  name: 'State v. Kyle A. Smart', court: 'nj', date: '2023-03-28', citations: [[253, 'N.J.', '156', 2]], holds: 'missing',
  sibling: { name: 'State v. Kyle A. Smart', court: 'njsuperctappdiv', date: '2022-06-15' },
};

export const REAL_WORLD_SET: LabelledCitation[] = [
  // The Supreme Court, as briefs cite it most; some lose their citation rows (the cluster kept).
  real('Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007).', SCOTUS, twombly),
  real('Ashcroft v. Igbal, 556 U.S. 662 (2009).', `${SCOTUS}; spelled as OCR reads it`, iqbal),
  real('Celotex Corp. v. Catrctt, 477 U.S. 317 (1986).', `${SCOTUS}; spelled as OCR reads it`, celotex),
  real('Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986).', SCOTUS, anderson),
  real('Matsushita Elec. Indus. Co. v. Zenith Radio Corp., 475 U.S. 574 (1986).', `${SCOTUS}; Bluebook abbreviations`, { name: 'Matsushita Electric Industrial Co. v. Zenith Radio Corp.', court: 'scotus', date: '1986-03-26', citations: [[475, 'U.S.', '574', 1, 607]], holds: 'all' }),
  real('Daubert v. Merrell Dow Pharms., Inc., 509 U.S. 579 (1993).', `${SCOTUS}; Bluebook abbreviations`, { name: 'Daubert v. Merrell Dow Pharmaceuticals, Inc.', court: 'scotus', date: '1993-06-28', citations: [[509, 'U.S.', '579', 1, 601]], holds: 'no-citation' }),
  real('Chevron U.S.A. Inc. v. NRDC, 467 U.S. 837 (1984).', `${SCOTUS}; initials`, { name: 'Chevron U.S.A. Inc. v. Natural Resources Defense Council, Inc.', court: 'scotus', date: '1984-06-25', citations: [[467, 'U.S.', '837', 1, 866]], holds: 'all' }),
  real('Miranda v. Arizona, 384 U.S. 436 (1966).', SCOTUS, { name: 'Miranda v. Arizona', court: 'scotus', date: '1966-06-13', citations: [[384, 'U.S.', '436', 1, 545], [86, 'S. Ct.', '1602', 1]], holds: 'all' }),
  real('Marbury v. Madison, 5 U.S. 137 (1803).', SCOTUS, { name: 'Marbury v. Madison', court: 'scotus', date: '1803-02-24', citations: [[5, 'U.S.', '137', 1, 180]], holds: 'all' }),
  real('Brown v. Board of Education, 347 U.S. 483 (1954).', SCOTUS, { name: 'Brown v. Board of Education', court: 'scotus', date: '1954-05-17', citations: [[347, 'U.S.', '483', 1, 496]], holds: 'all' }),
  real('Gideon v. Wainwright, 372 U.S. 335 (1963).', SCOTUS, { name: 'Gideon v. Wainwright', court: 'scotus', date: '1963-03-18', citations: [[372, 'U.S.', '335', 1, 353]], holds: 'no-citation' }),
  real('Mapp v. Ohio, 367 U.S. 643 (1961).', SCOTUS, { name: 'Mapp v. Ohio', court: 'scotus', date: '1961-06-19', citations: [[367, 'U.S.', '643', 1, 686]], holds: 'all' }),
  real('Terry v. Ohio, 392 U.S. 1 (1968).', SCOTUS, { name: 'Terry v. Ohio', court: 'scotus', date: '1968-06-10', citations: [[392, 'U.S.', '1', 1, 39]], holds: 'all' }),
  real('New York Times Co. v. Sullivan, 376 U.S. 254 (1964).', SCOTUS, { name: 'New York Times Co. v. Sullivan', court: 'scotus', date: '1964-03-09', citations: [[376, 'U.S.', '254', 1, 305]], holds: 'all' }),
  real('Strickland v. Washington, 466 U.S. 668 (1984).', SCOTUS, { name: 'Strickland v. Washington', court: 'scotus', date: '1984-05-14', citations: [[466, 'U.S.', '668', 1, 718]], holds: 'no-citation' }),
  real('Lujan v. Defenders of Wildlife, 504 U.S. 555 (1992).', SCOTUS, { name: 'Lujan v. Defenders of Wildlife', court: 'scotus', date: '1992-06-12', citations: [[504, 'U.S.', '555', 1, 606]], holds: 'all' }),
  real('Monell v. Dep’t of Soc. Servs., 436 U.S. 658 (1978).', `${SCOTUS}; Bluebook abbreviations, a curly apostrophe`, { name: 'Monell v. Department of Social Services', court: 'scotus', date: '1978-06-06', citations: [[436, 'U.S.', '658', 1, 725]], holds: 'all' }),
  real('International Shoe Co. v. Washington, 326 U.S. 310 (1945).', SCOTUS, { name: 'International Shoe Co. v. Washington', court: 'scotus', date: '1945-12-03', citations: [[326, 'U.S.', '310', 1, 326]], holds: 'all' }),
  real('Kumho Tire Co. v. Carmichael, 526 U.S. 137 (1999).', SCOTUS, { name: 'Kumho Tire Co. v. Carmichael', court: 'scotus', date: '1999-03-23', citations: [[526, 'U.S.', '137', 1, 159]], holds: 'no-citation' }),
  real('Morrison v. Nat’l Austl. Bank Ltd., 561 U.S. 247 (2010).', `${SCOTUS}; Bluebook abbreviations`, { name: 'Morrison v. National Australia Bank Ltd.', court: 'scotus', date: '2010-06-24', citations: [[561, 'U.S.', '247', 1, 288]], holds: 'all' }),
  real('Citizens United v. FEC, 558 U.S. 310 (2010).', SCOTUS, { name: 'Citizens United v. Federal Election Commission', court: 'scotus', date: '2010-01-21', citations: [[558, 'U.S.', '310', 1, 485]], holds: 'all' }),
  real('Obergefell v. Hodges, 576 U.S. 644 (2015).', SCOTUS, { name: 'Obergefell v. Hodges', court: 'scotus', date: '2015-06-26', citations: [[576, 'U.S.', '644', 1, 720], [135, 'S. Ct.', '2584', 1]], holds: 'all' }),

  // What CourtListener's tracker says it lacks.
  real('Susan B. Anthony List v. Driebaus, 573 U.S. 149 (2014).', 'courtlistener #6889 (no U.S. citation); spelled as OCR reads it', sba),
  real('FCC v. Fox Television Stations, Inc., 567 U.S. 239 (2012).', 'courtlistener #685 (the U.S. citation missing, S. Ct. only)', fox),
  real('Shaw v. Hunt, 517 U.S. 899 (1996).', 'courtlistener #682, #336 (the case missing)', { name: 'Shaw v. Hunt', court: 'scotus', date: '1996-06-13', citations: [[517, 'U.S.', '899', 1, 918]], holds: 'missing-in-cap' }),
  real('Ray v. Blair, 343 U.S. 154 (1952).', 'courtlistener #336 (SCDB 1951-064, missing)', { name: 'Ray v. Blair', court: 'scotus', date: '1952-04-03', approximate: true, citations: [[343, 'U.S.', '154', 1, 155]], holds: 'missing-in-cap' }),
  real('Tom We Shung v. Brownell, 346 U.S. 906 (1953).', 'courtlistener #336 (SCDB 1953-029, missing)', { name: 'Tom We Shung v. Brownell', court: 'scotus', date: '1953-11-16', approximate: true, citations: [[346, 'U.S.', '906', 1, 906]], holds: 'missing-in-cap' }),
  real('North v. Florida, 346 U.S. 932 (1954).', 'courtlistener #336 (SCDB 1953-032, missing)', { name: 'North v. Florida', court: 'scotus', date: '1954-01-11', approximate: true, citations: [[346, 'U.S.', '932', 1, 932]], holds: 'missing-in-cap' }),
  real('General Electric Co. v. Washington, 347 U.S. 909 (1954).', 'courtlistener #336 (SCDB 1953-085, missing)', { name: 'General Electric Co. v. Washington', court: 'scotus', date: '1954-03-15', approximate: true, citations: [[347, 'U.S.', '909', 1, 909]], holds: 'missing-in-cap' }),
  real('See 35 F.2d 618.', 'courtlistener #339 (cited by the Supreme Court, missing)', { name: 'Case at 35 F.2d 618 (stand-in name: the tracker lists the citation only)', court: 'ca2', date: '1929-12-02', approximate: true, citations: [[35, 'F.2d', '618', 1, 621]], holds: 'missing-in-cap' }),
  real('See 220 F.2d 38.', 'courtlistener #339 (cited by the Supreme Court, missing)', { name: 'Case at 220 F.2d 38 (stand-in name: the tracker lists the citation only)', court: 'ca5', date: '1955-03-01', approximate: true, citations: [[220, 'F.2d', '38', 1, 44]], holds: 'missing-in-cap' }),
  real('See 39 F.3d 5.', 'courtlistener #339 (cited by the Supreme Court, missing)', { name: 'Case at 39 F.3d 5 (stand-in name: the tracker lists the citation only)', court: 'ca1', date: '1994-10-20', approximate: true, citations: [[39, 'F.3d', '5', 1, 9]], holds: 'missing-in-cap' }),
  real('See 94 F.3d 1005.', 'courtlistener #339 (cited by the Supreme Court, missing)', { name: 'Case at 94 F.3d 1005 (stand-in name: the tracker lists the citation only)', court: 'ca6', date: '1996-09-03', approximate: true, citations: [[94, 'F.3d', '1005', 1, 1012]], holds: 'missing-in-cap' }),
  real('State v. Smart, 253 N.J. 156 (2023).', 'courtlistener #7556 (New Jersey Supreme Court, Oct. 2022 - June 2023 missing; the Appellate Division opinion present)', smart),
  real('State ex rel. Fenley v. Ohio Historical Soc., 1992-Ohio-2.', 'courtlistener #3992 (the cluster present, the neutral citation missing)', { name: 'State ex rel. Fenley v. Ohio Historical Society', court: 'ohio', date: '1992-06-01', approximate: true, citations: [[1992, 'Ohio', '2', 8]], holds: 'no-citation' }),

  // Federal courts of appeals and district courts.
  real('United States v. Carroll Towing Co., 159 F.2d 169 (2d Cir. 1947).', 'Second Circuit', { name: 'United States v. Carroll Towing Co.', court: 'ca2', date: '1947-01-09', citations: [[159, 'F.2d', '169', 1, 174]], holds: 'all' }),
  real('Day v. Trans World Airlines, Inc., 528 F.2d 31 (2d Cir. 1975).', 'Second Circuit', { name: 'Day v. Trans World Airlines, Inc.', court: 'ca2', date: '1975-11-05', approximate: true, citations: [[528, 'F.2d', '31', 1, 37]], holds: 'missing-in-cap' }),
  real('Evangelinos v. Trans World Airlines, Inc., 550 F.2d 152 (3d Cir. 1977).', 'Third Circuit', { name: 'Evangelinos v. Trans World Airlines, Inc.', court: 'ca3', date: '1977-01-24', approximate: true, citations: [[550, 'F.2d', '152', 1, 158]], holds: 'all' }),
  real('Fishman v. Delta Air Lines, Inc., 132 F.3d 138 (2d Cir. 1998).', 'Second Circuit', { name: 'Fishman v. Delta Air Lines, Inc.', court: 'ca2', date: '1998-01-02', approximate: true, citations: [[132, 'F.3d', '138', 1, 145]], holds: 'no-citation' }),
  real('Wallace v. Korean Air, 214 F.3d 293 (2d Cir. 2000).', 'Second Circuit (opinion of June 6, 2000)', { name: 'Brandi Wallace v. Korean Air', court: 'ca2', date: '2000-06-06', citations: [[214, 'F.3d', '293', 1, 300]], holds: 'all' }),
  real('Ehrlich v. Am. Airlines, Inc., 360 F.3d 366 (2d Cir. 2004).', 'Second Circuit; Bluebook abbreviation', { name: 'Ehrlich v. American Airlines, Inc.', court: 'ca2', date: '2004-02-24', approximate: true, citations: [[360, 'F.3d', '366', 1, 402]], holds: 'all' }),
  real('United States ex rel. 84Partners, LLC v. Nuflo, Inc., 79 F.4th 1353 (11th Cir. 2023).', 'Eleventh Circuit (opinion of Aug. 17, 2023)', { name: 'United States ex rel. 84Partners, LLC v. Nuflo, Inc.', court: 'ca11', date: '2023-08-17', citations: [[79, 'F.4th', '1353', 1]], holds: 'no-citation' }),
  real('Park v. Kim, 91 F.4th 610 (2d Cir. 2024).', 'Second Circuit (Jan. 30, 2024)', { name: 'Park v. Kim', court: 'ca2', date: '2024-01-30', citations: [[91, 'F.4th', '610', 1]], holds: 'all' }),
  real('Mata v. Avianca, Inc., 678 F. Supp. 3d 443 (S.D.N.Y. 2023).', 'Southern District of New York (June 22, 2023)', { name: 'Mata v. Avianca, Inc.', court: 'nysd', date: '2023-06-22', citations: [[678, 'F. Supp. 3d', '443', 1]], holds: 'all' }),
  real('Fournier v. Lufthansa German Airlines, 191 F. Supp. 2d 996 (N.D. Ill. 2002).', 'Northern District of Illinois (Feb. 12, 2002)', { name: 'Fournier v. Lufthansa German Airlines', court: 'ilnd', date: '2002-02-12', citations: [[191, 'F. Supp. 2d', '996', 1, 1004]], holds: 'no-citation' }),

  // State courts: reporters, captions, names as CAP and CourtListener write them.
  real('Palsgraf v. Long Island R.R. Co., 248 N.Y. 339 (1928).', 'New York Court of Appeals; Bluebook abbreviation', { name: 'Palsgraf v. Long Island Railroad Co.', court: 'ny', date: '1928-05-29', citations: [[248, 'N.Y.', '339', 2, 357], [162, 'N.E.', '99', 3, 106]], holds: 'all' }),
  real('MacPherson v. Buick Motor Co., 217 N.Y. 382 (1916).', 'New York Court of Appeals', { name: 'MacPherson v. Buick Motor Co.', court: 'ny', date: '1916-03-14', citations: [[217, 'N.Y.', '382', 2, 400], [111, 'N.E.', '1050', 3, 1056]], holds: 'no-citation' }),
  real('Diatchenko v. Dist. Att’y for the Suffolk Dist., 466 Mass. 655 (2013).', 'Supreme Judicial Court of Massachusetts', { name: 'Diatchenko v. District Attorney for the Suffolk District', court: 'mass', date: '2013-12-24', citations: [[466, 'Mass.', '655', 2, 675], [1, 'N.E.3d', '270', 3]], holds: 'all' }),
  real('Tarasoff v. Regents of Univ. of Cal., 17 Cal. 3d 425 (1976).', 'Supreme Court of California', { name: 'Tarasoff v. Regents of University of California', court: 'cal', date: '1976-07-01', citations: [[17, 'Cal. 3d', '425', 2, 462], [551, 'P.2d', '334', 3, 362]], holds: 'all' }),
  real('Hawkins v. McGee, 84 N.H. 114 (1929).', 'Supreme Court of New Hampshire', { name: 'Hawkins v. McGee', court: 'nh', date: '1929-06-04', approximate: true, citations: [[84, 'N.H.', '114', 2, 120], [146, 'A.', '641', 3, 645]], holds: 'no-citation' }),
  real('Commonwealth v. Watts, 23 A.3d 980 (Pa. 2011).', 'Supreme Court of Pennsylvania', { name: 'Commonwealth v. Watts', court: 'pa', date: '2011-07-19', approximate: true, citations: [[23, 'A.3d', '980', 3, 987]], holds: 'all' }),
  real('West v. United States, 100 A.3d 1076 (D.C. 2014).', 'District of Columbia Court of Appeals; stored under its caption', { name: 'WEST, Appellant, v. UNITED STATES, Appellee.', court: 'dc', date: '2014-09-25', approximate: true, citations: [[100, 'A.3d', '1076', 3, 1090]], holds: 'all' }),
  real('Rollin v. William V. Frankel & Co., 996 P.2d 1254 (Colo. App. 2000).', 'Colorado Court of Appeals; second name of a string cite', { name: 'Rollin v. William V. Frankel & Co.', court: 'coloctapp', date: '2000-01-13', approximate: true, citations: [[996, 'P.2d', '1254', 3, 1260]], holds: 'no-citation' }),

  // Public-domain citations, the holes of their series included.
  real('Vandercar, L.L.C. v. Port of Greater Cincinnati Dev. Auth., 2024-Ohio-1501.', 'juriscraper ohio example (Supreme Court of Ohio, Apr. 23, 2024)', { name: 'Vandercar, L.L.C. v. Port of Greater Cincinnati Dev. Auth.', court: 'ohio', date: '2024-04-23', citations: [[2024, 'Ohio', '1501', 8]], holds: 'all' }),
  real('State v. Williams, 2024-Ohio-1433.', 'juriscraper ohio example (Apr. 18, 2024)', { name: 'State v. Williams', court: 'ohio', date: '2024-04-18', citations: [[2024, 'Ohio', '1433', 8]], holds: 'missing' }),
  real('Krewina v. United Specialty Ins. Co., 2021-Ohio-4425.', 'juriscraper ohioctapp example (First District, Dec. 17, 2021)', { name: 'Krewina v. United Specialty Ins. Co.', court: 'ohioctapp', date: '2021-12-17', citations: [[2021, 'Ohio', '4425', 8]], holds: 'no-citation' }),
  real("People v. Martinez, 2025 NY Slip Op 00333 (2d Dep't 2025).", 'courtlistener test asset (Appellate Division, Second Department, Jan. 22, 2025)', { name: 'People v. Martinez', court: 'nyappdiv', date: '2025-01-22', citations: [[2025, 'NY Slip Op', '00333', 2]], holds: 'missing' }),
  real('People v. Vincent, 2024 NY Slip Op 24002.', 'juriscraper nysupct example (Jan. 2, 2024)', { name: 'People v. Vincent', court: 'nysupct', date: '2024-01-02', citations: [[2024, 'NY Slip Op', '24002', 2]], holds: 'all' }),
  real('Matney v. Boyle, 2024 NY Slip Op 30001(U) (Sup. Ct. 2024).', 'juriscraper nysupct example (Jan. 2, 2024)', { name: 'Matney v. Boyle', court: 'nysupct', date: '2024-01-02', citations: [[2024, 'NY Slip Op', '30001', 2]], holds: 'no-citation' }),
  real('Stuart v. Walther, 2024 Ark. 41.', 'juriscraper ark example (Apr. 4, 2024)', { name: 'Kenneth D. Stuart; James Greenhaw; Elizabeth Jessup v. LARRY WALTHER, in His Official Capacity as Secretary of ARKANSAS DEPARTMENT OF FINANCE And Administration', court: 'ark', date: '2024-04-04', citations: [[2024, 'Ark.', '41', 8]], holds: 'all' }),
  real('Lelieur v. State, 2024 Ark. App. 225.', 'juriscraper arkctapp example (Apr. 3, 2024)', { name: 'Nicolas Lelieur v. State of Arkansas', court: 'arkctapp', date: '2024-04-03', citations: [[2024, 'Ark. App.', '225', 8]], holds: 'missing' }),
  real('State v. Keller, 2024 N.H. 42.', 'juriscraper nh example (Aug. 14, 2024)', { name: 'State v. Keller', court: 'nh', date: '2024-08-14', citations: [[2024, 'N.H.', '42', 8]], holds: 'no-citation' }),
  real('State v. Sargent, 2024 N.H. 40.', 'juriscraper nh example (July 31, 2024)', { name: 'State v. Sargent', court: 'nh', date: '2024-07-31', citations: [[2024, 'N.H.', '40', 8]], holds: 'missing' }),
  real('In re J.C., 2018 PA Super 335.', 'Superior Court of Pennsylvania (Dec. 10, 2018; public opinion page)', { name: 'In re J.C. Appeal of: J.C.', court: 'pasuperct', date: '2018-12-10', citations: [[2018, 'Pa. Super.', '335', 8]], holds: 'all' }),
  real('Commonwealth v. Gross, 2020 PA Super 107.', 'Superior Court of Pennsylvania (Apr. 29, 2020; public opinion page)', { name: 'Com. v. Gross, E.', court: 'pasuperct', date: '2020-04-29', citations: [[2020, 'Pa. Super.', '107', 8]], holds: 'missing' }),
  real('Commonwealth v. Giordano, 2015 PA Super 167.', 'Superior Court of Pennsylvania (Aug. 5, 2015; public opinion page)', { name: 'Commonwealth v. Giordano', court: 'pasuperct', date: '2015-08-05', citations: [[2015, 'Pa. Super.', '167', 8]], holds: 'no-citation' }),
  real('Commonwealth v. Brensinger, 2018 PA Super 48.', 'Superior Court of Pennsylvania (Mar. 5, 2018; public opinion page)', { name: 'Com. v. Brensinger, R.', court: 'pasuperct', date: '2018-03-05', citations: [[2018, 'Pa. Super.', '48', 8]], holds: 'all' }),

  // Fabrications courts found.
  fake('Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339 (11th Cir. 2019).', MATA),
  fake('Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012).', MATA),
  fake('Miller v. United Airlines, Inc., 174 F.3d 366 (2d Cir. 1999).', MATA),
  fake("Matter of Bourguignon v. Coordinated Behavioral Health Servs., Inc., 114 A.D.3d 947 (3d Dep't 2014).", 'Park v. Kim, 91 F.4th 610 (2d Cir. 2024)'),
  fake('FutureGrowth Corp. v. SEC, 955 F. Supp. 3d 441 (S.D.N.Y. 2025).', "this project's tracker (issue 25): found fabricated by a court in 2026"),
  fake('Roca v. King\'s Creek Plantation, LLC, 500 F. App\'x 273, 276 (5th Cir. 2012).', GAUTHIER),
  fake('United States v. Harris, 761 F. Supp. 409, 414 (D.D.C. 1991).', 'United States v. Hayes (E.D. Cal. Jan. 2025) (Kim, M.J.) (order on sanctions: "is not a real case")'),
  fake('Anderson v. Dean Witter Reynolds, Inc., 306 F.3d 726 (9th Cir. 2002).', 'Perry v. Exeter Fin. LLC, No. 2:25-cv-01552-DWL (D. Ariz. Feb. 26, 2026) (Lanza, J.) (the citation "does not return an identified case")'),
  fake('Smith v. ABC Corporation, 321 S.W.3d 123 (Mo. App. 2010).', 'Kruse v. Karlen, No. ED111172 (Mo. Ct. App. Feb. 13, 2024) (the example the court gives of its chart of fictitious cases)'),
  fake('Perkins v. Fed. Fruit & Produce Co., 945 F.3d 1242 (10th Cir. 2019).', 'Coomer v. Lindell, No. 1:22-cv-01129 (D. Colo. Apr. 23, 2025) (Wang, J.) (order to show cause: a citation that does not exist)'),
  fake('Krause v. Meyers, 200 Ill. App. 3d 782 (1990).', ALLEN),
  fake('Governmental Interinsurance Exchange v. Judge, 221 Ill. App. 3d 586 (1991).', ALLEN),
  fake('Travelers Casualty & Surety Co. v. J.P. Morgan Securities LLC, 73 A.3d 167, 174-75 (Del. 2013).', 'S.D. Fla. order on sanctions of May 20, 2025 (Matthewman, M.J.) (a "non-existent" case)'),
  fake('Marriage of Twigg (1984) 34 Cal.3d 926.', TORRES),
  fake('Marriage of Teegarden (1995) 33 Cal.App.4th 1572.', TORRES),
  fake("Mickens v. 10th Jud. Dist. Ct., 460 F. App'x 728 (9th Cir. 2011).", `${EVANS}: two cases of that title exist, at 458 F. App'x 839 and 181 F. App'x 865 (11th Cir.); the citation is not either`),
  fake("Morley v. City of San Rafael, 728 F. App'x 682, 684 (9th Cir. 2018).", 'Goldman v. Ariz. Bd. of Regents, No. CV-25-01420-PHX-JJT (D. Ariz. Oct. 29, 2025) (Tuchi, J.) (order to show cause: "a nonexistent Ninth Circuit decision")'),
  misattributed('Doe v. United Airlines, Inc., 754 F.3d 576 (7th Cir. 2014).', `${MORGAN}: the reporter citation belongs to Young v. Builders Steel Co.`, young),
  misattributed('EEOC v. Lockheed Martin Corp., 116 F. Supp. 3d 734 (E.D. Pa. 2015).', `${MORGAN}: the reporter citation belongs to Caldwell v. Bristol Myers Squibb`, caldwell),
  misattributed('United States v. Figueroa-Florez, 64 F.4th 223 (2d Cir. 2022).', `${COHEN}: 64 F.4th 223 is a page in the middle of United States v. Drake, 64 F.4th 220 (4th Cir. 2023)`, drake),
  misattributed('Caserage Tech Corp. v. Caserage Labs, Inc., 972 F.3d 799, 803 (7th Cir. 1992).', 'Plumbers & Gasfitters Union Local No. 75 Health Fund v. Morris Plumbing, LLC (E.D. Wis. Apr. 18, 2024): "The citation goes to a case of a different name, from a different year, and from a different circuit"', at972),
  fakeNumber('Shaboon v. Egyptair, 2013 IL App (1st) 111279-U (Ill. App. Ct. 2013).', MATA),
  fakeNumber('Martinez v. Delta Airlines, Inc., 2019 WL 4639462 (Tex. App. Sept. 25, 2019).', MATA),
  fakeNumber('Estate of Durden v. KLM Royal Dutch Airlines, 2017 WL 2418825 (Ga. Ct. App. June 5, 2017).', MATA),
  fakeNumber('Meyer v. City of Cheyenne, 2017 WL 3461055 (D. Wyo. 2017).', 'Wadsworth v. Walmart Inc. (D. Wyo. Feb. 2025), order to show cause'),
  fakeNumber("Moms Against Poverty v. Dep't of State, 2022 WL 17951329 (D.D.C. 2022).", 'Doe v. Noem (D.D.C. July 1, 2025)'),
  fakeNumber('Beets v. Texas Instruments, Inc., No. 94-10034, 1994 WL 714026, at *3 (5th Cir. Dec. 16, 1994).', GAUTHIER),
  fakeNumber('United States v. Ortiz, 2022 WL 4424741 (2d Cir. Oct. 11, 2022).', COHEN),
  fakeNumber('United States v. Amato, 2022 WL 1669877 (2d Cir. May 10, 2022).', `${COHEN}: the number belongs to a Board of Veterans' Appeals decision`),
  fakeNumber('Aguirre v. Reese, No. 2:12-cv-01837, 2013 WL 6577085, at *5 (D. Nev. Dec. 13, 2013).', EVANS),
  fakeNumber('Berg v. Knox Cnty., 2024 WL 2012345, at *4 (6th Cir. Mar. 12, 2024).', 'Whiting v. City of Athens (6th Cir. Mar. 13, 2026) (sanctions opinion and its appendix of fake citations)'),
];

/** Real cases the stand-in must hold because a fabrication's address, or its name, leads to them; not judged themselves. */
export const NEIGHBOURS: CaseRecord[] = [mickens2012, mickens2006];

/** The real cases of the set, once each, with how the stand-in holds them. */
export function realRecords(): CaseRecord[] {
  return [...new Set([...REAL_WORLD_SET.map((e) => e.record).filter((r): r is CaseRecord => r !== undefined), ...NEIGHBOURS])];
}

/** A pin past the end of a real case (Twombly runs 544-597): flagged, never accepted. */
export const PIN_PAST_END = 'Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007). The standard is plausibility. Id. at 679.';
