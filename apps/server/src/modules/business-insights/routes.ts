import { localDate } from '@ztart/shared/contracts/analytics';
import {
  type BusinessPeriodQuery,
  businessInsightsSchema,
  businessPeriodQuerySchema,
  campaignListResponseSchema,
  campaignParamsSchema,
  campaignSchema,
  createCampaignRequestSchema,
} from '@ztart/shared/contracts/business-insights';
import { type BusinessRoute, businessParamsSchema } from '@ztart/shared/contracts/businesses';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { requireBusinessPermission } from '../businesses/access.ts';
import { languageOf, timeZoneOf } from '../profiles/service.ts';
import { createCampaign, getCampaign, listCampaigns } from './campaigns.ts';
import { financialEntries, financialsCsv, financialsFileName, renderFinancialsPdf } from './exports.ts';
import { type BusinessPeriod, businessInsights, businessPeriodOf } from './insights.ts';

const TAGS = ['businesses'];

/**
 * A business's figures, financial exports and QR campaigns (decision 0048). A module of its own,
 * as it reads the tips and transactions of the business's account (tips already ask businesses for
 * a receiver's branding). Every route passes the businesses module's one guard with the permission
 * BUSINESS_ROUTE_PERMISSIONS names for it.
 */
export const businessInsightRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const { db } = context;

  const guard = (request: FastifyRequest<{ Params: { id: string } }>, route: BusinessRoute, userId: string) =>
    requireBusinessPermission(db, route, request.params.id, userId, context.now());
  const periodFor = async (userId: string, query: BusinessPeriodQuery): Promise<BusinessPeriod> =>
    businessPeriodOf({ ...query, timeZone: query.timeZone ?? (await timeZoneOf(db, userId)) }, context.now());

  app.get(
    '/api/businesses/:id/insights',
    {
      schema: {
        summary: 'Revenue and tips over time, per member and per QR code, for one period',
        description:
          'Days, weeks or months of the period (`bucket`), in the business’s currency. `byMember` is null without `viewTeamAnalytics`.',
        tags: TAGS,
        params: businessParamsSchema,
        querystring: businessPeriodQuerySchema,
        response: { 200: businessInsightsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'GET /api/businesses/:id/insights', user.id);
      return businessInsights(db, access, await periodFor(user.id, request.query));
    },
  );

  app.get(
    '/api/businesses/:id/exports/financials.csv',
    {
      schema: {
        summary: 'The business’s tips, distributions and transfers of a period as CSV (RFC 4180, UTF-8)',
        tags: TAGS,
        params: businessParamsSchema,
        querystring: businessPeriodQuerySchema,
        response: {
          200: z.unknown().describe('text/csv, the header line first'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'GET /api/businesses/:id/exports/financials.csv', user.id);
      const period = await periodFor(user.id, request.query);
      const entries = await financialEntries(db, access.business, period);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${financialsFileName(period, 'csv')}"`)
        .header('cache-control', 'no-store')
        .send(financialsCsv(entries));
    },
  );

  app.get(
    '/api/businesses/:id/exports/financials.pdf',
    {
      schema: {
        summary: 'The same statement as a PDF, in the asking person’s language',
        tags: TAGS,
        params: businessParamsSchema,
        querystring: businessPeriodQuerySchema,
        response: {
          200: {
            description: 'The statement as PDF',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'GET /api/businesses/:id/exports/financials.pdf', user.id);
      const period = await periodFor(user.id, request.query);
      const entries = await financialEntries(db, access.business, period);
      const pdf = await renderFinancialsPdf({
        business: access.business,
        period,
        entries,
        language: await languageOf(db, user.id),
        today: localDate(context.now(), period.timeZone),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${financialsFileName(period, 'pdf')}"`)
        .header('cache-control', 'no-store')
        .send(pdf as unknown as string);
    },
  );

  app.get(
    '/api/businesses/:id/campaigns',
    {
      schema: {
        summary: 'The business’s QR campaigns with their scans, tips and progress (enterprise)',
        tags: TAGS,
        params: businessParamsSchema,
        response: { 200: campaignListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'GET /api/businesses/:id/campaigns', user.id);
      return { items: await listCampaigns(context, access) };
    },
  );

  app.post(
    '/api/businesses/:id/campaigns',
    {
      schema: {
        summary: 'Creates a QR campaign: dates, a goal and its own QR code or one of the business’s',
        description:
          'Without `qrCodeId` a new QR code of the business is made for it (past the plan’s limit → 422 `limit_exceeded`); a code another campaign has → 409 `conflict`.',
        tags: TAGS,
        params: businessParamsSchema,
        body: createCampaignRequestSchema,
        response: { 201: campaignSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'POST /api/businesses/:id/campaigns', user.id);
      return reply.status(201).send(await createCampaign(context, access, user.id, request.body));
    },
  );

  app.get(
    '/api/businesses/:id/campaigns/:campaignId',
    {
      schema: {
        summary: 'One QR campaign with its scans, tips and progress',
        tags: TAGS,
        params: campaignParamsSchema,
        response: { 200: campaignSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'GET /api/businesses/:id/campaigns/:campaignId', user.id);
      return getCampaign(context, access, request.params.campaignId);
    },
  );
};
