import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/card';
import { UsageCounter } from './usage-counter';

const Section = styled.section`
  background: linear-gradient(160deg, #1e3a8a 0%, #172554 100%);
  color: #fff;
  padding: 4rem 0 3.5rem;
  text-align: center;
  h1 { font-family: ${({ theme }) => theme.fonts.serif}; font-size: clamp(2.2rem, 6vw, 3.6rem); margin: 0 0 0.8rem; }
  p { font-size: 1.15rem; max-width: 680px; margin: 0 auto 1.6rem; color: #e0e7ff; }
`;

const Cta = styled(Button)`
  background: #fbbf24;
  border-color: #fbbf24;
  color: #111827;
  &:hover:not(:disabled) { background: #fcd34d; }
`;

export function Hero({ onStart }: { onStart: () => void }) {
  return (
    <Section aria-labelledby="hero-title">
      <Container>
        <h1 id="hero-title">Check Your Cites!</h1>
        <p>
          Upload a brief and CiteCheck finds every citation, checks each case against the case-law record, and flags the ones that
          look fabricated. 5 free reports, no credit card.
        </p>
        <Cta $size="lg" onClick={onStart} data-testid="hero-cta">
          Check a Document Now
        </Cta>
        <UsageCounter />
      </Container>
    </Section>
  );
}
