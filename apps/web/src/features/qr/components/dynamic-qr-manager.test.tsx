import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QrCode } from '@ztart/shared/contracts/qr-codes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DynamicQrManager } from '@/features/qr/components/dynamic-qr-manager';
import { QR_ID, qrCode } from '@/features/qr/test-data';
import { error, mockApi } from '@/test/mock-api';
import { renderWithProviders, signedIn } from '@/test/render';

const PATCH = `PATCH /api/qr-codes/${QR_ID}`;

function renderManager(qr: QrCode = qrCode()) {
  return renderWithProviders(<DynamicQrManager qr={qr} />, { auth: signedIn(), toaster: true });
}

/** Pastes into a field: one event instead of one per character, as long texts usually arrive. */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function ruleGroup(number: number) {
  return screen.getByRole('group', { name: `Rule ${number}` });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dynamic QR manager', () => {
  it('adds a rule and saves the settings in the shape of the contract', async () => {
    const api = mockApi({ [PATCH]: (call) => [200, qrCode({ dynamic: (call.body as QrCode).dynamic })] });
    const user = userEvent.setup();
    renderManager();

    await user.click(screen.getByRole('checkbox', { name: 'Use dynamic rules' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Your time zone' }), 'Europe/Lisbon');
    await paste(
      user,
      within(screen.getByRole('group', { name: 'When no rule matches' })).getByLabelText('Show this message'),
      'Thanks for coming!',
    );
    await user.click(screen.getByRole('button', { name: 'Add rule' }));

    const rule = ruleGroup(1);
    await user.click(within(rule).getByRole('checkbox', { name: 'Only between certain hours' }));
    await user.selectOptions(within(rule).getByRole('combobox', { name: 'From' }), '22');
    await user.selectOptions(within(rule).getByRole('combobox', { name: 'Until' }), '6');
    await user.click(within(rule).getByRole('checkbox', { name: 'Only near a place' }));
    await user.type(within(rule).getByRole('textbox', { name: 'Latitude' }), '38,7223');
    await user.type(within(rule).getByRole('textbox', { name: 'Longitude' }), '-9.1393');
    await user.clear(within(rule).getByRole('textbox', { name: 'Within (km)' }));
    await user.type(within(rule).getByRole('textbox', { name: 'Within (km)' }), '2');
    await user.selectOptions(within(rule).getByRole('combobox', { name: 'Who is scanning' }), 'premium');
    await paste(
      user,
      within(rule).getByRole('textbox', { name: 'Send to this web address' }),
      'https://example.com/late',
    );
    await user.click(screen.getByRole('button', { name: 'Save dynamic QR' }));

    expect(await screen.findByText('Dynamic QR saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/qr-codes/${QR_ID}`)).toHaveLength(1);
    expect(api.callsTo('PATCH', `/api/qr-codes/${QR_ID}`)[0]?.body).toEqual({
      dynamic: {
        enabled: true,
        timeZone: 'Europe/Lisbon',
        redirectUrl: null,
        message: 'Thanks for coming!',
        rules: [
          {
            conditions: {
              time: { startHour: 22, endHour: 6 },
              location: { latitude: 38.7223, longitude: -9.1393, maxKm: 2 },
              userLevel: 'premium',
            },
            target: { redirectUrl: 'https://example.com/late', message: null },
          },
        ],
      },
    });
  });

  it('shows field errors from the validation keys and sends nothing', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderManager();

    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const rule = ruleGroup(1);
    await user.click(within(rule).getByRole('checkbox', { name: 'Only near a place' }));
    await user.type(within(rule).getByRole('textbox', { name: 'Latitude' }), '95');
    await user.click(screen.getByRole('button', { name: 'Save dynamic QR' }));

    expect(within(rule).getByRole('textbox', { name: 'Latitude' })).toHaveAccessibleDescription(
      'Enter a latitude between -90 and 90',
    );
    expect(within(rule).getByRole('textbox', { name: 'Longitude' })).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(
      within(rule).getByRole('textbox', { name: 'Send to this web address' }),
    ).toHaveAccessibleDescription('Give a web address, a message, or both');
    // The first wrong field gets the focus.
    expect(within(rule).getByRole('textbox', { name: 'Latitude' })).toHaveFocus();
    expect(api.callsTo('PATCH', `/api/qr-codes/${QR_ID}`)).toHaveLength(0);

    await user.clear(within(rule).getByRole('textbox', { name: 'Latitude' }));
    expect(within(rule).getByRole('textbox', { name: 'Latitude' })).not.toHaveAccessibleDescription();
  });

  it("says 'Could not save dynamic QR' when saving fails, and keeps what was typed", async () => {
    mockApi({ [PATCH]: [500, error('dynamic_qr_save_failed')] });
    const user = userEvent.setup();
    renderManager();

    await paste(
      user,
      screen.getByRole('textbox', { name: 'Send to this web address' }),
      'https://example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Save dynamic QR' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save dynamic QR');
    expect(screen.getByRole('textbox', { name: 'Send to this web address' })).toHaveValue(
      'https://example.com',
    );
  });

  it("puts the server's field errors on the rule they name", async () => {
    mockApi({
      [PATCH]: [
        400,
        error('validation_failed', {
          source: 'body',
          issues: [{ path: 'dynamic.rules.0.target.redirectUrl', code: 'custom', message: 'validation.url' }],
        }),
      ],
    });
    const user = userEvent.setup();
    renderManager();
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await user.type(within(ruleGroup(1)).getByRole('textbox', { name: 'Show this message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save dynamic QR' }));

    await waitFor(() =>
      expect(
        within(ruleGroup(1)).getByRole('textbox', { name: 'Send to this web address' }),
      ).toHaveAccessibleDescription('Enter a full web address, starting with https://'),
    );
    expect(screen.queryByText('Could not save dynamic QR')).not.toBeInTheDocument();
  });

  it('reorders and removes rules with buttons, keeping the keyboard focus on the moved rule', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderManager(
      qrCode({
        dynamic: {
          enabled: true,
          timeZone: 'UTC',
          redirectUrl: null,
          message: null,
          rules: [
            { conditions: {}, target: { redirectUrl: null, message: 'first' } },
            { conditions: {}, target: { redirectUrl: null, message: 'second' } },
          ],
        },
      }),
    );
    const messageOf = (number: number) =>
      within(ruleGroup(number)).getByRole('textbox', { name: 'Show this message' });
    expect(messageOf(1)).toHaveValue('first');
    expect(screen.getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move rule 2 up' }).focus();
    await user.keyboard('{Enter}');
    expect(messageOf(1)).toHaveValue('second');
    expect(messageOf(2)).toHaveValue('first');
    // The moved rule is first now: its own "up" is disabled, so its "down" holds the focus.
    expect(screen.getByRole('button', { name: 'Move rule 1 down' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    expect(screen.queryByRole('group', { name: 'Rule 2' })).not.toBeInTheDocument();
    expect(messageOf(1)).toHaveValue('first');
  });

  it('previews which rule decides a scan right now', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderManager(
      qrCode({
        dynamic: {
          enabled: true,
          timeZone: 'UTC',
          redirectUrl: null,
          message: 'Default',
          rules: [
            {
              conditions: { userLevel: 'business' },
              target: { redirectUrl: 'https://example.com/b2b', message: null },
            },
          ],
        },
      }),
    );
    const preview = screen.getByTestId('dynamic-preview');
    expect(preview).toHaveTextContent('No rule matches: shows “Default”.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Scanned by' }), 'business');
    expect(preview).toHaveTextContent('Rule 1 applies: goes to https://example.com/b2b.');
    await user.click(screen.getByRole('checkbox', { name: 'Use dynamic rules' }));
    expect(preview).toHaveTextContent('Dynamic rules are off');
  });
});
