/**
 * A test brief written for the whole-product verdict test from the facts of Mata v. Avianca,
 * Inc., No. 22-cv-1461 (S.D.N.Y. June 22, 2023): a passenger struck by a serving cart, a
 * motion to dismiss as time-barred under the Montreal Convention, and an opposition citing
 * six cases the court found did not exist. The text is ours; the citations are those the
 * court's sanctions order lists, beside real authority, some of it written the way a scanned
 * page or a Bluebook-trained hand writes it ("Ashcroft v. Igbal", "Zicherrnan", "E. Airlines",
 * "Am. Airlines", "Air Fr.", "Bell Atl. Corp.").
 *
 * `MATA_CITATIONS` is what each citation must get: the citation text the engine reports, the
 * case name as written, and what it is.
 */

export type Kind = 'real' | 'fabricated' | 'fabricated-unverifiable' | 'short-form-of-fabricated' | 'statute';

export interface ExpectedCitation {
  text: string;
  caseName: string | null;
  kind: Kind;
}

export const MATA_BRIEF: string[] = [
  'UNITED STATES DISTRICT COURT, SOUTHERN DISTRICT OF NEW YORK. Roberto Mata, Plaintiff, against Avianca, Inc., Defendant. No. 22-cv-1461. Affirmation in opposition to the motion to dismiss.',
  'Plaintiff was a passenger on a flight from San Salvador to New York when a metal serving cart, pushed by a member of the crew, struck his left knee. He brought this action for his injuries. Defendant moves to dismiss, arguing that the two-year period of Article 35 of the Montreal Convention has run. The Court has jurisdiction under 28 U.S.C. § 1332.',
  'On a motion to dismiss, the complaint need only state a claim that is plausible on its face. Bell Atl. Corp. v. Twombly, 550 U.S. 544, 570 (2007); Ashcroft v. Igbal, 556 U.S. 662, 678 (2009).',
  'The Convention governs the carrier\'s liability for an accident on board, Air Fr. v. Saks, 470 U.S. 392, 405 (1985), and where it applies it is the passenger\'s only remedy. El Al Israel Airlines, Ltd. v. Tsui Yuan Tseng, 525 U.S. 155, 161 (1999). It does not allow recovery for purely psychic injury, E. Airlines, Inc. v. Floyd, 499 U.S. 530, 552 (1991), and a crew member\'s conduct on board may be an accident. Olympic Airways v. Husain, 540 U.S. 644, 646 (2004); Ehrlich v. Am. Airlines, Inc., 360 F.3d 366, 371 (2d Cir. 2004).',
  'Questions the Convention leaves open are governed by the law the forum would apply. Zicherman v. Korean Air Lines Co., 516 U.S. 217, 226 (1996). Whether the Article 35 period may be tolled is such a question. See Zicherrnan v. Korean Air Lines Co., 516 U.S. 217 (1996).',
  'The automatic stay of the carrier\'s bankruptcy, 11 U.S.C. § 362(a), tolled the period. Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339 (11th Cir. 2019), so held, and explained that the drafters did not mean to extinguish claims a passenger was barred from bringing. Varghese, 925 F.3d at 1345.',
  'Other courts agree. Shaboon v. Egyptair, 2013 IL App (1st) 111279-U (Ill. App. Ct. 2013); Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012); Martinez v. Delta Airlines, Inc., 2019 WL 4639462 (Tex. App. Sept. 25, 2019); Estate of Durden v. KLM Royal Dutch Airlines, 2017 WL 2418825 (Ga. Ct. App. June 5, 2017); Miller v. United Airlines, Inc., 174 F.3d 366 (2d Cir. 1999).',
  'For these reasons, the motion should be denied.',
];

export const MATA_CITATIONS: ExpectedCitation[] = [
  { text: '28 U.S.C. § 1332', caseName: null, kind: 'statute' },
  { text: '550 U.S. 544', caseName: 'Bell Atl. Corp. v. Twombly', kind: 'real' },
  { text: '556 U.S. 662', caseName: 'Ashcroft v. Igbal', kind: 'real' },
  { text: '470 U.S. 392', caseName: 'Air Fr. v. Saks', kind: 'real' },
  { text: '525 U.S. 155', caseName: 'El Al Israel Airlines, Ltd. v. Tsui Yuan Tseng', kind: 'real' },
  { text: '499 U.S. 530', caseName: 'E. Airlines, Inc. v. Floyd', kind: 'real' },
  { text: '540 U.S. 644', caseName: 'Olympic Airways v. Husain', kind: 'real' },
  { text: '360 F.3d 366', caseName: 'Ehrlich v. Am. Airlines, Inc.', kind: 'real' },
  { text: '516 U.S. 217', caseName: 'Zicherman v. Korean Air Lines Co.', kind: 'real' },
  { text: '516 U.S. 217', caseName: 'Zicherrnan v. Korean Air Lines Co.', kind: 'real' },
  { text: '11 U.S.C. § 362(a)', caseName: null, kind: 'statute' },
  { text: '925 F.3d 1339', caseName: 'Varghese v. China Southern Airlines Co., Ltd.', kind: 'fabricated' },
  { text: '925 F.3d at 1345', caseName: 'Varghese', kind: 'short-form-of-fabricated' },
  { text: '2013 IL App (1st) 111279-U', caseName: 'Shaboon v. Egyptair', kind: 'fabricated-unverifiable' },
  { text: '905 F. Supp. 2d 121', caseName: 'Petersen v. Iran Air', kind: 'fabricated' },
  { text: '2019 WL 4639462', caseName: 'Martinez v. Delta Airlines, Inc.', kind: 'fabricated-unverifiable' },
  { text: '2017 WL 2418825', caseName: 'Estate of Durden v. KLM Royal Dutch Airlines', kind: 'fabricated-unverifiable' },
  { text: '174 F.3d 366', caseName: 'Miller v. United Airlines, Inc.', kind: 'fabricated' },
];
