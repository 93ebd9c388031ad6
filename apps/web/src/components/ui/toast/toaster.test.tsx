import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createToastStore } from '@/components/ui/toast/toast-store';
import { Toaster } from '@/components/ui/toast/toaster';
import { renderWithProviders } from '@/test/render';

describe('Toaster', () => {
  it('shows toasts in a live region with a dismiss button', async () => {
    const store = createToastStore();
    renderWithProviders(<Toaster store={store} />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.querySelector('[aria-live="polite"]')).not.toBeNull();

    act(() => {
      store.show({ title: 'Signed Out', description: 'You have been successfully signed out' });
    });
    expect(within(region).getByText('Signed Out')).toBeInTheDocument();
    expect(within(region).getByText('You have been successfully signed out')).toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: 'Dismiss' }));
    expect(within(region).queryByText('Signed Out')).not.toBeInTheDocument();
  });
});
