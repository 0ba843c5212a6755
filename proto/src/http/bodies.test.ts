import { caseOpinionBodySchema, identityInternalPaths, loginBodySchema, registerBodySchema, releaseReportRequestSchema, supportInquiryBodySchema } from '../index';

describe('request bodies', () => {
  it('read a missing or mistyped field as empty, so the service answers in its own words', () => {
    expect(registerBodySchema.parse({})).toEqual({ name: '', email: '', newsletterOptIn: false });
    expect(registerBodySchema.parse({ name: 42, email: ['a@b.co'], newsletterOptIn: 'yes' })).toEqual({ name: '', email: '', newsletterOptIn: false });
    expect(supportInquiryBodySchema.parse({ name: null })).toEqual({ name: '', email: '', message: '' });
    expect(caseOpinionBodySchema.parse({ opinionUrl: 7 })).toEqual({ opinionUrl: '' });
  });

  it('trim text but keep a password exactly as typed', () => {
    expect(registerBodySchema.parse({ name: ' Ann ', email: ' ann@firm.test\n', newsletterOptIn: true })).toEqual({ name: 'Ann', email: 'ann@firm.test', newsletterOptIn: true });
    expect(loginBodySchema.parse({ email: ' a@b.co ', password: '  spaced out  ' })).toEqual({ email: 'a@b.co', password: '  spaced out  ' });
  });

  it('give identity internal calls the same leniency', () => {
    expect(releaseReportRequestSchema.parse({ userId: ' u1 ' })).toEqual({ userId: 'u1', reservationId: '' });
    expect(Object.values(identityInternalPaths).every((p) => p.startsWith('/internal/identity/'))).toBe(true);
  });
});
