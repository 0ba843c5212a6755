import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Muted } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { useBlockIp } from '@/features/admin/api/block-ip';
import { useBlacklist } from '@/features/admin/api/get-blacklist';
import { useUnblockIp } from '@/features/admin/api/unblock-ip';
import { formatDateTime } from '@/features/admin/lib/format';
import { Table, TableCard } from './table';

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr) auto;
  gap: 0 0.8rem;
  align-items: end;
  margin-bottom: 1rem;
  button { margin-bottom: 0.9rem; }
  ${({ theme }) => theme.media.mobile} { grid-template-columns: minmax(0, 1fr); }
`;

/**
 * SPEC's IP blacklist: block an address (with an optional reason), see who blocked what and
 * when, unblock. The server validates the address and answers the blocked client 403 on
 * every /api call; its refusal is shown as it words it.
 */
export function BlacklistPanel() {
  const blacklist = useBlacklist();
  const block = useBlockIp();
  const unblock = useUnblockIp();
  const [ipAddress, setIpAddress] = useState('');
  const [reason, setReason] = useState('');
  const formId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = ipAddress.trim();
    if (!address) return;
    block.mutate(
      { ipAddress: address, reason: reason.trim() || null },
      {
        onSuccess: (blocked) => {
          toast({ title: 'IP Blocked', description: blocked.ipAddress });
          setIpAddress('');
          setReason('');
        },
        onError: (error) => toast({ title: error.message, variant: 'destructive' }),
      },
    );
  }

  function unblockAddress(address: string) {
    unblock.mutate(address, {
      onSuccess: () => toast({ title: 'IP Unblocked', description: address }),
      onError: (error) => toast({ title: error.message, variant: 'destructive' }),
    });
  }

  const list = blacklist.data?.blacklistedIPs ?? [];
  return (
    <TableCard title="IP blacklist" loading={blacklist.isPending} error={blacklist.error} testId="blacklist">
      <Form onSubmit={onSubmit} aria-label="Block an IP address" id={formId} data-testid="block-ip-form">
        <TextField
          label="IP address"
          name="ipAddress"
          required
          autoComplete="off"
          inputMode="text"
          spellCheck={false}
          value={ipAddress}
          onChange={(event) => setIpAddress(event.target.value)}
          data-testid="block-ip-address"
        />
        <TextField label="Reason (optional)" name="reason" value={reason} onChange={(event) => setReason(event.target.value)} data-testid="block-ip-reason" />
        <Button type="submit" $variant="danger" disabled={block.isPending} data-testid="block-ip-submit">
          {block.isPending ? 'Blocking...' : 'Block IP'}
        </Button>
      </Form>
      {list.length === 0 ? (
        <Muted data-testid="blacklist-empty">No blocked IP addresses</Muted>
      ) : (
        <Table>
          <caption>
            {blacklist.data?.totalBlacklisted === 1 ? '1 blocked IP address' : `${blacklist.data?.totalBlacklisted ?? list.length} blocked IP addresses`}
          </caption>
          <thead>
            <tr>
              <th scope="col">IP address</th>
              <th scope="col">Reason</th>
              <th scope="col">Blocked</th>
              <th scope="col">By</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {list.map((entry) => (
              <tr key={entry.ipAddress} data-testid="blacklist-row" data-ip={entry.ipAddress}>
                <th scope="row" className="nowrap">
                  {entry.ipAddress}
                </th>
                <td>{entry.reason || '—'}</td>
                <td className="nowrap">{formatDateTime(entry.blockedAt)}</td>
                <td>{entry.blockedBy ?? '—'}</td>
                <td>
                  <Button
                    $variant="secondary"
                    $size="sm"
                    onClick={() => unblockAddress(entry.ipAddress)}
                    disabled={unblock.isPending && unblock.variables === entry.ipAddress}
                    aria-label={`Unblock ${entry.ipAddress}`}
                    data-testid="unblock-ip"
                  >
                    Unblock
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </TableCard>
  );
}
