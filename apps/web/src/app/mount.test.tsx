import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountApp } from '@/app/mount';

describe('mountApp', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("fails start-up with 'Root element not found' when the page has no #root", () => {
    expect(() => mountApp(<p>never shown</p>)).toThrow(new Error('Root element not found'));
  });

  it('renders into #root when it is there', async () => {
    const container = document.createElement('div');
    container.id = 'root';
    document.body.append(container);

    const root = await act(async () => mountApp(<p>Hello from the app</p>));

    expect(screen.getByText('Hello from the app')).toBeInTheDocument();
    expect(container).toContainElement(screen.getByText('Hello from the app'));
    act(() => root.unmount());
  });
});
