import { sessionTokenFrom } from './identity';

describe('sessionTokenFrom', () => {
  it.each([
    ['Bearer abc', null, 'abc'],
    ['bearer   abc ', null, 'abc'],
    [null, 'a=1; citecheck_session=tok%2Fen; b=2', 'tok/en'],
    ['Bearer abc', 'citecheck_session=other', 'abc'],
    ['Bearer {"email":"a@b.co","password":"x"}', null, null],
    ['Bearer null', 'citecheck_session=c', 'c'],
    [undefined, undefined, null],
    ['Basic Zm9v', null, null],
  ])('%s / %s -> %s', (authorization, cookie, expected) => {
    expect(sessionTokenFrom(authorization, cookie)).toBe(expected);
  });
});
