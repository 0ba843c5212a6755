/**
 * The sample court filing offered on the landing page: an opposition to a motion to dismiss
 * in a Montreal Convention injury case, written in the manner of the brief sanctioned in
 * Mata v. Avianca, Inc. (S.D.N.Y. 2023). It mixes real, correctly cited authority with a
 * real reporter cite under the wrong case name, two impossible citations and four invented
 * cases, so a reader can see each kind of verdict. Fictional parties; not legal advice.
 *
 * `SAMPLE_CITATIONS` lists every citation the text must contain, verbatim; the generator
 * refuses to write a PDF that lacks one.
 */

export interface BriefSection {
  heading?: string;
  paragraphs: string[];
}

export interface Brief {
  court: string[];
  caption: { plaintiff: string[]; defendant: string[]; caseNumber: string; documentTitle: string[] };
  sections: BriefSection[];
  signature: string[];
}

export const SAMPLE_CITATIONS = {
  realAndCorrect: [
    'Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007)',
    'Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009)',
    'Air France v. Saks, 470 U.S. 392, 405 (1985)',
    'El Al Israel Airlines, Ltd. v. Tsui Yuan Tseng, 525 U.S. 155, 161 (1999)',
    'Zicherman v. Korean Air Lines Co., 516 U.S. 217, 226 (1996)',
    'Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986)',
  ],
  realCiteWrongName: ['Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242, 248 (1986)'],
  impossible: [
    'Zaunbrecher v. Delta Air Lines, Inc., 512 F.4th 233 (5th Cir. 2015)',
    'Durden v. KLM Royal Dutch Airlines, 88 F.4th 1012 (2d Cir. 2031)',
  ],
  unknownToTheIndex: [
    'Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019)',
    'Shaboon v. Egyptair, 2013 IL App (1st) 111279-U',
    'Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012)',
    'Martinez v. Delta Airlines, Inc., 2019 WL 4639462 (Tex. App. Sept. 25, 2019)',
  ],
  shortForms: ['Twombly, 550 U.S. at 556', 'Id. at 679'],
  statutes: ['28 U.S.C. § 1332(a)', '49 U.S.C. § 40101'],
  regulations: ['14 C.F.R. § 250.5'],
} as const;

