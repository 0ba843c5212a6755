import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '@/components/ui/badge';
import { Card, CardTitle, Muted } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useStats } from '@/features/admin/api/get-stats';
import { useUsageMetrics, type UsageRecord } from '@/features/admin/api/get-usage-metrics';
import {
  COST_PER_1000_TOKENS,
  FIXED_MONTHLY_COST,
  LIMITS,
  formatBytes,
  formatDateTime,
  formatDollars,
  formatProcessingTime,
  formatNetwork,
  lastEntries,
  monthlyCost,
  tokenCost,
} from '@/features/admin/lib/format';
import { ApiUsage } from './api-usage';
import { AuditLog } from './audit-log';
import { DailyUsageChart } from './charts';
import { DocumentsTable } from './documents-table';
import { Stat, StatGrid } from './stat-card';
import { Alert, Table, TableCard } from './table';
import { UsersTable } from './users-table';

const Stack = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.25rem;
`;

function StatsSection() {
  const stats = useStats();
  const usage = useUsageMetrics();
  return (
    <Card aria-labelledby="admin-stats-title" data-testid="admin-stats">
      <CardTitle id="admin-stats-title">Overview</CardTitle>
      {stats.isError ? (
        <Alert data-testid="admin-stats-error">{stats.error.message}</Alert>
      ) : stats.isPending ? (
        <Spinner label="Loading stats" />
      ) : (
        <>
          <StatGrid>
            <Stat label="Total documents" value={stats.data.totalDocuments} testId="stat-total-documents" />
            <Stat label="Total citations" value={stats.data.totalCitations} testId="stat-total-citations" />
            <Stat label="Average processing time" value={formatProcessingTime(stats.data.avgProcessingTime)} testId="stat-avg-processing" />
            <Stat label="OCR used" value={stats.data.ocrUsageCount} hint="documents read with OCR" testId="stat-ocr" />
            <Stat
              label="Estimated monthly cost"
              value={usage.data ? formatDollars(monthlyCost(usage.data)) : '—'}
              hint={`${formatDollars(COST_PER_1000_TOKENS)} per 1,000 model tokens + ${formatDollars(FIXED_MONTHLY_COST)} case-law database`}
              testId="stat-cost"
            />
          </StatGrid>
          <div style={{ marginTop: '1.5rem' }}>
            <DailyUsageChart data={lastEntries(stats.data.dailyUsage, LIMITS.dailyUsageDays)} />
          </div>
        </>
      )}
    </Card>
  );
}

function UserCell({ user }: { user: UsageRecord['user'] }) {
  if (!user.name && !user.email) return <>Anonymous</>;
  return (
    <>
      {user.name ?? user.email}
      {user.name && user.email ? <span className="sub">{user.email}</span> : null}
      <span className="sub">{user.isVerified ? 'Verified' : 'Unverified'}</span>
    </>
  );
}

/**
 * SPEC's usage records: the 10 most recent documents with what each one cost. The server
 * keeps an uploader's address as its network only (the host part zeroed), so the column says
 * network, not address.
 */
function RecentActivity() {
  const usage = useUsageMetrics();
  const rows = (usage.data ?? []).slice(0, LIMITS.recentActivity);
  return (
    <TableCard title="Recent activity" loading={usage.isPending} error={usage.error} testId="usage-records">
      {rows.length === 0 ? (
        <Muted>No documents processed yet</Muted>
      ) : (
        <Table>
          <caption>
            The {LIMITS.recentActivity} most recent documents of {usage.data?.length ?? 0}
          </caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">User</th>
              <th scope="col">Date</th>
              <th scope="col" className="number">Citations</th>
              <th scope="col" className="number">Model calls</th>
              <th scope="col" className="number">Model tokens</th>
              <th scope="col" className="number">Case-law calls</th>
              <th scope="col" className="number">Processing time</th>
              <th scope="col" className="number">Cost</th>
              <th scope="col">IP network</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((record) => (
              <tr key={record.id} data-testid="usage-record">
                <th scope="row">
                  {record.reportId ? <Link to={paths.report(record.reportId)}>{record.documentName}</Link> : record.documentName}
                  <span className="sub">
                    {formatBytes(record.documentSize)}
                    {record.status !== 'validated' ? `, ${record.status}` : ''}
                  </span>
                  {record.ocrUsed ? <Badge $tone="pending">OCR used</Badge> : null}
                </th>
                <td className="person">
                  <UserCell user={record.user} />
                </td>
                <td className="nowrap">{formatDateTime(record.createdAt)}</td>
                <td className="number" data-testid="usage-record-citations">
                  {record.citationCount}
                </td>
                <td className="number">{record.llmCalls}</td>
                <td className="number">{record.llmTokensUsed.toLocaleString('en-US')}</td>
                <td className="number">{record.courtListenerCalls}</td>
                <td className="number">{formatProcessingTime(record.processingTimeMs)}</td>
                <td className="number">{formatDollars(tokenCost(record.llmTokensUsed))}</td>
                <td className="nowrap" data-testid="usage-record-ip">
                  {formatNetwork(record.ipAddress)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </TableCard>
  );
}

/** The Usage Metrics tab: the figures, daily usage, recent activity, users, documents, the public API's use and the admin's own actions. */
export function UsageMetricsTab() {
  return (
    <Stack>
      <StatsSection />
      <RecentActivity />
      <UsersTable />
      <DocumentsTable />
      <ApiUsage />
      <AuditLog />
    </Stack>
  );
}
