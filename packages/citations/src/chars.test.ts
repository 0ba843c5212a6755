import { isTrimmedCode } from './chars';

describe('isTrimmedCode', () => {
  it('is true for exactly the code units String.prototype.trim removes', () => {
    for (let c = 0; c < 0x10000; c++) expect([c, isTrimmedCode(c)]).toEqual([c, `x${String.fromCharCode(c)}`.trim() === 'x']);
  });
});
