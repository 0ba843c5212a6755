import { describe, expect, it } from '@jest/globals';
import { cardsPerView, visibleIndices, wrapIndex } from './carousel';
import { countSteps } from './count-animation';
import { checkSupportInquiry } from './support';
import { TESTIMONIALS } from './testimonials';

describe('usage counter animation', () => {
  it('takes at most 40 steps of 50 ms (2000 ms) and ends on the target', () => {
    const steps = countSteps(0, 12873);
    expect(steps).toHaveLength(40);
    expect(steps.at(-1)).toBe(12873);
  });
  it('takes one step per unit for small changes', () => {
    expect(countSteps(10, 13)).toEqual([11, 12, 13]);
    expect(countSteps(5, 5)).toEqual([]);
  });
});

describe('testimonial carousel', () => {
  it('has four testimonials', () => expect(TESTIMONIALS).toHaveLength(4));
  it('shows 3 cards on desktop and 1 under 768 px', () => {
    expect(cardsPerView(1280)).toBe(3);
    expect(cardsPerView(768)).toBe(3);
    expect(cardsPerView(767)).toBe(1);
  });
  it('wraps around', () => {
    expect(visibleIndices(3, 3, 4)).toEqual([3, 0, 1]);
    expect(wrapIndex(-1, 4)).toBe(3);
  });
});

describe('support form', () => {
  it('requires every field', () => {
    expect(checkSupportInquiry({ name: 'A', email: '', message: 'hi' })).toEqual({
      title: 'Please fill in all fields',
      description: 'Name, email, and message are required.',
    });
    expect(checkSupportInquiry({ name: 'A', email: 'a@b.c', message: 'hi' })).toBeNull();
  });
});
