import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardTitle, Muted } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useApiKeys, type DashboardApiKey } from '@/features/api-keys/api/get-api-keys';
import { useCreateApiKey } from '@/features/api-keys/api/create-api-key';
import { useRevokeApiKey } from '@/features/api-keys/api/revoke-api-key';
import { formatKeyDate } from '@/features/api-keys/lib/format';

const Section = styled.section`
  display: grid;
  gap: 0.8rem;
  code { overflow-wrap: anywhere; }
`;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.6rem;
  > div { flex: 1 1 14rem; margin-bottom: 0; }
`;

const Secret = styled.div`
  border: 2px solid ${({ theme }) => theme.colors.brand};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.brandSoft};
  padding: 0.8rem;
  display: grid;
  gap: 0.5rem;
  code { font-size: 0.95rem; user-select: all; }
  .row { display: flex; gap: 0.5rem; flex-wrap: wrap; }
`;

const Keys = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.6rem;
`;

const KeyRow = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 0.7rem 0.9rem;
  display: grid;
  gap: 0.35rem;
  .head { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: center; }
  h3 { margin: 0; font-size: 1rem; overflow-wrap: anywhere; }
  dl { display: flex; flex-wrap: wrap; gap: 0.2rem 1.2rem; margin: 0; font-size: 0.9rem; }
  dl div { display: flex; gap: 0.35rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  .row { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: center; }
`;

async function copyKey(secret: string) {
  try {
    await navigator.clipboard.writeText(secret);
    toast({ title: 'Key Copied', description: 'Paste it into the program that will use it.' });
  } catch {
    toast({ title: 'Copy failed', description: 'Failed to copy the key. Please copy it manually.', variant: 'destructive' });
  }
}

function ApiKeyRow({ apiKey }: { apiKey: DashboardApiKey }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeApiKey();
  return (
    <KeyRow data-testid="api-key" data-key-id={apiKey.id}>
      <div className="head">
        <h3>{apiKey.name}</h3>
        {apiKey.revoked ? <Badge $tone="invalid">Revoked</Badge> : <Badge $tone="valid">Active</Badge>}
      </div>
      <dl>
        <div>
          <dt>Key</dt>
          <dd>
            <code>{apiKey.prefix}_…</code>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatKeyDate(apiKey.createdAt)}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd data-testid="api-key-last-used">{formatKeyDate(apiKey.lastUsedAt)}</dd>
        </div>
        <div>
          <dt>Calls</dt>
          <dd data-testid="api-key-calls">{apiKey.calls}</dd>
        </div>
      </dl>
      {apiKey.revoked ? null : confirming ? (
        <div className="row" role="group" aria-label={`Revoke ${apiKey.name}`}>
          <span>Revoke this key? Programs using it stop working at once.</span>
          <Button $variant="secondary" onClick={() => setConfirming(false)} data-testid="api-key-keep">
            Keep Key
          </Button>
          <Button
            $variant="danger"
            disabled={revoke.isPending}
            data-testid="api-key-revoke-confirm"
            onClick={() =>
              revoke.mutate(apiKey.id, {
                onSuccess: () => toast({ title: 'API Key Revoked', description: `${apiKey.name} no longer works.` }),
                onError: (error) => toast({ title: 'Revoke Failed', description: error.message, variant: 'destructive' }),
                onSettled: () => setConfirming(false),
              })
            }
          >
            {revoke.isPending ? 'Revoking...' : 'Revoke Key'}
          </Button>
        </div>
      ) : (
        <div className="row">
          <Button $variant="secondary" onClick={() => setConfirming(true)} data-testid="api-key-revoke">
            Revoke
          </Button>
        </div>
      )}
    </KeyRow>
  );
}

/**
 * The dashboard's API keys: create a named key (its secret shown once, with a copy button),
 * see each key's last use and calls, revoke one. Keys act as their owner within the plan's
 * report limit, so free users have them too (the restricted dashboard's modal shows this
 * section); a paid account reaches it once signed in with its password, like its documents.
 */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      toast({ title: 'Missing Information', description: 'Please give the key a name, so you can tell it apart later.', variant: 'destructive' });
      return;
    }
    create.mutate(name.trim(), {
      onSuccess: (answer) => {
        setCreated({ name: answer.key.name, secret: answer.secret });
        setName('');
        toast({ title: 'API Key Created', description: 'Copy it now: it is shown only once.' });
      },
      onError: (error) => toast({ title: 'Key Creation Failed', description: error.message, variant: 'destructive' }),
    });
  };

  return (
    <Section aria-labelledby="api-keys-title" data-testid="api-keys">
      <CardTitle id="api-keys-title" as="h2">
        API Keys
      </CardTitle>
      <Muted>
        Let a drafting assistant, an MCP client or your firm&apos;s systems check citations as you, within your plan and its report limit. The API is described at{' '}
        <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>; the MCP server is at <code>/mcp</code>.
      </Muted>
      <Form onSubmit={submit} aria-label="Create an API key">
        <TextField label="Key name" name="keyName" value={name} maxLength={60} placeholder="e.g. Drafting assistant" onChange={(event) => setName(event.target.value)} data-testid="api-key-name" />
        <Button type="submit" disabled={create.isPending} data-testid="api-key-create">
          {create.isPending ? 'Creating...' : 'Create Key'}
        </Button>
      </Form>
      {created ? (
        <Secret role="status" data-testid="api-key-created">
          <strong>Your new key “{created.name}”: copy it now, it will not be shown again.</strong>
          <code data-testid="api-key-secret">{created.secret}</code>
          <div className="row">
            <Button onClick={() => void copyKey(created.secret)} data-testid="api-key-copy">
              Copy Key
            </Button>
            <Button $variant="secondary" onClick={() => setCreated(null)} data-testid="api-key-done">
              Done
            </Button>
          </div>
        </Secret>
      ) : null}
      {keys.isPending ? (
        <Spinner label="Loading API keys" />
      ) : keys.isError ? (
        <p role="alert" data-testid="api-keys-error">
          Failed to fetch API keys
        </p>
      ) : keys.data.length === 0 ? (
        <Muted data-testid="api-keys-empty">No API keys yet</Muted>
      ) : (
        <Keys aria-label="Your API keys">
          {keys.data.map((apiKey) => (
            <ApiKeyRow key={apiKey.id} apiKey={apiKey} />
          ))}
        </Keys>
      )}
    </Section>
  );
}
