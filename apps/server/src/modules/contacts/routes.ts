import {
  contactGroupListResponseSchema,
  contactGroupRequestSchema,
  contactGroupSchema,
  contactImportResponseSchema,
  contactListResponseSchema,
  contactLookupQuerySchema,
  contactLookupResponseSchema,
  contactParamsSchema,
  contactQuerySchema,
  contactSchema,
  createContactRequestSchema,
  publicProfilePath,
  updateContactGroupRequestSchema,
  updateContactRequestSchema,
  VCARD_IMPORT_MAX_BYTES,
} from '@ztart/shared/contracts/contacts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { AppError } from '../../http/errors.ts';
import { createRateLimitCheck } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { qrPng } from '../qr-codes/images.ts';
import { requireZtartag } from '../qr-codes/service.ts';
import { importVCards } from './import.ts';
import {
  allContacts,
  createContact,
  createGroup,
  deleteContact,
  deleteGroup,
  getContact,
  listContacts,
  listGroups,
  lookupPerson,
  updateContact,
  updateGroup,
} from './service.ts';
import { formatVCards } from './vcard.ts';

const VCARD_CONTENT_TYPES = ['text/vcard', 'text/x-vcard'];

const contactQrQuerySchema = z.object({ size: z.coerce.number().int().min(128).max(2048).default(512) });

/** `POST /api/contacts/import`: in its own plugin, as its body is the .vcf file's text. */
const contactImportRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(VCARD_CONTENT_TYPES, { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/contacts/import',
    {
      bodyLimit: VCARD_IMPORT_MAX_BYTES,
      onRequest: async (request, reply) => {
        requireSignIn(request, reply, context);
      },
      schema: {
        summary: 'Imports a .vcf file (the body, text/vcard): new people are added, known ones merged',
        description:
          'A card is the same contact as an existing one by, in order: the linked account (X-ZTARTAG), ' +
          'the email, the phone, the name. Merging fills only empty fields. Cards without a name are skipped.',
        tags: ['contacts'],
        response: { 200: contactImportResponseSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      if (typeof request.body !== 'string' || request.body.trim() === '') throw new AppError('bad_request');
      return importVCards(context.db, user.id, request.body);
    },
  );
};

export const contactRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context;
  // Every look-up counts, tags too: exact answers one by one, never a way to list people.
  const lookupLimit = createRateLimitCheck(
    app,
    'contact-lookup',
    context.rateLimits.contactLookupPerUser,
    (request) => (request.auth.status === 'signed-in' ? request.auth.user.id : undefined),
  );

  app.get(
    '/api/contacts',
    {
      schema: {
        summary: "The person's contacts, newest first, filtered",
        tags: ['contacts'],
        querystring: contactQuerySchema,
        response: { 200: contactListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return listContacts(db, user.id, request.query);
    },
  );

  app.post(
    '/api/contacts',
    {
      schema: {
        summary: 'Adds a contact; with a ztartag it is linked to that account',
        tags: ['contacts'],
        body: createContactRequestSchema,
        response: { 201: contactSchema, ...errorResponses(400, 401, 404, 409, 500) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return reply.status(201).send(await createContact(db, user.id, request.body));
    },
  );

  app.get(
    '/api/contacts/lookup',
    {
      preHandler: lookupLimit,
      schema: {
        summary: 'The app user an exact ztartag, email or phone names (rate limited), or null',
        tags: ['contacts'],
        querystring: contactLookupQuerySchema,
        response: { 200: contactLookupResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return { person: await lookupPerson(db, user.id, request.query.q) };
    },
  );

  app.get(
    '/api/contacts/export.vcf',
    {
      schema: {
        summary: 'Every contact as a vCard 3.0 file',
        tags: ['contacts'],
        response: { 200: z.unknown().describe('text/vcard'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const [items, groups] = await Promise.all([allContacts(db, user.id), listGroups(db, user.id)]);
      const text = formatVCards(items, new Map(groups.map((group) => [group.id, group.name])));
      return reply
        .type('text/vcard; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ztart-contacts.vcf"')
        .header('cache-control', 'private, no-store')
        .send(text);
    },
  );

  app.get(
    '/api/contacts/:id',
    {
      schema: {
        summary: 'One of the person’s contacts',
        tags: ['contacts'],
        params: contactParamsSchema,
        response: { 200: contactSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return getContact(db, user.id, request.params.id);
    },
  );

  app.patch(
    '/api/contacts/:id',
    {
      schema: {
        summary: 'Changes the fields sent (favourite, blocked, group ...)',
        tags: ['contacts'],
        params: contactParamsSchema,
        body: updateContactRequestSchema,
        response: { 200: contactSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return updateContact(db, user.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/contacts/:id',
    {
      schema: {
        summary: 'Deletes the contact (and with it any block it held)',
        tags: ['contacts'],
        params: contactParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await deleteContact(db, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/contact-groups',
    {
      schema: {
        summary: "The person's contact groups, by name",
        tags: ['contacts'],
        response: { 200: contactGroupListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return { items: await listGroups(db, user.id) };
    },
  );

  app.post(
    '/api/contact-groups',
    {
      schema: {
        summary: 'Creates a contact group',
        tags: ['contacts'],
        body: contactGroupRequestSchema,
        response: { 201: contactGroupSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return reply.status(201).send(await createGroup(db, user.id, request.body));
    },
  );

  app.patch(
    '/api/contact-groups/:id',
    {
      schema: {
        summary: 'Renames or describes a contact group',
        tags: ['contacts'],
        params: contactParamsSchema,
        body: updateContactGroupRequestSchema,
        response: { 200: contactGroupSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return updateGroup(db, user.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/contact-groups/:id',
    {
      schema: {
        summary: 'Deletes a contact group; its contacts stay, in no group',
        tags: ['contacts'],
        params: contactParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await deleteGroup(db, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me/contact-qr.png',
    {
      schema: {
        summary: "My contact QR: a PNG of the person's public profile link <origin>/@<ztartag>",
        tags: ['contacts'],
        querystring: contactQrQuerySchema,
        response: {
          200: {
            description: 'The QR code as PNG',
            content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses(400, 401, 409),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const ztartag = await requireZtartag(db, user.id);
      const png = await qrPng(`${context.config.appUrl}${publicProfilePath(ztartag)}`, request.query.size);
      reply.type('image/png').header('cache-control', 'private, no-cache');
      return reply.send(png as unknown as string);
    },
  );

  await app.register(contactImportRoutes, { context });
};
