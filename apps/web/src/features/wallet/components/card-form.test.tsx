import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardForm } from '@/features/wallet/components/card-form';
import { error, type MockAnswer, mockApi } from '@/test/mock-api';
import { renderWithProviders, signedIn } from '@/test/render';
import { card } from '@/test/wallet-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOW = () => new Date('2026-06-15T12:00:00Z');

function renderForm(routes: Record<string, MockAnswer> = {}) {
  const api = mockApi(routes);
  const onAdded = vi.fn();
  renderWithProviders(<CardForm onAdded={onAdded} now={NOW} />, { auth: signedIn() });
  return { api, onAdded };
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

async function fillValidCard(number = '4242424242424242') {
  await userEvent.type(field('Card number'), number);
  await userEvent.type(field(/Expiry date/), '1230');
  await userEvent.type(field(/Security code/), '123');
  await userEvent.type(field('Name on card'), 'Ana Lima');
  await userEvent.type(field('Address'), '1 Main St');
  await userEvent.type(field('City'), 'Austin');
  await userEvent.type(field('Postal code'), '73301');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'US');
}

describe('adding a card', () => {
  it('groups the number as printed and names the brand as it is typed', async () => {
    renderForm();
    await userEvent.type(field('Card number'), '378282246310005');
    expect(field('Card number')).toHaveValue('3782 822463 10005');
    expect(screen.getByText('American Express')).toBeInTheDocument();
    // An American Express CVC has four digits, on the front.
    expect(screen.getByText('4 digits on the front')).toBeInTheDocument();
    await userEvent.clear(field('Card number'));
    await userEvent.type(field('Card number'), '55555555');
    expect(field('Card number')).toHaveValue('5555 5555');
    expect(screen.getByText('Mastercard')).toBeInTheDocument();
  });

  it('checks each field as the person leaves it: Luhn, expiry, CVC length', async () => {
    renderForm();
    await userEvent.type(field('Card number'), '4242424242424241');
    await userEvent.tab();
    expect(await screen.findByText('Your card number is incorrect.')).toBeInTheDocument();

    await userEvent.type(field(/Expiry date/), '0526');
    expect(field(/Expiry date/)).toHaveValue('05/26');
    await userEvent.tab();
    expect(await screen.findByText('Your card has expired.')).toBeInTheDocument();

    await userEvent.type(field(/Security code/), '12');
    await userEvent.tab();
    expect(await screen.findByText("Your card's security code is incorrect.")).toBeInTheDocument();
  });

  it('an empty form is not sent: every required field says so and the first takes focus', async () => {
    const { api } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(field('Card number')).toHaveFocus());
    expect(screen.getAllByText('This field is required')).toHaveLength(7);
    expect(api.callsTo('POST', '/api/payment-methods')).toHaveLength(0);
  });

  it('sends the card once, then forgets the number and CVC', async () => {
    const { api, onAdded } = renderForm({ 'POST /api/payment-methods': [201, card()] });
    await fillValidCard('4242 4242 4242 4242');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Make it my default' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));

    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(card()));
    expect(api.callsTo('POST', '/api/payment-methods')[0]?.body).toEqual({
      type: 'card',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      cardholderName: 'Ana Lima',
      billingAddress: { line1: '1 Main St', city: 'Austin', postalCode: '73301', country: 'US' },
      setDefault: true,
    });
    expect(field('Card number')).toHaveValue('');
    expect(field(/Security code/)).toHaveValue('');
  });

  it("shows the server's refusal on the field it names, or for the whole form", async () => {
    let answer: MockAnswer = [422, error('card_expired', { field: 'expMonth' })];
    renderForm({ 'POST /api/payment-methods': () => (typeof answer === 'function' ? [500] : answer) });
    await fillValidCard();
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('Your card has expired.')).toBeInTheDocument();
    await waitFor(() => expect(field(/Expiry date/)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(/Expiry date/)).toHaveFocus();

    answer = [500, error('internal_error')];
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error. Please try again in a moment.');
  });

  it('says the card was not saved, and why, when its bank refuses it at the check; what was typed stays', async () => {
    let answer: readonly [number, unknown] = [402, error('card_declined')];
    const { onAdded } = renderForm({ 'POST /api/payment-methods': () => answer });
    await fillValidCard('4000000000000002');
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your bank declined this card when we checked it, so it was not saved. Nothing was charged. Try another card.',
    );
    expect(field('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(field('Name on card')).toHaveValue('Ana Lima');

    answer = [402, error('card_insufficient_funds')];
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/refused this card for insufficient funds/);
    expect(onAdded).not.toHaveBeenCalled();
  });
});
