import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BusinessMember, Distribution, DistributionRequest } from '@ztart/shared/contracts/businesses';
import { splitByWeights } from '@ztart/shared/contracts/businesses';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DistributionFlow } from '@/features/business/components/distribution-flow';
import { error, mockApi } from '@/test/mock-api';
import { renderWithProviders, signedIn } from '@/test/render';

const BUSINESS_ID = '7f1f7b4e-4c3b-4d8e-9a55-0d0c2a1b3c4d';
const POST = `POST /api/businesses/${BUSINESS_ID}/distributions`;
const ANA = '11111111-1111-4111-8111-111111111111';
const BRUNO = '22222222-2222-4222-8222-222222222222';
const CARLA = '33333333-3333-4333-8333-333333333333';

function member(userId: string, fullName: string): BusinessMember {
  return {
    userId,
    ztartag: fullName.toLowerCase(),
    fullName,
    role: 'member',
    customRoleId: null,
    approvalStatus: 'approved',
    joinedAt: '2026-11-01T10:00:00.000Z',
  };
}

const TEAM = [member(ANA, 'Ana'), member(BRUNO, 'Bruno'), member(CARLA, 'Carla')];
const NAMES: Record<string, string> = { [ANA]: 'Ana', [BRUNO]: 'Bruno', [CARLA]: 'Carla' };

/** The server's answer: the shared split rule (floor, then the largest remainders), as the server applies it. */
function answer(body: DistributionRequest, preview: boolean): Distribution {
  const shares = body.shares ?? [];
  const weights = shares.map((share) => share.weight ?? 1);
  const amounts = splitByWeights(body.amountMinor, weights);
  return {
    id: preview ? null : '44444444-4444-4444-8444-444444444444',
    preview,
    rule: body.rule,
    amountMinor: body.amountMinor,
    currency: body.currency,
    reason: body.reason ?? null,
    items: shares.map((share, index) => ({
      userId: share.userId,
      ztartag: null,
      fullName: NAMES[share.userId] ?? null,
      weight: weights[index] ?? 0,
      amountMinor: amounts[index] ?? 0,
    })),
    createdAt: preview ? null : '2026-11-26T10:00:00.000Z',
  };
}

function renderFlow(onFinished = vi.fn()) {
  renderWithProviders(
    <DistributionFlow
      businessId={BUSINESS_ID}
      currency="USD"
      availableMinor={1_000}
      members={TEAM}
      onFinished={onFinished}
    />,
    { auth: signedIn(['user'], 'business') },
  );
  return onFinished;
}

