import { describe, expect, it } from 'vitest';
import { buttonSnippetOf, iframeSnippetOf, tipLinkOf, widgetUrlOf } from '@/features/tips/quick-tip-link';

const ORIGIN = 'https://ztart.example';

describe('tip links and the widget', () => {
  it('link to the quick-tip page of the ztartag; the widget asks for its compact, frameable form', () => {
    expect(tipLinkOf('ana_1', ORIGIN)).toBe('https://ztart.example/quick-tip?to=ana_1');
    expect(widgetUrlOf('ana_1', ORIGIN)).toBe('https://ztart.example/quick-tip?to=ana_1&embed=1');
  });

  it('make snippets whose translated words cannot break out of the HTML', () => {
    const iframe = iframeSnippetOf('ana_1', 'Tip "Ana" <script>', ORIGIN);
    expect(iframe).toBe(
      '<iframe src="https://ztart.example/quick-tip?to=ana_1&amp;embed=1" title="Tip &quot;Ana&quot; &lt;script&gt;" width="380" height="720" style="border:0;max-width:100%" loading="lazy"></iframe>',
    );
    const button = buttonSnippetOf('ana_1', 'Tip me <b>now</b> & thanks', ORIGIN);
    expect(button).toMatch(
      /^<a href="https:\/\/ztart\.example\/quick-tip\?to=ana_1" target="_blank" rel="noopener" /,
    );
    expect(button).toContain('>Tip me &lt;b&gt;now&lt;/b&gt; &amp; thanks</a>');
  });
});