export const brief: Brief = {
  court: ['UNITED STATES DISTRICT COURT', 'SOUTHERN DISTRICT OF NEW YORK'],
  caption: {
    plaintiff: ['ROBERTO ALVAREZ,', '', 'Plaintiff,'],
    defendant: ['TRANSATLANTICA AIRWAYS, S.A.,', '', 'Defendant.'],
    caseNumber: 'Case No. 1:24-cv-04417 (PKC)',
    documentTitle: [
      "PLAINTIFF'S MEMORANDUM OF LAW IN OPPOSITION",
      "TO DEFENDANT'S MOTION TO DISMISS",
    ],
  },
  sections: [
    {
      heading: 'PRELIMINARY STATEMENT',
      paragraphs: [
        'Plaintiff Roberto Alvarez respectfully submits this memorandum of law in opposition to the motion of Defendant Transatlantica Airways, S.A. ("Transatlantica") to dismiss the Complaint under Federal Rule of Civil Procedure 12(b)(6). Mr. Alvarez was seriously injured on board Transatlantica Flight 670 from Bogota to New York when a metal serving cart, pushed by a member of the cabin crew, struck his left knee. Transatlantica does not dispute that the injury occurred on board. It argues instead that the claim is time-barred and that the incident was not an "accident" within the meaning of Article 17 of the Montreal Convention. Both arguments fail.',
      ],
    },
    {
      heading: 'STATEMENT OF FACTS',
      paragraphs: [
        'On August 27, 2022, Mr. Alvarez travelled as a passenger on Flight 670. Approximately two hours into the flight, a flight attendant pushed a fully loaded serving cart down the aisle without warning, striking Mr. Alvarez\'s knee with enough force to tear the meniscus. (Compl. ¶¶ 9-14.) He required surgery and months of physical therapy. (Compl. ¶ 18.) Mr. Alvarez first filed suit in New York Supreme Court within two years of arrival; Transatlantica removed the action to this Court, invoking diversity jurisdiction under 28 U.S.C. § 1332(a) as well as federal-question jurisdiction under the Convention.',
        'Transatlantica is a foreign air carrier holding a permit under 49 U.S.C. § 40101 et seq., and, as a condition of that permit, must disclose the Convention\'s liability regime to its passengers. See 14 C.F.R. § 250.5. The Complaint alleges that Transatlantica\'s notice was printed only in Spanish and did not mention the time limit on which it now relies. (Compl. ¶ 22.)',
      ],
    },
    {
      heading: 'ARGUMENT',
      paragraphs: [],
    },
    {
      heading: 'I. THE STANDARD ON A MOTION TO DISMISS',
      paragraphs: [
        'To survive a motion to dismiss, a complaint need only contain "enough facts to state a claim to relief that is plausible on its face." Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007). A claim is facially plausible "when the plaintiff pleads factual content that allows the court to draw the reasonable inference that the defendant is liable for the misconduct alleged." Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). Factual allegations need only "raise a right to relief above the speculative level." Twombly, 550 U.S. at 556. The Court accepts the well-pleaded facts as true and draws every reasonable inference in the plaintiff\'s favour. Id. at 679.',
        'Transatlantica\'s motion repeatedly asks the Court to weigh evidence about what the crew saw and did. That is the office of summary judgment, not of a motion on the pleadings, and even then only after the movant has identified the portions of the record that show the absence of a genuine issue. Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986). At this stage, a dispute over the facts "might affect the outcome of the suit under the governing law" and cannot be resolved against the non-movant. Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242, 248 (1986).',
      ],
    },
    {
      heading: 'II. THE INCIDENT WAS AN "ACCIDENT" UNDER ARTICLE 17',
      paragraphs: [
        'Under Article 17 of the Convention, a carrier is liable for bodily injury caused by an "accident" on board the aircraft. The Supreme Court has defined an accident as "an unexpected or unusual event or happening that is external to the passenger." Air France v. Saks, 470 U.S. 392, 405 (1985). The same passage directs that the definition be flexibly applied after assessing all the circumstances of the injury. A serving cart driven into a seated passenger\'s knee by a crew member is the paradigm of an event external to the passenger.',
        'Courts applying Saks have repeatedly held that injuries inflicted by service carts and other cabin equipment are accidents. In Zaunbrecher v. Delta Air Lines, Inc., 512 F.4th 233 (5th Cir. 2015), the Fifth Circuit reversed the dismissal of a claim by a passenger whose elbow was struck by a beverage cart, holding that "crew conduct in the operation of the cabin is quintessentially external." And in Durden v. KLM Royal Dutch Airlines, 88 F.4th 1012 (2d Cir. 2031), the Second Circuit held that a carrier\'s failure to secure a cart was itself an unusual event. See also Martinez v. Delta Airlines, Inc., 2019 WL 4639462 (Tex. App. Sept. 25, 2019) (cart injury actionable under Article 17).',
        'Transatlantica\'s reliance on the Convention\'s exclusivity is misplaced. Exclusivity means that a claim within the Convention\'s substantive scope must be brought under it, El Al Israel Airlines, Ltd. v. Tsui Yuan Tseng, 525 U.S. 155, 161 (1999); it does not narrow the meaning of "accident." Mr. Alvarez has pleaded his claim under the Convention, exactly as Tseng requires.',
      ],
    },
    {
      heading: 'III. THE CLAIM IS TIMELY',
      paragraphs: [
        'Transatlantica contends that the two-year limitation period of Article 35 expired before this action was filed. But the Convention leaves questions it does not expressly resolve to the law of the forum, Zicherman v. Korean Air Lines Co., 516 U.S. 217, 226 (1996), and courts have held that the Article 35 period is tolled while a carrier is in bankruptcy or otherwise shielded from suit. Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019), is directly on point: the Eleventh Circuit held that the automatic stay tolled the two-year period, reasoning that the Convention\'s drafters did not intend to extinguish claims the passenger was legally barred from bringing.',
        'Other courts agree. See Shaboon v. Egyptair, 2013 IL App (1st) 111279-U (limitation period tolled where carrier\'s notice failed to disclose it); Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012) (Article 35 subject to equitable tolling). Here the Complaint alleges that Transatlantica\'s notice omitted the time limit entirely (Compl. ¶ 22), and Transatlantica was in reorganization proceedings for eleven months of the period. Its motion should be denied on this ground as well.',
      ],
    },
    {
      heading: 'CONCLUSION',
      paragraphs: [
        'For the foregoing reasons, Plaintiff respectfully requests that the Court deny Defendant\'s motion to dismiss in its entirety and grant such other and further relief as the Court deems just and proper.',
      ],
    },
  ],
  signature: [
    'Dated: New York, New York',
    '       March 1, 2024',
    '',
    'Respectfully submitted,',
    '',
    'LEVIN & OBERMAN LLP',
    '',
    'By: /s/ Peter R. Levin',
    'Peter R. Levin',
    '120 Broadway, 17th Floor',
    'New York, New York 10271',
    '(212) 555-0143',
    'Attorneys for Plaintiff Roberto Alvarez',
    '',
    'THIS IS A SAMPLE FILING PREPARED FOR DEMONSTRATION. IT CONTAINS FABRICATED',
    'CITATIONS ON PURPOSE. DO NOT RELY ON IT.',
  ],
};

/** Every citation the sample must contain, flattened. */
export function allSampleCitations(): string[] {
  return Object.values(SAMPLE_CITATIONS).flat();
}
