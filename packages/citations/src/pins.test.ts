import { PIN_LIST, readPins } from './pins';

// readPins asks by plain code whether a pin can follow before running its pattern: it must
// find every pin the pattern alone finds, and end where the pattern ends.
describe('readPins', () => {
  const pattern = new RegExp(String.raw`,? {0,3}(?:at {1,3})?(${PIN_LIST})`, 'y');
  const byPattern = (text: string) => {
    pattern.lastIndex = 0;
    return pattern.exec(text) ? pattern.lastIndex : 0;
  };
  const leads = ['', ',', ', ', ',   ', ',    ', ' ', '   ', '    ', 'at', 'at ', ' at  ', ', at   ', ', at    ', 'atx ', 'a '];
  const pins = ['556', '556-57', '*3', '**3', '& n.4', '&  nn. 4-5', 'n.4', 'note 2', 'fn. 2', 'f. 2', '¶ 3', '¶¶ 38-53', '§ 4', 'pg. 3', 'p. 3', 'pp. 45, 64', '119:12-14', '570 n.14', '(2007)', '. The', 'x', 'A', '', ' 5'];
  const ends = ['', '.', ' (', ';', ' x', ')', ', 1 S. Ct. 2'];

  it('ends where the pin pattern alone ends, for every lead, pin and ending', () => {
    let checked = 0;
    let found = 0;
    for (const lead of leads)
      for (const pin of pins)
        for (const end of ends) {
          const text = lead + pin + end;
          const { end: after } = readPins(text, 0, text.length);
          expect([text, after]).toEqual([text, byPattern(text)]);
          checked++;
          if (after > 0) found++;
        }
    expect(checked).toBe(leads.length * pins.length * ends.length);
    // Both outcomes are exercised.
    expect(found).toBeGreaterThan(100);
    expect(found).toBeLessThan(checked);
  });

  it('squeezes the pins as written and stops short of the next citation', () => {
    expect(readPins('x, at  556-57.', 1, 14)).toEqual({ pins: '556-57', end: 13 });
    expect(readPins('x, 556 (2007)', 1, 13)).toEqual({ pins: '556', end: 6 });
    expect(readPins('x (2007)', 1, 8)).toEqual({ pins: null, end: 1 });
    expect(readPins('x, 556.', 1, 4)).toEqual({ pins: null, end: 1 });
  });
});
