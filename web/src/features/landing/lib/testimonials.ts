/** The four testimonials of the landing page (static marketing copy). */
export const TESTIMONIALS = [
  {
    quote:
      'I run every brief through CiteCheck before it goes out. It caught a case an associate had pulled from a chatbot that simply does not exist. That alone paid for a year.',
    name: 'Margaret Okafor',
    role: 'Partner, commercial litigation',
  },
  {
    quote:
      'The report tells me exactly which citations to pull and read. It does not replace my own cite-check, but it tells me where to start.',
    name: 'Daniel Reyes',
    role: 'Solo practitioner, personal injury',
  },
  {
    quote:
      'We use it as the last step before filing. The wrong-case-name catch, a real reporter cite attached to the wrong party, is the one that impressed our judges\' clerks.',
    name: 'Priya Raman',
    role: 'Appellate counsel',
  },
  {
    quote:
      'Our paralegals upload the draft, export the CSV, and attach it to the filing checklist. Simple, fast, and it fits how we already work.',
    name: 'Thomas Lindqvist',
    role: 'Litigation support manager',
  },
] as const;
