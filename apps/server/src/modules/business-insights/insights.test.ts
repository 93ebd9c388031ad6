import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BusinessInsights,
  CAMPAIGNS_MAX_PER_BUSINESS,
  type Campaign,
  type CampaignListResponse,
} from '@ztart/shared/contracts/business-insights';
import type { Business } from '@ztart/shared/contracts/businesses';
import { DEFAULT_DYNAMIC_QR, type QrCode, type QuickTipProfile } from '@ztart/shared/contracts/qr-codes';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/accounts.ts';
import { businessFixtures } from '../../test/business-fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  expectMoneyKept,
  ledgerTransferCount,
  postTip,
  ROOMY_TIP_RATE_LIMITS,
} from '../../test/tip-fixtures.ts';
import { availableOf, fund, type Person, uniqueZtartag } from '../../test/transfer-fixtures.ts';
import { businesses } from '../businesses/tables.ts';
import { profiles } from '../profiles/tables.ts';
import { qrCodes } from '../qr-codes/tables.ts';
import { businessCampaigns } from './campaign-tables.ts';

const SETTLEMENT_DELAY_MS = 4_000;

/** The text of a PDF as printed (pdftotext). */
function textOfPdf(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'financials-pdf-'));
  try {
    const file = join(folder, 'financials.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('business insights, exports, campaigns, QR images and the minimum tip', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-03-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({
      now: clock.now,
      config: { cardSettlementDelayMs: SETTLEMENT_DELAY_MS },
      rateLimits: ROOMY_TIP_RATE_LIMITS,
    });
  });
  afterAll(() => testApp.close());
  afterEach(() => expectMoneyKept(db()));

  const db = () => testApp.database.db;
  const { call, errorOf, person, personAt, createBusiness, joinBusiness } = businessFixtures(() => testApp);
  const newQrCode = async (owner: Person, businessId: string, title: string) => {
    const answer = await call(owner, 'POST', `/api/businesses/${businessId}/qr-codes`, {
      title,
      currency: 'USD',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<QrCode>();
  };
  const scan = (code: string) => testApp.app.inject({ method: 'GET', url: `/q/${code}` });
  const walletTip = (from: Person, receiver: string, amountMinor: number, qrCode?: string) =>
    postTip(
      testApp.app,
      { receiver, amountMinor, source: 'wallet', ...(qrCode ? { qrCode } : {}) },
      { as: from },
    );
  const settle = () => {
    clock.advance({ seconds: SETTLEMENT_DELAY_MS / 1000 });
    return testApp.app.settlement.settleDue(clock.now());
  };
  /** Moves the clock on, the people signed in again (their sessions would have ended). */
  const moveTo = async (at: string, ...people: Person[]) => {
    clock.advance({ seconds: (Date.parse(at) - clock.now().getTime()) / 1000 });
    for (const who of people) Object.assign(who, await signIn(testApp.app, who));
  };
  const accountOf = async (businessId: string) => {
    const [row] = await db().select().from(businesses).where(eq(businesses.id, businessId));
    return row!.accountId;
  };

  describe('revenue and tips over time, per member and per QR code; CSV and PDF', () => {
    let owner: Person;
    let ana: Person;
    let bruno: Person;
    let business: Business;
    let terrace: QrCode;
    let bar: QrCode;

    beforeAll(async () => {
      owner = await personAt('business');
      business = await createBusiness(owner);
      [ana, bruno] = await Promise.all([person(), person()]);
      await joinBusiness(owner, business.id, ana);
      await joinBusiness(owner, business.id, bruno);
      terrace = await newQrCode(owner, business.id, 'Terrace');
      bar = await newQrCode(owner, business.id, 'Bar');
      const customer = await person();
      await fund(db(), customer.userId, 10_000);

      // 10 March: two scans and a wallet tip of 9.00 through the terrace code, a card tip of 3.00 at the bar.
      await scan(terrace.code);
      await scan(terrace.code);
      expect((await walletTip(customer, business.tag, 900, terrace.code)).statusCode).toBe(201);
      const card = await postTip(testApp.app, { receiver: business.tag, amountMinor: 300, qrCode: bar.code });
      expect(card.statusCode, card.body).toBe(201);
      await settle();
      // 11 March: a wallet tip without a QR code, and 10.00 shared equally.
      await moveTo('2026-03-11T10:00:00Z', owner, customer);
      expect((await walletTip(customer, business.tag, 150)).statusCode).toBe(201);
      // A minute later (rows of the same moment have no order but their ids).
      clock.advance({ minutes: 1 });
      const shared = await call(
        owner,
        'POST',
        `/api/businesses/${business.id}/distributions`,
        { rule: 'equal', amountMinor: 1_000, currency: 'USD', reason: 'Week 11' },
        { 'idempotency-key': randomUUID() },
      );
      expect(shared.statusCode, shared.body).toBe(201);
      // 20 April: outside March.
      await moveTo('2026-04-20T10:00:00Z', owner, customer, ana);
      expect((await walletTip(customer, business.tag, 200, bar.code)).statusCode).toBe(201);
    });

    const insights = async (who: Person, query: string) => {
      const answer = await call(who, 'GET', `/api/businesses/${business.id}/insights?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<BusinessInsights>();
    };

    it('sums completed tips and transfers per day, per member and per QR code, from the ledger and tips', async () => {
      const march = await insights(owner, 'from=2026-03-01&to=2026-03-31&timeZone=UTC');
      expect(march.period).toEqual({ from: '2026-03-01', to: '2026-03-31', timeZone: 'UTC', bucket: 'day' });
      expect(march.currency).toBe('USD');
      expect(march.totals).toEqual({
        revenueMinor: 1_350,
        tipsMinor: 1_350,
        tipsCount: 3,
        distributedMinor: 1_000,
      });
      expect(march.series).toHaveLength(31);
      expect(march.series[9]).toEqual({
        start: '2026-03-10',
        end: '2026-03-10',
        revenueMinor: 1_200,
        tipsMinor: 1_200,
        tipsCount: 2,
        distributedMinor: 0,
      });
      expect(march.series[10]).toMatchObject({
        start: '2026-03-11',
        tipsMinor: 150,
        distributedMinor: 1_000,
      });
      expect(march.byMember).toEqual(
        expect.arrayContaining([
          { userId: ana.userId, ztartag: ana.ztartag, fullName: ana.fullName, receivedMinor: 500, shares: 1 },
          {
            userId: bruno.userId,
            ztartag: bruno.ztartag,
            fullName: bruno.fullName,
            receivedMinor: 500,
            shares: 1,
          },
        ]),
      );
      expect(march.byQrCode).toEqual([
        { qrCodeId: terrace.id, title: 'Terrace', tipsMinor: 900, tipsCount: 1, scans: 2 },
        { qrCodeId: bar.id, title: 'Bar', tipsMinor: 300, tipsCount: 1, scans: 0 },
      ]);
    });

    it('groups by week or month, and counts on the person’s own days', async () => {
      const months = await insights(owner, 'from=2026-03-01&to=2026-04-30&timeZone=UTC&bucket=month');
      expect(months.series.map((step) => [step.start, step.end, step.tipsMinor])).toEqual([
        ['2026-03-01', '2026-03-31', 1_350],
        ['2026-04-01', '2026-04-30', 200],
      ]);
      const weeks = await insights(owner, 'from=2026-03-09&to=2026-03-22&timeZone=UTC&bucket=week');
      expect(weeks.series.map((step) => [step.start, step.tipsCount])).toEqual([
        ['2026-03-09', 3],
        ['2026-03-16', 0],
      ]);
      // 10 March 09:00 UTC (both tips of that morning) is still 9 March in Honolulu.
      const honolulu = await insights(owner, 'from=2026-03-09&to=2026-03-09&timeZone=Pacific/Honolulu');
      expect(honolulu.totals.tipsCount).toBe(2);
      expect(honolulu.series).toHaveLength(1);
    });

    it('refuses insights to a member (revenue is the owner’s or enterprise’s) and a period too long by day', async () => {
      const refused = await call(ana, 'GET', `/api/businesses/${business.id}/insights`);
      expect(errorOf(refused)).toMatchObject({
        status: 403,
        code: 'forbidden',
        details: { permission: 'viewRevenue' },
      });
      const tooLong = await call(
        owner,
        'GET',
        `/api/businesses/${business.id}/insights?from=2024-01-01&to=2026-03-01&bucket=day`,
      );
      expect(errorOf(tooLong)).toMatchObject({ status: 400, code: 'validation_failed' });
    });

    it('exports the period’s tips, distributions and transfers as CSV, amounts signed', async () => {
      const answer = await call(
        owner,
        'GET',
        `/api/businesses/${business.id}/exports/financials.csv?from=2026-03-01&to=2026-03-31&timeZone=UTC`,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toContain('text/csv');
      expect(answer.headers['content-disposition']).toContain('ztart-financials-2026-03-01-2026-03-31.csv');
      const lines = answer.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('date,kind,amount,currency,counterparty,qr_code,note,transaction_id');
      const rows = lines.slice(1).map((line) => line.split(','));
      expect(rows.map((row) => [row[0], row[1], row[2], row[5]])).toEqual([
        ['2026-03-10', 'tip', '9.00', 'Terrace'],
        ['2026-03-10', 'tip', '3.00', 'Bar'],
        ['2026-03-11', 'tip', '1.50', ''],
        ['2026-03-11', 'distribution', '-5.00', ''],
        ['2026-03-11', 'distribution', '-5.00', ''],
      ]);
      expect(rows.filter((row) => row[1] === 'distribution').map((row) => row[6])).toEqual([
        'Week 11',
        'Week 11',
      ]);
      const total = rows.reduce((sum, row) => sum + Math.round(Number(row[2]) * 100), 0);
      expect(total).toBe(350);
      // The business holds what the statement says it kept (and April's 2.00).
      expect(await availableOf(db(), await accountOf(business.id))).toBe(550);
    });

    it('exports the statement as a PDF in the asking person’s language', async () => {
      await db().update(profiles).set({ language: 'es' }).where(eq(profiles.id, owner.userId));
      const answer = await call(
        owner,
        'GET',
        `/api/businesses/${business.id}/exports/financials.pdf?from=2026-03-01&to=2026-03-31&timeZone=UTC`,
      );
      await db().update(profiles).set({ language: 'en' }).where(eq(profiles.id, owner.userId));
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      const text = textOfPdf(answer.rawPayload);
      expect(text).toContain('Estado financiero');
      expect(text).toContain('Café Aurora');
      expect(text).toContain('1 de marzo de 2026');
      expect(text).toContain('Reparto de propinas');
      expect(text).toContain('Propina');
      expect(text).toContain('13,50');
      expect(text).toContain('Terrace');
    });

    it('refuses exports to a member without "export financials"', async () => {
      const refused = await call(ana, 'GET', `/api/businesses/${business.id}/exports/financials.csv`);
      expect(errorOf(refused)).toMatchObject({
        status: 403,
        code: 'forbidden',
        details: { permission: 'exportFinancials' },
      });
    });
  });

  describe('QR campaigns (enterprise)', () => {
    it('counts the scans and tips of its QR code between its dates only; the business gets them all', async () => {
      await moveTo('2026-06-01T12:00:00Z');
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner, 'Aurora Group');
      const customer = await person();
      await fund(db(), customer.userId, 10_000);

      const created = await call(owner, 'POST', `/api/businesses/${business.id}/campaigns`, {
        name: 'Summer terrace',
        startsOn: '2026-06-05',
        endsOn: '2026-06-10',
        goalMinor: 2_000,
        timeZone: 'UTC',
      });
      expect(created.statusCode, created.body).toBe(201);
      const campaign = created.json<Campaign>();
      expect(campaign).toMatchObject({
        name: 'Summer terrace',
        status: 'upcoming',
        currency: 'USD',
        goalMinor: 2_000,
        scans: 0,
        tipsCount: 0,
        raisedMinor: 0,
        progressBasisPoints: 0,
        qrCode: { title: 'Summer terrace' },
      });
      const code = campaign.qrCode.code;

      // Before the first day: the tip reaches the business, not the campaign.
      await scan(code);
      expect((await walletTip(customer, business.tag, 400, code)).statusCode).toBe(201);
      await moveTo('2026-06-07T12:00:00Z', customer);
      await scan(code);
      await scan(code);
      expect((await walletTip(customer, business.tag, 500, code)).statusCode).toBe(201);
      expect((await walletTip(customer, business.tag, 1_000, code)).statusCode).toBe(201);
      await moveTo('2026-06-11T00:00:00Z', customer, owner);
      expect((await walletTip(customer, business.tag, 700, code)).statusCode).toBe(201);

      const seen = await call(owner, 'GET', `/api/businesses/${business.id}/campaigns/${campaign.id}`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json<Campaign>()).toMatchObject({
        status: 'ended',
        scans: 2,
        tipsCount: 2,
        raisedMinor: 1_500,
        progressBasisPoints: 7_500,
      });
      expect(await availableOf(db(), await accountOf(business.id))).toBe(2_600);

      // Another campaign may link one of the business's codes, but not one a campaign has.
      const table = await newQrCode(owner, business.id, 'Table 4');
      const linked = await call(owner, 'POST', `/api/businesses/${business.id}/campaigns`, {
        name: 'Table 4 week',
        startsOn: '2026-06-11',
        endsOn: '2026-06-17',
        goalMinor: 500,
        qrCodeId: table.id,
      });
      expect(linked.statusCode, linked.body).toBe(201);
      expect(linked.json<Campaign>()).toMatchObject({ status: 'active', qrCode: { id: table.id } });
      const taken = await call(owner, 'POST', `/api/businesses/${business.id}/campaigns`, {
        name: 'Again',
        startsOn: '2026-06-11',
        endsOn: '2026-06-12',
        goalMinor: 500,
        qrCodeId: campaign.qrCode.id,
      });
      expect(errorOf(taken)).toMatchObject({ status: 409, code: 'conflict' });
      const list = (
        await call(owner, 'GET', `/api/businesses/${business.id}/campaigns`)
      ).json<CampaignListResponse>();
      expect(list.items.map((item) => item.name)).toEqual(['Summer terrace', 'Table 4 week']);
    });

    it(`holds the limit of ${CAMPAIGNS_MAX_PER_BUSINESS} campaigns when several are made at once`, async () => {
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner, 'Aurora Group');
      const account = await accountOf(business.id);
      const racing = 10;
      // All but two places taken straight away: a hundred requests would only make the test slow.
      const codes = await db()
        .insert(qrCodes)
        .values(
          Array.from({ length: CAMPAIGNS_MAX_PER_BUSINESS - 2 + racing }, (_, n) => ({
            userId: account,
            code: `Cmp${randomUUID().slice(0, 8)}${n}`,
            title: `Table ${n}`,
            kind: 'tip_link',
            currency: 'USD',
            emv: { profile: 'none' },
            dynamic: DEFAULT_DYNAMIC_QR,
          })),
        )
        .returning({ id: qrCodes.id });
      const dates = { startsOn: '2027-01-01', endsOn: '2027-01-31', timeZone: 'UTC' };
      await db()
        .insert(businessCampaigns)
        .values(
          codes.slice(0, CAMPAIGNS_MAX_PER_BUSINESS - 2).map((code, n) => ({
            businessId: business.id,
            name: `Kept ${n}`,
            ...dates,
            goalMinor: 1_000,
            currency: 'USD',
            qrCodeId: code.id,
            createdBy: owner.userId,
          })),
        );
      const answers = await Promise.all(
        codes.slice(CAMPAIGNS_MAX_PER_BUSINESS - 2).map((code, n) =>
          call(owner, 'POST', `/api/businesses/${business.id}/campaigns`, {
            name: `Racing ${n}`,
            ...dates,
            goalMinor: 1_000,
            qrCodeId: code.id,
          }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
      for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
        expect(errorOf(refused)).toMatchObject({
          status: 422,
          code: 'limit_exceeded',
          details: { limit: 'campaigns', max: CAMPAIGNS_MAX_PER_BUSINESS },
        });
      }
      const [stored] = await db()
        .select({ n: count() })
        .from(businessCampaigns)
        .where(eq(businessCampaigns.businessId, business.id));
      expect(stored?.n).toBe(CAMPAIGNS_MAX_PER_BUSINESS);
    });

    it('refuses bad dates and goals, someone else’s code, and campaigns to a business plan', async () => {
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner, 'Aurora Group');
      const otherOwner = await personAt('enterprise');
      const other = await createBusiness(otherOwner, 'Elsewhere');
      const base = { name: 'Winter', startsOn: '2026-12-01', endsOn: '2026-12-31', goalMinor: 1_000 };
      for (const body of [
        { ...base, endsOn: '2026-11-30' },
        { ...base, goalMinor: 0 },
        { ...base, name: '' },
      ]) {
        const refused = await call(owner, 'POST', `/api/businesses/${business.id}/campaigns`, body);
        expect(errorOf(refused)).toMatchObject({ status: 400, code: 'validation_failed' });
      }
      const theirs = await newQrCode(otherOwner, other.id, 'Theirs');
      const foreign = await call(owner, 'POST', `/api/businesses/${business.id}/campaigns`, {
        ...base,
        qrCodeId: theirs.id,
      });
      expect(errorOf(foreign)).toMatchObject({ status: 404, code: 'not_found' });

      const cafeOwner = await personAt('business');
      const cafe = await createBusiness(cafeOwner);
      const small = await call(cafeOwner, 'POST', `/api/businesses/${cafe.id}/campaigns`, base);
      expect(errorOf(small)).toMatchObject({ status: 403, details: { permission: 'manageCampaigns' } });
    });
  });

  describe('QR code images for the team', () => {
    it('lets every business user view and download the business’s QR code images; others get 403', async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner);
      const member = await person();
      await joinBusiness(owner, business.id, member);
      const outsider = await person();
      const qr = await newQrCode(owner, business.id, 'Window');

      for (const who of [owner, member]) {
        const png = await call(
          who,
          'GET',
          `/api/businesses/${business.id}/qr-codes/${qr.id}/image.png?size=256`,
        );
        expect(png.statusCode, png.body).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
        const svg = await call(
          who,
          'GET',
          `/api/businesses/${business.id}/qr-codes/${qr.id}/image.svg?download=1`,
        );
        expect(svg.statusCode, svg.body).toBe(200);
        expect(svg.headers['content-disposition']).toContain('attachment');
        expect(svg.body).toContain('Café Aurora');
      }
      const refused = await call(
        outsider,
        'GET',
        `/api/businesses/${business.id}/qr-codes/${qr.id}/image.png`,
      );
      expect(errorOf(refused)).toMatchObject({ status: 403, details: { permission: 'manageQrCodes' } });
      // A code of another business is not this one's.
      const elsewhere = await createBusiness(await personAt('business'), 'Elsewhere');
      const foreign = await call(owner, 'GET', `/api/businesses/${elsewhere.id}/qr-codes/${qr.id}/image.png`);
      expect(foreign.statusCode).toBe(403);
      const mixed = await call(
        owner,
        'GET',
        `/api/businesses/${business.id}/qr-codes/${randomUUID()}/image.png`,
      );
      expect(errorOf(mixed)).toMatchObject({ status: 404, code: 'not_found' });
    });
  });

  describe('the minimum tip policy', () => {
    it('refuses card and wallet tips below the business’s minimum with the minimum, moving nothing', async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner);
      // Above the quick-tip maximum it would refuse every card tip.
      const tooHigh = await call(owner, 'PATCH', `/api/businesses/${business.id}`, {
        minimumTipMinor: AMOUNT_LIMITS.quickTipMaxMinor + 1,
      });
      expect(errorOf(tooHigh)).toMatchObject({ status: 400, code: 'validation_failed' });
      const set = await call(owner, 'PATCH', `/api/businesses/${business.id}`, { minimumTipMinor: 500 });
      expect(set.statusCode, set.body).toBe(200);
      const customer = await person();
      await fund(db(), customer.userId, 2_000);
      const account = await accountOf(business.id);

      const page = (
        await testApp.app.inject({ method: 'GET', url: `/api/public/profiles/${business.tag}` })
      ).json<QuickTipProfile>();
      expect(page.minMinor).toBe(500);
      expect(page.presetsMinor.every((preset) => preset >= 500)).toBe(true);
      expect(page.business?.minimumTipMinor).toBe(500);

      const card = await postTip(testApp.app, { receiver: business.tag, amountMinor: 300 });
      expect(errorOf(card)).toMatchObject({
        status: 422,
        code: 'limit_exceeded',
        details: { limit: 'businessMinimumTip', limitMinor: 500 },
      });
      const wallet = await walletTip(customer, business.tag, 499);
      expect(errorOf(wallet)).toMatchObject({
        status: 422,
        code: 'limit_exceeded',
        details: { limit: 'businessMinimumTip', limitMinor: 500 },
      });
      expect(await availableOf(db(), customer.userId)).toBe(2_000);
      expect(await availableOf(db(), account)).toBe(0);

      expect((await walletTip(customer, business.tag, 500)).statusCode).toBe(201);
      expect(await availableOf(db(), account)).toBe(500);
      // A person's own tag has no such minimum.
      const someone = await person();
      expect((await walletTip(customer, someone.ztartag, 300)).statusCode).toBe(201);
    });

    it('holds a tip in another currency to the minimum converted at the reference rates, rounded up', async () => {
      const owner = await personAt('business');
      const created = await call(owner, 'POST', '/api/businesses', {
        name: 'Bistro Lumière',
        tag: uniqueZtartag('biz'),
        currency: 'EUR',
      });
      expect(created.statusCode, created.body).toBe(201);
      const business = created.json<Business>();
      const set = await call(owner, 'PATCH', `/api/businesses/${business.id}`, { minimumTipMinor: 500 });
      expect(set.statusCode, set.body).toBe(200);
      const account = await accountOf(business.id);
      const customer = await person();
      await fund(db(), customer.userId, 2_000);

      // 5.00 EUR is 5.40 USD at the reference rates: 5.39 USD is refused, by card or from the wallet.
      const card = await postTip(testApp.app, { receiver: business.tag, amountMinor: 539, currency: 'USD' });
      expect(errorOf(card)).toMatchObject({
        status: 422,
        code: 'limit_exceeded',
        details: { limit: 'businessMinimumTip', limitMinor: 540 },
      });
      const wallet = await walletTip(customer, business.tag, 539);
      expect(errorOf(wallet)).toMatchObject({
        status: 422,
        code: 'limit_exceeded',
        details: { limit: 'businessMinimumTip', limitMinor: 540 },
      });
      expect(await availableOf(db(), customer.userId)).toBe(2_000);
      expect(await availableOf(db(), account, 'USD')).toBe(0);

      expect((await walletTip(customer, business.tag, 540)).statusCode).toBe(201);
      const above = await postTip(testApp.app, { receiver: business.tag, amountMinor: 600, currency: 'USD' });
      expect(above.statusCode, above.body).toBe(201);
      expect(await availableOf(db(), account, 'USD')).toBe(540);
    });
  });

  describe('a business that is not open', () => {
    it('takes no tips once suspended or once its owner’s plan is below business, moving nothing', async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner);
      const account = await accountOf(business.id);
      const customer = await person();
      await fund(db(), customer.userId, 2_000);
      expect((await walletTip(customer, business.tag, 500)).statusCode).toBe(201);
      const transfersBefore = await ledgerTransferCount(db());

      await db().update(businesses).set({ status: 'suspended' }).where(eq(businesses.id, business.id));
      const unknown = { status: 404, code: 'recipient_user_not_found' };
      expect(errorOf(await postTip(testApp.app, { receiver: business.tag, amountMinor: 500 }))).toMatchObject(
        unknown,
      );
      expect(errorOf(await walletTip(customer, business.tag, 500))).toMatchObject(unknown);
      expect(await ledgerTransferCount(db())).toBe(transfersBefore);
      expect(await availableOf(db(), customer.userId)).toBe(1_500);
      expect(await availableOf(db(), account)).toBe(500);

      // Active again, but the owner is no longer on a business plan.
      await db().update(businesses).set({ status: 'active' }).where(eq(businesses.id, business.id));
      await db().update(profiles).set({ userLevel: 'freemium' }).where(eq(profiles.id, owner.userId));
      expect(errorOf(await postTip(testApp.app, { receiver: business.tag, amountMinor: 500 }))).toMatchObject(
        unknown,
      );
      expect(errorOf(await walletTip(customer, business.tag, 500))).toMatchObject(unknown);
      expect(await ledgerTransferCount(db())).toBe(transfersBefore);

      await db().update(profiles).set({ userLevel: 'business' }).where(eq(profiles.id, owner.userId));
      expect((await postTip(testApp.app, { receiver: business.tag, amountMinor: 500 })).statusCode).toBe(201);
    });
  });
});
