import { describe, expect, it } from 'vitest';
import { codeForStatus, ERROR_CODES, errorMessageKey, httpStatusOf } from './error-catalogue.ts';

describe('the error catalogue', () => {
  it('reads an answer without our error shape by its status, as the catalogue states it', () => {
    expect(codeForStatus(401)).toBe('unauthorized');
    expect(codeForStatus(403)).toBe('forbidden');
    expect(codeForStatus(404)).toBe('not_found');
    expect(codeForStatus(429)).toBe('rate_limited');
    expect(codeForStatus(503)).toBe('service_unavailable');
    expect(codeForStatus(418)).toBe('bad_request');
    expect(codeForStatus(502)).toBe('internal_error');
    for (const status of [400, 401, 403, 404, 405, 409, 413, 415, 429, 500, 503]) {
      expect(ERROR_CODES[codeForStatus(status)]).toBe(status);
    }
  });

  it('answers a code only the web raises with 500, and translates every code under errors:', () => {
    expect(httpStatusOf('network_error')).toBe(500);
    expect(httpStatusOf('recipient_not_found')).toBe(404);
    expect(errorMessageKey('recipient_not_found')).toBe('errors:recipient_not_found');
  });
});
