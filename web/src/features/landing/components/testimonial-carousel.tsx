import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Container } from '@/components/ui/card';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_RESUME_DELAY_MS, cardsPerView, visibleIndices, wrapIndex } from '@/features/landing/lib/carousel';
import { TESTIMONIALS } from '@/features/landing/lib/testimonials';

const Section = styled.section`
  padding: 3.5rem 0;
  h2 { text-align: center; font-family: ${({ theme }) => theme.fonts.serif}; font-size: 2rem; margin: 0 0 1.5rem; }
`;

const Track = styled.div`
  display: flex;
  align-items: stretch;
  gap: 0.8rem;
`;

const Cards = styled.ul<{ $perView: number }>`
  flex: 1;
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  grid-template-columns: repeat(${({ $perView }) => $perView}, 1fr);
  gap: 1rem;
`;

const Quote = styled.li`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
  padding: 1.3rem;
  blockquote { margin: 0 0 1rem; font-family: ${({ theme }) => theme.fonts.serif}; font-size: 1.05rem; line-height: 1.5; }
  figcaption strong { display: block; }
  figcaption span { color: ${({ theme }) => theme.colors.muted}; font-size: 0.9rem; }
  figure { margin: 0; }
`;

const Arrow = styled.button`
  align-self: center;
  width: 2.6rem;
  height: 2.6rem;
  flex: none;
  border-radius: 50%;
  border: 2px solid ${({ theme }) => theme.colors.brand};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.brand};
  font-size: 1.3rem;
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Dots = styled.div`
  display: flex;
  justify-content: center;
  gap: 0.2rem;
  margin-top: 1rem;
  button {
    width: 1.5rem;
    height: 1.5rem;
    border: none;
    background: transparent;
    cursor: pointer;
    display: grid;
    place-items: center;
    border-radius: 50%;
    &::after { content: ''; width: 0.7rem; height: 0.7rem; border-radius: 50%; background: ${({ theme }) => theme.colors.border}; }
    &[aria-current='true']::after { background: ${({ theme }) => theme.colors.brand}; }
    &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
  }
`;

function useCardsPerView(): number {
  const [perView, setPerView] = useState(() => cardsPerView(window.innerWidth));
  useEffect(() => {
    const onResize = () => setPerView(cardsPerView(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return perView;
}

/**
 * Advances every 5 s; hovering (or focusing) pauses it; after a manual move it waits 3 s
 * before advancing again, so a reader who clicked is not interrupted at once.
 */
export function TestimonialCarousel() {
  const total = TESTIMONIALS.length;
  const perView = useCardsPerView();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [manualPause, setManualPause] = useState(false);
  const resumeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (hovered || manualPause) return;
    const timer = setInterval(() => setIndex((i) => wrapIndex(i + 1, total)), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [hovered, manualPause, total]);

  useEffect(() => () => clearTimeout(resumeTimer.current), []);

  const goTo = useCallback(
    (next: number) => {
      setIndex(wrapIndex(next, total));
      setManualPause(true);
      clearTimeout(resumeTimer.current);
      resumeTimer.current = setTimeout(() => setManualPause(false), CAROUSEL_RESUME_DELAY_MS);
    },
    [total],
  );

  const shown = visibleIndices(index, perView, total);
  return (
    <Section aria-labelledby="testimonials-title" data-testid="testimonials">
      <Container
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setHovered(true)}
        onBlur={() => setHovered(false)}
      >
        <h2 id="testimonials-title">Trusted by Legal Professionals</h2>
        <Track aria-roledescription="carousel" data-index={index} data-per-view={perView}>
          <Arrow aria-label="Previous testimonial" onClick={() => goTo(index - 1)} data-testid="carousel-prev">
            ‹
          </Arrow>
          <Cards $perView={shown.length} aria-live={hovered ? 'polite' : 'off'}>
            {shown.map((i) => (
              <Quote key={i} data-testid="testimonial" aria-roledescription="slide" aria-label={`${i + 1} of ${total}`}>
                <figure>
                  <blockquote>“{TESTIMONIALS[i].quote}”</blockquote>
                  <figcaption>
                    <strong>{TESTIMONIALS[i].name}</strong>
                    <span>{TESTIMONIALS[i].role}</span>
                  </figcaption>
                </figure>
              </Quote>
            ))}
          </Cards>
          <Arrow aria-label="Next testimonial" onClick={() => goTo(index + 1)} data-testid="carousel-next">
            ›
          </Arrow>
        </Track>
        <Dots>
          {TESTIMONIALS.map((t, i) => (
            <button
              key={t.name}
              type="button"
              aria-label={`Show testimonial ${i + 1}`}
              aria-current={i === index}
              onClick={() => goTo(i)}
              data-testid="carousel-dot"
            />
          ))}
        </Dots>
      </Container>
    </Section>
  );
}