function shares() {
  return screen.getAllByTestId('distribution-share').map((row) => row.textContent);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sharing the tip pool', () => {
  it('previews equal shares (the odd cent to the first), moves nothing until confirmed, then moves once with one key', async () => {
    const api = mockApi({
      [POST]: (call) => {
        const body = call.body as DistributionRequest;
        return [body.preview ? 200 : 201, answer(body, body.preview === true)];
      },
    });
    const user = userEvent.setup();
    renderFlow();

    // The whole pool is offered; equal shares between the three members.
    expect(screen.getByLabelText(/^Amount to share/)).toHaveValue('10.00');
    expect(screen.getByText('Shared between 3 team members.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview the shares' }));

    const preview = await screen.findByTestId('distribution-preview');
    expect(shares()).toEqual(['Ana$3.34', 'Bruno$3.33', 'Carla$3.33']);
    expect(within(preview).getByTestId('distribution-total')).toHaveTextContent('$10.00');
    expect(api.callsTo('POST', `/api/businesses/${BUSINESS_ID}/distributions`)).toHaveLength(1);
    expect(api.calls[0]?.body).toMatchObject({
      rule: 'equal',
      amountMinor: 1_000,
      currency: 'USD',
      preview: true,
    });
    expect(api.calls[0]?.headers.get('Idempotency-Key')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Share $10.00' }));
    expect(await screen.findByText('$10.00 shared between 3 people')).toBeInTheDocument();
    const moves = api.callsTo('POST', `/api/businesses/${BUSINESS_ID}/distributions`).slice(1);
    expect(moves).toHaveLength(1);
    expect(moves[0]?.body).not.toHaveProperty('preview');
    expect(moves[0]?.headers.get('Idempotency-Key')).toMatch(/\S{16,}/);
  });

  it('sends percentages as basis points, and refuses percentages that do not add up to 100 without asking the server', async () => {
    const api = mockApi({ [POST]: (call) => [200, answer(call.body as DistributionRequest, true)] });
    const user = userEvent.setup();
    renderFlow();

    await user.click(screen.getByRole('radio', { name: /Percentages/ }));
    await user.type(screen.getByLabelText('Ana (%)'), '50');
    await user.type(screen.getByLabelText('Bruno (%)'), '25');
    await user.type(screen.getByLabelText('Carla (%)'), '20');
    await user.click(screen.getByRole('button', { name: 'Preview the shares' }));
    expect(await screen.findByText('The percentages must add up to exactly 100.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/businesses/${BUSINESS_ID}/distributions`)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Carla (%)'));
    await user.type(screen.getByLabelText('Carla (%)'), '25');
    await user.click(screen.getByRole('button', { name: 'Preview the shares' }));
    await screen.findByTestId('distribution-preview');
    expect(api.callsTo('POST', `/api/businesses/${BUSINESS_ID}/distributions`)[0]?.body).toMatchObject({
      rule: 'percentages',
      shares: [
        { userId: ANA, weight: 5_000 },
        { userId: BRUNO, weight: 2_500 },
        { userId: CARLA, weight: 2_500 },
      ],
    });
    expect(shares()).toEqual(['Ana50 %$5.00', 'Bruno25 %$2.50', 'Carla25 %$2.50']);
  });

  it('shares by hours worked, shown as hours and minutes', async () => {
    mockApi({ [POST]: (call) => [200, answer(call.body as DistributionRequest, true)] });
    const user = userEvent.setup();
    renderFlow();

    await user.click(screen.getByRole('radio', { name: /Hours worked/ }));
    await user.type(screen.getByLabelText('Ana (hours)'), '6');
    await user.type(screen.getByLabelText('Bruno (hours)'), '3.5');
    await user.click(screen.getByRole('button', { name: 'Preview the shares' }));
    await screen.findByTestId('distribution-preview');
    // 360 and 210 minutes of 570: $6.32 (6.315…) and $3.68, Carla worked none.
    expect(shares()).toEqual(['Ana6 h 00$6.32', 'Bruno3 h 30$3.68', 'Carla0 h 00$0.00']);
  });

  it('refuses more than the pool holds before anything is sent', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderFlow();

    const amount = screen.getByLabelText(/^Amount to share/);
    await user.clear(amount);
    await user.type(amount, '12.00');
    await user.click(screen.getByRole('button', { name: 'Preview the shares' }));
    expect(await screen.findByText('The maximum amount is $10.00')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/businesses/${BUSINESS_ID}/distributions`)).toHaveLength(0);
  });

  it('says why the server refused the move and keeps the preview', async () => {
    mockApi({
      [POST]: (call) => {
        const body = call.body as DistributionRequest;
        return body.preview ? [200, answer(body, true)] : [422, error('insufficient_balance')];
      },
    });
    const user = userEvent.setup();
    renderFlow();

    await user.click(screen.getByRole('button', { name: 'Preview the shares' }));
    await user.click(await screen.findByRole('button', { name: 'Share $10.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/balance/i);
    expect(screen.getByTestId('distribution-preview')).toBeInTheDocument();
  });

  it('asks for the PIN when the server does, then shares again with the same key', async () => {
    let moves = 0;
    const api = mockApi({
      [POST]: (call) => {
        const body = call.body as DistributionRequest;
        if (body.preview) return [200, answer(body, true)];
        moves += 1;
        return moves === 1 ? [403, error('pin_required')] : [201, answer(body, false)];
      },
      'POST /api/pin/verify': [
        200,
        { pinSet: true, unlockedUntil: '2099-01-01T00:00:00.000Z', lockedUntil: null },
      ],
    });
    const user = userEvent.setup();
    renderFlow();

    await user.click(screen.getByRole('button', { name: 'Preview the shares' }));
    await user.click(await screen.findByRole('button', { name: 'Share $10.00' }));
    expect(await screen.findByRole('heading', { name: 'Enter your PIN' })).toBeInTheDocument();
    expect(screen.getByText('Enter your PIN to share $10.00 with your team.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Share $10.00' }));

    expect(await screen.findByText('$10.00 shared between 3 people')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/pin/verify')[0]?.body).toEqual({ pin: '2468' });
    const sends = api.callsTo('POST', `/api/businesses/${BUSINESS_ID}/distributions`).slice(1);
    expect(sends).toHaveLength(2);
    expect(sends[1]?.body).toEqual(sends[0]?.body);
    expect(sends[1]?.headers.get('Idempotency-Key')).toBe(sends[0]?.headers.get('Idempotency-Key'));
  });
});
