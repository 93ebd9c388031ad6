import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDestructive } from './confirm-destructive';

function renderConfirm(props: { pending?: boolean; problem?: string } = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDestructive
      problem={props.problem ? <p role="alert">{props.problem}</p> : null}
      confirmLabel="Remove"
      cancelLabel="Cancel"
      pending={props.pending ?? false}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      Maria leaves the team.
    </ConfirmDestructive>,
  );
  return { onConfirm, onCancel };
}

describe('asking before something is removed', () => {
  it('says what will happen and does it only when confirmed', async () => {
    const { onConfirm, onCancel } = renderConfirm();
    expect(screen.getByText('Maria leaves the team.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('holds both buttons while the action runs, and shows the last try’s error', () => {
    renderConfirm({ pending: true, problem: 'The server is unreachable.' });
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('The server is unreachable.');
  });
});
