import { Muted } from '@/components/ui/card';
import { useAuditLog } from '@/features/admin/api/get-audit-log';
import { useUsers } from '@/features/admin/api/get-users';
import { LIMITS, auditTarget, formatDateTime } from '@/features/admin/lib/format';
import { Table, TableCard } from './table';

/** The server's action names, as the admin reads them. */
const ACTIONS: Record<string, string> = {
  'admin.login': 'Signed in',
  'admin.login_failed': 'Failed sign-in',
  'admin.logout': 'Signed out',
  'user.delete': 'Deleted a user',
  'user.resend_verification': 'Resent a verification email',
  'users.download': 'Downloaded the users CSV',
  'ip.block': 'Blocked an IP',
  'ip.unblock': 'Unblocked an IP',
};

/** What was done from the admin console lately, and from where (the server's audit log). */
export function AuditLog() {
  const log = useAuditLog(LIMITS.recentActivity);
  // The log records users by id; the users list (already read for its own table) names them.
  const users = useUsers();
  const entries = log.data ?? [];
  return (
    <TableCard title="Admin activity" loading={log.isPending} error={log.error} testId="audit-log">
      {entries.length === 0 ? (
        <Muted>No admin activity yet</Muted>
      ) : (
        <Table>
          <caption>The {LIMITS.recentActivity} most recent admin actions</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">On</th>
              <th scope="col">By</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-entry" data-action={entry.action}>
                <th scope="row" className="nowrap">
                  {formatDateTime(entry.at)}
                </th>
                <td>{ACTIONS[entry.action] ?? entry.action}</td>
                <td className="person">{auditTarget(entry.target, entry.action, users.data)}</td>
                <td>{entry.actor}</td>
                <td className="nowrap">{entry.ipAddress ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </TableCard>
  );
}
