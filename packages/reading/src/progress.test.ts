import { renderProgressBar } from './progress';

describe('renderProgressBar', () => {
  it.each([
    [{ pagesRead: 0, totalPages: 0, ocrPages: 0 }, 10, '[----------]   0%  starting'],
    [{ pagesRead: 5, totalPages: 10, ocrPages: 0 }, 10, '[#####-----]  50%  5/10 pages'],
    [{ pagesRead: 3, totalPages: 4, ocrPages: 2 }, 8, '[######--]  75%  3/4 pages (2 OCR)'],
    [{ pagesRead: 1, totalPages: 1, ocrPages: 0 }, 4, '[####] 100%  1/1 page'],
    [{ pagesRead: 12, totalPages: 10, ocrPages: 0 }, 2, '[##] 100%  10/10 pages'],
    [{ pagesRead: 1, totalPages: 3, ocrPages: 0 }, 0, '[-]  33%  1/3 pages'],
  ])('%j at width %d', (input, width, expected) => {
    expect(renderProgressBar(input, width)).toBe(expected);
  });
});
