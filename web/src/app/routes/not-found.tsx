import { Link } from 'react-router-dom';
import { Card, Container, Muted } from '@/components/ui/card';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <Container style={{ padding: '4rem 1.25rem' }}>
      <Card data-testid="not-found" style={{ textAlign: 'center' }}>
        <h1>Page Not Found</h1>
        <Muted>There is nothing at this address.</Muted>
        <p>
          <Link to={paths.home}>Back to Home</Link>
        </p>
      </Card>
    </Container>
  );
}
