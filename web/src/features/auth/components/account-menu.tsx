import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, focusRing } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useAuthStatus } from '@/lib/auth';
import { useLogout } from '@/features/auth/api/logout';
import { useAuthDialogs } from './auth-dialogs';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  /* A phone (390 px): the three buttons stay on one line under the brand, never a row each. */
  ${({ theme }) => theme.media.mobile} {
    flex-wrap: nowrap;
    gap: 0.35rem;
    button { padding: 0.35rem 0.6rem; font-size: 0.85rem; white-space: nowrap; }
  }
`;

const MenuWrap = styled.div`
  position: relative;
  min-width: 0;
  /* A long name is cut short rather than pushing the menu onto a line of its own. */
  > button { max-width: min(60vw, 320px); display: inline-flex; align-items: center; gap: 0.3rem; }
  /* On a phone, beside the brand on the same line: what is left of the width after it. */
  ${({ theme }) => theme.media.mobile} { > button { max-width: calc(100vw - 15.5rem); padding: 0.35rem 0.6rem; font-size: 0.85rem; } }
  > button .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; }
`;

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 4px);
  min-width: 180px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
  padding: 0.3rem;
  z-index: 20;
  display: flex;
  flex-direction: column;
  a, button {
    text-align: left;
    padding: 0.55rem 0.8rem;
    border-radius: 6px;
    color: ${({ theme }) => theme.colors.text};
    background: none;
    border: none;
    font: inherit;
    text-decoration: none;
    cursor: pointer;
    &:hover, &:focus-visible { background: ${({ theme }) => theme.colors.brandSoft}; }
    ${focusRing}
  }
`;

/** Header controls: sign-in buttons when signed out, the account menu when signed in. */
export function AccountControls({ onSupport }: { onSupport: () => void }) {
  const { data: auth } = useAuthStatus();
  const dialogs = useAuthDialogs();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    function onDocument(event: MouseEvent | KeyboardEvent) {
      if (event instanceof KeyboardEvent) {
        if (event.key === 'Escape') setOpen(false);
        return;
      }
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onDocument);
    document.addEventListener('keydown', onDocument);
    return () => {
      document.removeEventListener('mousedown', onDocument);
      document.removeEventListener('keydown', onDocument);
    };
  }, [open]);

  if (!auth?.isAuthenticated) {
    return (
      <Row>
        <Button $variant="ghost" onClick={() => dialogs.openAuth('login')} data-testid="header-sign-in">
          Sign In
        </Button>
        <Button onClick={() => dialogs.openAuth('register')} data-testid="header-create-account">
          Create Free Account
        </Button>
        <Button $variant="secondary" onClick={onSupport} data-testid="header-support">
          Support
        </Button>
      </Row>
    );
  }

  const label = auth.user?.name?.trim() || 'Account';
  return (
    <MenuWrap ref={wrapRef}>
      <Button
        $variant="secondary"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        data-testid="account-menu"
        title={label}
      >
        <span className="name">{label}</span> ▾
      </Button>
      {open ? (
        <Menu id={menuId}>
          <Link to={paths.dashboard} onClick={() => setOpen(false)} data-testid="account-menu-dashboard">
            Dashboard
          </Link>
          <button
            type="button"
            data-testid="account-menu-sign-out"
            onClick={async () => {
              setOpen(false);
              await logout.mutateAsync().catch(() => undefined);
              toast({ title: 'Logged out' });
            }}
          >
            Sign Out
          </button>
        </Menu>
      ) : null}
    </MenuWrap>
  );
}
