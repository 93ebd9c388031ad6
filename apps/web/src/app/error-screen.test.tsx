import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '@/app/error-boundary';
import { RouteErrorScreen } from '@/app/error-screen';
import { renderWithProviders } from '@/test/render';

function Broken(): never {
  throw new Error('render failed');
}

describe('error screens', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("the top-level boundary shows 'Something went wrong' and a 'Reload Page' button that reloads", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });

    renderWithProviders(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');
    expect(screen.getByText('An error occurred while loading the application')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("a route that fails shows the router's error screen, translated", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> },
    ]);

    renderWithProviders(<RouterProvider router={router} />, { language: 'es' });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Algo salió mal');
    expect(screen.getByRole('button', { name: 'Recargar página' })).toBeInTheDocument();
  });
});
