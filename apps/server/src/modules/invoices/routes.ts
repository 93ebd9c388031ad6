import { normalizeCardNumber } from '@ztart/shared/cards';
import {
  createInvoiceRequestSchema,
  type InvoicePaymentRequest,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceParamsSchema,
  invoicePaymentRequestSchema,
  invoicePaymentResponseSchema,
  invoicePdfParamsSchema,
  invoiceSchema,
  publicInvoiceParamsSchema,
  publicInvoiceSchema,
  updateInvoiceRequestSchema,
} from '@ztart/shared/contracts/invoices';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { countedOnce, createRateLimitCheck, hashedKey } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { sendMoneyAnswer } from '../idempotency/money-request.ts';
import { findPerson } from '../profiles/people.ts';
import { languageOf } from '../profiles/service.ts';
import { payInvoice, publicInvoiceOf } from './payments.ts';
import { renderInvoicePdf } from './pdf.ts';
import {
  createInvoice,
  findOwnInvoice,
  getInvoice,
  invoiceView,
  issuerLabelOf,
  listInvoices,
  sendInvoice,
  updateInvoice,
  voidInvoice,
} from './service.ts';

/** The card payment of a request (after validation), or undefined: the card limits count card payments only. */
function cardPaymentOf(request: FastifyRequest): InvoicePaymentRequest | undefined {
  const body = request.body as InvoicePaymentRequest | undefined;
  return body?.source === 'card' ? body : undefined;
}

/** Invoices (decision 0038): the issuer's invoices, their PDF, and the public page and payments. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { rateLimits } = context;
  const writeLimit = createRateLimitCheck(app, 'invoice-write', rateLimits.invoiceWritePerUser, (request) =>
    request.auth.status === 'signed-in' ? request.auth.user.id : undefined,
  );
  const publicReadLimit = createRateLimitCheck(
    app,
    'invoice-public',
    rateLimits.invoicePublicPerIp,
    (request) => request.ip,
  );
  const pdfLimit = createRateLimitCheck(app, 'invoice-pdf', rateLimits.invoicePdfPerUser, (request) =>
    request.auth.status === 'signed-in' ? request.auth.user.id : undefined,
  );
  const perIpLimit = createRateLimitCheck(
    app,
    'invoice-card-ip',
    rateLimits.invoiceCardPayPerIp,
    (request) => (cardPaymentOf(request) ? request.ip : undefined),
  );
  const perCardLimit = createRateLimitCheck(
    app,
    'invoice-card',
    rateLimits.invoiceCardPayPerCard,
    (request) => {
      const card = cardPaymentOf(request)?.card;
      return card ? hashedKey('card', normalizeCardNumber(card.number)) : undefined;
    },
  );

  app.get(
    '/api/invoices',
    {
      schema: {
        summary: "The person's invoices, newest number first, with what customers still owe per currency",
        tags: ['invoices'],
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return listInvoices(context, user.id, request.query);
    },
  );

  app.post(
    '/api/invoices',
    {
      schema: {
        summary: 'Creates a draft invoice with the next number of the year (INV-2026-0001)',
        tags: ['invoices'],
        body: createInvoiceRequestSchema,
        response: { 201: invoiceSchema, ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await writeLimit(request, reply);
      return reply.status(201).send(await createInvoice(context, request, user.id, request.body));
    },
  );

  app.get(
    '/api/invoices/:id.pdf',
    {
      schema: {
        summary: 'The invoice as a PDF, in the issuer’s language',
        tags: ['invoices'],
        params: invoicePdfParamsSchema,
        response: {
          200: {
            description: 'The PDF',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await pdfLimit(request, reply);
      const row = await findOwnInvoice(context.db, user.id, request.params.id);
      const invoice = await invoiceView(context, row);
      const pdf = await renderInvoicePdf({
        invoice,
        issuer: issuerLabelOf(await findPerson(context.db, user.id)),
        language: await languageOf(context.db, user.id),
      });
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${invoice.number}.pdf"`)
          .header('cache-control', 'private, no-store')
          // The schema names the body a binary string; Fastify sends a Buffer as it is.
          .send(pdf as unknown as string)
      );
    },
  );

  app.get(
    '/api/invoices/:id',
    {
      schema: {
        summary: 'One of the person’s invoices',
        tags: ['invoices'],
        params: invoiceParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return getInvoice(context, user.id, request.params.id);
    },
  );

  app.patch(
    '/api/invoices/:id',
    {
      schema: {
        summary:
          'Changes a draft invoice (409 `invoice_not_editable` once sent); `lines` replaces every line',
        tags: ['invoices'],
        params: invoiceParamsSchema,
        body: updateInvoiceRequestSchema,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await writeLimit(request, reply);
      return updateInvoice(context, request, user.id, request.params.id, request.body);
    },
  );

  app.post(
    '/api/invoices/:id/send',
    {
      schema: {
        summary:
          'Sends a draft: the customer gets the pay link by mail (409 `invoice_not_editable` otherwise)',
        tags: ['invoices'],
        params: invoiceParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await writeLimit(request, reply);
      return sendInvoice(context, request, user.id, request.params.id);
    },
  );

  app.post(
    '/api/invoices/:id/void',
    {
      schema: {
        summary: 'Voids a draft, sent or overdue invoice (409 `invoice_not_voidable` when paid or void)',
        tags: ['invoices'],
        params: invoiceParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await writeLimit(request, reply);
      return voidInvoice(context, request, user.id, request.params.id);
    },
  );

  app.get(
    '/api/public/invoices/:code',
    {
      schema: {
        summary: 'An invoice by its pay link (no sign-in): what the payer needs to see and pay it',
        tags: ['invoices'],
        params: publicInvoiceParamsSchema,
        response: { 200: publicInvoiceSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await publicReadLimit(request, reply);
      return publicInvoiceOf(context, request.params.code);
    },
  );

  app.post(
    '/api/public/invoices/:code/payments',
    {
      schema: {
        summary:
          'Pays an invoice by card (no account needed; pending until settled) or, signed in, from the wallet (Idempotency-Key header required)',
        tags: ['invoices'],
        params: publicInvoiceParamsSchema,
        body: invoicePaymentRequestSchema,
        response: {
          201: invoicePaymentResponseSchema,
          ...errorResponses(400, 401, 402, 403, 404, 409, 422, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const { auth } = request;
      const signedIn =
        request.body.source === 'wallet'
          ? requireSignIn(request, reply, context)
          : auth.status === 'signed-in'
            ? auth
            : null;
      const answer = await payInvoice(context, request, request.params.code, request.body, {
        signedIn,
        checkCardLimits: countedOnce(async () => {
          await perIpLimit(request, reply);
          await perCardLimit(request, reply);
        }),
      });
      return sendMoneyAnswer(reply, answer);
    },
  );
};
