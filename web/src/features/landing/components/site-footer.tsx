import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Container } from '@/components/ui/card';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

const Footer = styled.footer`
  background: #0f172a;
  color: #e2e8f0;
  padding: 2.5rem 0 2rem;
  margin-top: 3rem;
  a { color: #bfdbfe; }
  a:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
  nav { display: flex; flex-wrap: wrap; gap: 1.2rem; margin-top: 1rem; }
  p { max-width: 820px; line-height: 1.55; }
`;

export function SiteFooter() {
  return (
    <Footer>
      <Container>
        <p data-testid="disclaimer">
          <strong>Disclaimer:</strong> CiteCheck is an aid, not a substitute for professional judgment. It does not relieve lawyers of
          their duty of care: read every authority you cite and confirm it supports your argument before you file.
        </p>
        <nav aria-label="Legal">
          <a href={env.TERMS_URL} target="_blank" rel="noreferrer" data-testid="terms-link">
            Terms of Service
          </a>
          <a href={env.PRIVACY_URL} target="_blank" rel="noreferrer" data-testid="privacy-link">
            Privacy Policy
          </a>
          <Link to={paths.metrics} data-testid="admin-link">
            Admin
          </Link>
        </nav>
        <p>© {new Date().getFullYear()} CiteCheck</p>
      </Container>
    </Footer>
  );
}
