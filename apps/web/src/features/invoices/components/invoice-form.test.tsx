import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InvoiceForm } from '@/features/invoices/components/invoice-form';
import { emptyDraft } from '@/features/invoices/invoice-draft';
import { renderWithProviders } from '@/test/render';

function renderForm(language: 'en' | 'es' = 'en') {
  const onSubmit = vi.fn();
  renderWithProviders(
    <InvoiceForm
      invoice={null}
      initial={emptyDraft('USD', '2026-12-10')}
      currencies={['USD', 'EUR']}
      today="2026-11-26"
      pending={false}
      failure={null}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
    { language },
  );
  return { onSubmit };
}

const totals = () => within(screen.getByTestId('invoice-totals'));

describe('the invoice form', () => {
  it('recomputes subtotal, tax and total as lines are typed, added and removed', async () => {
    const user = userEvent.setup();
    renderForm();
    const [firstLine] = screen.getAllByTestId('invoice-line');
    if (!firstLine) throw new Error('no line');
    await user.type(within(firstLine).getByLabelText('Description'), 'Design');
    await user.clear(within(firstLine).getByLabelText('Quantity'));
    await user.type(within(firstLine).getByLabelText('Quantity'), '2');
    await user.type(within(firstLine).getByLabelText(/^Unit price/), '12.50');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$25.00');

    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const second = screen.getAllByTestId('invoice-line')[1];
    if (!second) throw new Error('no second line');
    await user.type(within(second).getByLabelText('Description'), 'Hosting');
    await user.type(within(second).getByLabelText(/^Unit price/), '0.99');
    const taxRate = screen.getByLabelText('Tax rate (%)');
    await user.clear(taxRate);
    await user.type(taxRate, '8.25');
    expect(totals().getByText('Tax (8.25 %)')).toBeInTheDocument();
    expect(totals().getByText('$25.99')).toBeInTheDocument();
    expect(totals().getByText('$2.14')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$28.13');

    await user.click(screen.getByRole('button', { name: 'Remove line 2' }));
    expect(screen.getAllByTestId('invoice-line')).toHaveLength(1);
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$27.06');
  });

  it('says the total is too large instead of failing when a huge unit price is typed', async () => {
    const user = userEvent.setup();
    renderForm();
    const [firstLine] = screen.getAllByTestId('invoice-line');
    if (!firstLine) throw new Error('no line');
    // Each part reads (a price just under the largest safe amount), their product does not.
    await user.clear(within(firstLine).getByLabelText('Quantity'));
    await user.type(within(firstLine).getByLabelText('Quantity'), '2');
    await user.type(within(firstLine).getByLabelText(/^Unit price/), '50000000000000');
    expect(screen.getByTestId('invoice-totals-too-large')).toHaveTextContent(
      'The total is too large to count',
    );
    expect(screen.queryByTestId('invoice-totals')).not.toBeInTheDocument();
    await user.clear(within(firstLine).getByLabelText(/^Unit price/));
    await user.type(within(firstLine).getByLabelText(/^Unit price/), '3');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$6.00');
  });

  it('shows translated problems on the fields and sends nothing', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm('es');
    await user.type(screen.getByLabelText('Correo del cliente'), 'ana@');
    await user.clear(screen.getByLabelText('Impuesto (%)'));
    await user.type(screen.getByLabelText('Impuesto (%)'), '150');
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nombre del cliente')).toHaveAccessibleDescription(
      expect.stringContaining('Este campo es obligatorio'),
    );
    expect(screen.getByLabelText('Correo del cliente')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Impuesto (%)')).toHaveAccessibleDescription(
      expect.stringContaining('Escribe un porcentaje de 0 a 100 %'),
    );
    expect(screen.getByLabelText('Descripción')).toHaveAccessibleDescription(
      expect.stringContaining('Describe qué cobras en esta línea.'),
    );
    expect(screen.getByText('Revisa los campos marcados.')).toBeInTheDocument();
  });

  it('sends the contract’s request once every field reads', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Customer name'), 'Ana Lima');
    await user.type(screen.getByLabelText(/^Customer email/), 'ana@example.com');
    await user.type(screen.getByLabelText('Description'), 'Design');
    await user.type(screen.getByLabelText(/^Unit price/), '40');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(onSubmit).toHaveBeenCalledWith({
      ok: true,
      request: {
        customerName: 'Ana Lima',
        customerEmail: 'ana@example.com',
        currency: 'USD',
        dueDate: '2026-12-10',
        taxRateBasisPoints: 0,
        lines: [{ description: 'Design', quantity: 1, unitPriceMinor: 4000 }],
      },
    });
  });
});
