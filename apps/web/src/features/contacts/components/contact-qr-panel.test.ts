import { describe, expect, it } from 'vitest';
import { contactQrTag } from '@/features/contacts/components/contact-qr-panel';

describe('a scanned contact QR', () => {
  const origin = 'https://ztart.example';

  it('names the ztartag of our public profile link', () => {
    expect(contactQrTag(`${origin}/@Leo_Guitar`, origin)).toBe('leo_guitar');
    expect(contactQrTag(` ${origin}/@leo_guitar/ `, origin)).toBe('leo_guitar');
  });

  it('is not valid for another site, another page of ours, or text', () => {
    expect(contactQrTag('https://elsewhere.example/@leo_guitar', origin)).toBeNull();
    expect(contactQrTag(`${origin}/quick-tip?to=leo_guitar`, origin)).toBeNull();
    expect(contactQrTag(`${origin}/@no`, origin)).toBeNull();
    expect(contactQrTag(`${origin}/@leo_guitar/photos`, origin)).toBeNull();
    expect(contactQrTag('leo_guitar', origin)).toBeNull();
    expect(contactQrTag('', origin)).toBeNull();
  });
});
