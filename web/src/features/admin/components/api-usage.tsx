import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Muted } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { useApiUsage, type AdminApiKey } from '@/features/admin/api/get-api-usage';
import { useAdminRevokeApiKey } from '@/features/admin/api/revoke-api-key';
import { formatDateTime } from '@/features/admin/lib/format';
import { Stat, StatGrid } from './stat-card';
import { Table, TableCard } from './table';

function RevokeButton({ apiKey }: { apiKey: AdminApiKey }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useAdminRevokeApiKey();
  if (apiKey.revoked) return <Badge $tone="invalid">Revoked</Badge>;
  if (!confirming) {
    return (
      <Button $variant="secondary" onClick={() => setConfirming(true)} data-testid="admin-api-key-revoke">
        Revoke
      </Button>
    );
  }
  return (
    <span role="group" aria-label={`Revoke ${apiKey.name}`} style={{ display: 'inline-flex', gap: '0.4rem' }}>
      <Button $variant="secondary" onClick={() => setConfirming(false)}>
        Keep
      </Button>
      <Button
        $variant="danger"
        disabled={revoke.isPending}
        data-testid="admin-api-key-revoke-confirm"
        onClick={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => toast({ title: 'API Key Revoked', description: `${apiKey.name} (${apiKey.ownerEmail ?? 'no owner'}) no longer works.` }),
            onError: (error) => toast({ title: 'Revoke Failed', description: error.message, variant: 'destructive' }),
            onSettled: () => setConfirming(false),
          })
        }
      >
        Revoke Key
      </Button>
    </span>
  );
}

/** The public API's use (last 30 days) and every key, with the admin's revoke. */
export function ApiUsage() {
  const usage = useApiUsage();
  const summary = usage.data?.apiUsage;
  const keys = usage.data?.allApiKeys ?? [];
  return (
    <TableCard title="API usage" loading={usage.isPending} error={usage.error} testId="admin-api-usage">
      {summary ? (
        <>
          <StatGrid>
            <Stat label="API calls (30 days)" value={summary.totalCalls} testId="stat-api-calls" />
            <Stat label="Refused calls" value={summary.refusedCalls} hint="over a limit or a bad request" testId="stat-api-refused" />
            <Stat label="Citations answered" value={summary.citations} testId="stat-api-citations" />
            <Stat label="Keys" value={keys.filter((k) => !k.revoked).length} hint={`${keys.filter((k) => k.revoked).length} revoked`} testId="stat-api-keys" />
          </StatGrid>
          {summary.byOperation.length ? (
            <p>
              {summary.byOperation.map((o) => `${o.operation}: ${o.calls}`).join(' · ')}
            </p>
          ) : null}
        </>
      ) : null}
      {keys.length === 0 ? (
        <Muted>No API keys yet</Muted>
      ) : (
        <Table>
          <caption>Every API key, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Owner</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col" className="number">
                Calls
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id} data-testid="admin-api-key">
                <th scope="row">
                  {key.name}
                  <span className="sub">{key.prefix}_…</span>
                </th>
                <td className="person">{key.ownerEmail ?? '—'}</td>
                <td className="nowrap">{formatDateTime(key.createdAt)}</td>
                <td className="nowrap">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</td>
                <td className="number">{key.calls}</td>
                <td>
                  <RevokeButton apiKey={key} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </TableCard>
  );
}
