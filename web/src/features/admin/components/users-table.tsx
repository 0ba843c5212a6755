import { useState } from 'react';
import styled from 'styled-components';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Muted } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { useDeleteUser } from '@/features/admin/api/delete-user';
import { useDownloadUsersCsv } from '@/features/admin/api/download-users-csv';
import { useUsers, type AdminUser } from '@/features/admin/api/get-users';
import { useResendVerification } from '@/features/admin/api/resend-verification';
import { formatDate } from '@/features/admin/lib/format';
import { Table, TableCard } from './table';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
`;

const PLAN_LABEL: Record<AdminUser['userType'], string> = { free: 'Free', premium: 'Premium', enterprise: 'Enterprise' };

const isPaid = (user: AdminUser) => user.userType === 'premium' || user.userType === 'enterprise';

/** What deleting `user` does, said before it is done: a paid plan's subscription ends at Stripe too. */
export function deleteConsequences(user: Pick<AdminUser, 'name' | 'email' | 'userType'>): string {
  const removed = `${user.name} (${user.email}) and their account will be removed. This cannot be undone.`;
  if (!isPaid(user as AdminUser)) return removed;
  return `${removed} Their ${PLAN_LABEL[user.userType]} subscription is cancelled at Stripe at once: no further charges, and no refund of the current month.`;
}

/**
 * SPEC's admin list of users: delete (after a confirmation, since it cannot be undone),
 * resend verification to an unverified user, and the CSV of every user.
 */
export function UsersTable() {
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const resend = useResendVerification();
  const download = useDownloadUsersCsv();
  const [confirming, setConfirming] = useState<AdminUser | null>(null);

  function confirmDelete() {
    const user = confirming;
    if (!user) return;
    setConfirming(null);
    deleteUser.mutate(user.id, {
      // The title says what happened; the description says to whom (and what became of a paid plan).
      onSuccess: () =>
        toast({
          title: 'User Deleted',
          description: `${user.name} (${user.email})${isPaid(user) ? `: their ${PLAN_LABEL[user.userType]} subscription is being cancelled at Stripe` : ''}.`,
        }),
      onError: (error) => toast({ title: error.message, variant: 'destructive' }),
    });
  }

  function resendTo(user: AdminUser) {
    resend.mutate(user.id, {
      onSuccess: () => toast({ title: 'Verification Email Sent', description: `To ${user.email}.` }),
      onError: (error) => toast({ title: error.message, variant: 'destructive' }),
    });
  }

  function downloadCsv() {
    download.mutate(undefined, {
      onSuccess: () => toast({ title: 'Download Complete', description: 'user_registrations.csv' }),
      onError: () => toast({ title: 'Download Failed', variant: 'destructive' }),
    });
  }

  const list = users.data ?? [];
  return (
    <>
      <TableCard
        title="Users"
        loading={users.isPending}
        error={users.error}
        testId="users-table"
        actions={
          <Button $variant="secondary" $size="sm" onClick={downloadCsv} disabled={download.isPending} data-testid="download-users-csv">
            {download.isPending ? 'Downloading...' : 'Download CSV'}
          </Button>
        }
      >
        {list.length === 0 ? (
          <Muted>No users yet</Muted>
        ) : (
          <Table>
            <caption>{list.length === 1 ? '1 registered user' : `${list.length} registered users`}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col">Plan</th>
                <th scope="col" className="number">Report limit</th>
                <th scope="col">Newsletter</th>
                <th scope="col">Registered</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((user) => (
                <tr key={user.id} data-testid="user-row" data-email={user.email}>
                  <th scope="row">{user.name}</th>
                  <td>{user.email}</td>
                  <td>
                    {user.isVerified ? <Badge $tone="valid">Verified</Badge> : <Badge $tone="pending">Unverified</Badge>}
                    {user.isVerified && user.verifiedAt ? <span className="sub">{formatDate(user.verifiedAt)}</span> : null}
                  </td>
                  <td>{PLAN_LABEL[user.userType] ?? user.userType}</td>
                  <td className="number">{user.reportLimit ?? 5}</td>
                  <td>{user.newsletterOptIn ? 'Yes' : 'No'}</td>
                  <td className="nowrap">{formatDate(user.createdAt)}</td>
                  <td>
                    <Actions>
                      {!user.isVerified ? (
                        <Button
                          $variant="secondary"
                          $size="sm"
                          onClick={() => resendTo(user)}
                          disabled={resend.isPending && resend.variables === user.id}
                          aria-label={`Resend verification email to ${user.email}`}
                          data-testid="resend-verification"
                        >
                          Resend
                        </Button>
                      ) : null}
                      <Button
                        $variant="danger"
                        $size="sm"
                        onClick={() => setConfirming(user)}
                        disabled={deleteUser.isPending && deleteUser.variables === user.id}
                        aria-label={`Delete ${user.email}`}
                        data-testid="delete-user"
                      >
                        Delete
                      </Button>
                    </Actions>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </TableCard>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete user?"
        description={confirming ? deleteConsequences(confirming) : undefined}
        testId="delete-user-dialog"
      >
        <DialogActions>
          <Button $variant="secondary" onClick={() => setConfirming(null)} data-autofocus>
            Cancel
          </Button>
          <Button $variant="danger" onClick={confirmDelete} data-testid="confirm-delete-user">
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
