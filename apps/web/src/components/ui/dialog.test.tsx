import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

/** A page with a button that opens a dialog whose content is `content` (which may change later). */
function Page({ content }: { content: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Send
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Send money" closeLabel="Close">
        {open ? content(() => setOpen(false)) : null}
      </Dialog>
    </>
  );
}

function LoadsLater() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? (
    <label>
      Amount <input name="amount" />
    </label>
  ) : (
    <button type="button" onClick={() => setLoaded(true)} data-testid="arrive">
      loading
    </button>
  );
}

describe('a money dialog and focus', () => {
  it('opens on its first field, not on "Close"', async () => {
    render(
      <Page
        content={() => (
          <label>
            Recipient <input name="recipient" />
          </label>
        )}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('Recipient')).toHaveFocus();
  });

  it('moves focus to the first field when it arrives after the dialog opened', async () => {
    render(<Page content={() => <LoadsLater />} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    screen.getByRole('button', { name: 'Close' }).focus();
    await act(async () => screen.getByTestId('arrive').click());
    expect(screen.getByLabelText('Amount')).toHaveFocus();
  });

  it('gives focus back to its opener when the content closes it, even once the content is gone', async () => {
    render(
      <Page
        content={(close) => (
          <button type="button" onClick={close}>
            Done
          </button>
        )}
      />,
    );
    const opener = screen.getByRole('button', { name: 'Send' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(opener).toHaveFocus();
  });
});
