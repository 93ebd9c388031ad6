import { screen } from '@testing-library/react';
import { EMPTY_CARD } from '@ztart/shared/card-draft';
import { describe, expect, it } from 'vitest';
import { CardFields } from '@/features/invoices/components/card-fields';
import { renderWithProviders } from '@/test/render';

describe('the invoice card fields', () => {
  it('shows the expiry’s example in the person’s language', () => {
    renderWithProviders(
      <CardFields card={EMPTY_CARD} problems={{}} onChange={() => undefined} onLeave={() => undefined} />,
      { language: 'es' },
    );
    expect(screen.getByLabelText('Caducidad (MM/AA)')).toHaveAttribute('placeholder', 'MM/AA');
  });
});
