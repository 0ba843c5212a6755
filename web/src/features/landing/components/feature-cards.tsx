import styled from 'styled-components';
import { Container, VisuallyHidden } from '@/components/ui/card';

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 1rem;
  ${({ theme }) => theme.media.mobile} { grid-template-columns: 1fr; }
  li {
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.lg};
    padding: 1.3rem;
  }
  h3 { margin: 0.4rem 0; color: ${({ theme }) => theme.colors.brand}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
  svg { width: 2rem; height: 2rem; color: ${({ theme }) => theme.colors.accent}; }
`;

const FEATURES = [
  {
    icon: 'parse',
    title: 'Advanced Parsing',
    text: 'Finds case, statute and regulation citations in PDF and Word files, including short forms, pin cites and scanned pages.',
  },
  {
    icon: 'lock',
    title: 'Secure & Confidential',
    text: 'Your documents are processed for verification only and are never shared. Reports are reachable only by their private link.',
  },
  {
    icon: 'court',
    title: 'Professional Grade',
    text: 'Every case citation is checked against the case-law record: reporter, volume, page, year and the parties named.',
  },
];

/** Simple line icons drawn inline: no icon font, no emoji that some systems cannot render. */
function FeatureIcon({ name }: { name: string }) {
  const paths: Record<string, string> = {
    parse: 'M6 3h9l5 5v13H6zM14 3v6h6M9 13h8M9 17h8',
    lock: 'M6 11h12v10H6zM9 11V7a3 3 0 0 1 6 0v4',
    court: 'M3 21h18M5 18h14M6 10v8M10 10v8M14 10v8M18 10v8M3 10h18L12 3z',
  };
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}

export function FeatureCards() {
  return (
    <Container as="section" aria-labelledby="features-title" style={{ padding: '3rem 1.25rem 1rem' }}>
      {/* The cards' h3 titles sit under this h2, so the outline goes h1 > h2 > h3 without a gap. */}
      <VisuallyHidden as="h2" id="features-title">
        Features
      </VisuallyHidden>
      <Grid data-testid="feature-cards">
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <FeatureIcon name={feature.icon} />
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </Grid>
    </Container>
  );
}
