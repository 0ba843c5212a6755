import styled from 'styled-components';
import { Container } from '../../../components/ui/card';

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
  .icon { font-size: 1.8rem; }
`;

const FEATURES = [
  {
    icon: '⚖️',
    title: 'Advanced Parsing',
    text: 'Finds case, statute and regulation citations in PDF and Word files, including short forms, pin cites and scanned pages.',
  },
  {
    icon: '🔒',
    title: 'Secure & Confidential',
    text: 'Your documents are processed for verification only and are never shared. Reports are reachable only by their private link.',
  },
  {
    icon: '🏛️',
    title: 'Professional Grade',
    text: 'Every case citation is checked against the case-law record: reporter, volume, page, year and the parties named.',
  },
];

export function FeatureCards() {
  return (
    <Container as="section" aria-label="Features" style={{ padding: '3rem 1.25rem 1rem' }}>
      <Grid data-testid="feature-cards">
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <span className="icon" aria-hidden="true">
              {feature.icon}
            </span>
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </Grid>
    </Container>
  );
}
