/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '@/testing/render';
import { Dialog, DialogActions } from './dialog';

function Harness({ blocking = false }: { blocking?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Dialog open={open} onClose={blocking ? undefined : () => setOpen(false)} title="Upgrade Required" description="You have used all 5 reports." testId="probe-dialog">
        <DialogActions>
          <button>Back to Home</button>
          <button data-autofocus>Upgrade Now</button>
        </DialogActions>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  let root: HTMLElement;
  beforeEach(() => {
    // The page the dialog hides, as index.html has it.
    root = document.createElement('div');
    root.id = 'root';
    document.body.appendChild(root);
  });
  afterEach(() => root.remove());

  it('is named and described by its title and description, and focuses the data-autofocus control', () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByText('Open'));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade Required' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('You have used all 5 reports.');
    expect(document.activeElement?.textContent).toBe('Upgrade Now');
  });

  it('hides the page behind while open and gives focus back to the opener on Escape', () => {
    renderWithProviders(<Harness />);
    const opener = screen.getByText('Open');
    opener.focus();
    fireEvent.click(opener);
    expect(root.getAttribute('aria-hidden')).toBe('true');
    expect(root.hasAttribute('inert')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('probe-dialog')).toBeNull();
    expect(root.hasAttribute('aria-hidden')).toBe(false);
    expect(root.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes on the close button and on a click outside the panel', () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByText('Open'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('probe-dialog')).toBeNull();
    fireEvent.click(screen.getByText('Open'));
    fireEvent.mouseDown(screen.getByTestId('probe-dialog').parentElement as HTMLElement);
    expect(screen.queryByTestId('probe-dialog')).toBeNull();
  });

  it('stays open when it is a blocking notice: no close button, Escape and outside clicks do nothing', () => {
    renderWithProviders(<Harness blocking />);
    fireEvent.click(screen.getByText('Open'));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('probe-dialog').parentElement as HTMLElement);
    expect(screen.getByTestId('probe-dialog')).toBeTruthy();
  });
});
