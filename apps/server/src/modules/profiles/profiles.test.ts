import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../../db/seed-people.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const maria = DEMO_PEOPLE.find((person) => person.ztartag === 'maria_waits')!;

describe('public profile behind a ztartag', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ seed: true });
  });
  afterAll(() => testApp.close());

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('shows a tipper whom they are about to tip: tag, name and photo', async () => {
    const answer = await get('/api/public/profiles/maria_waits');

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ztartag: 'maria_waits', fullName: maria.fullName, avatarUrl: null });
  });

  it('finds the tag however the tipper capitalised it', async () => {
    const answer = await get('/api/public/profiles/Maria_WAITS');

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ ztartag: 'maria_waits' });
  });

  it('never reveals private fields such as email, phone or bio', async () => {
    const body = (await get('/api/public/profiles/maria_waits')).body;

    expect(Object.keys(JSON.parse(body)).sort()).toEqual(['avatarUrl', 'fullName', 'ztartag']);
    expect(body).not.toContain(maria.email);
    expect(body).not.toContain(maria.id);
    expect(body).not.toContain('Lisbon');
  });

  it('answers 404 not_found for a tag nobody has', async () => {
    const answer = await get('/api/public/profiles/nobody_here');

    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  it('refuses something that cannot be a tag with validation_failed and the translation key', async () => {
    const answer = await get('/api/public/profiles/no!');

    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Some fields are not valid.',
        details: {
          source: 'params',
          issues: [{ path: 'ztartag', code: 'invalid_format', message: 'validation.ztartag' }],
        },
      },
    });
  });
});
