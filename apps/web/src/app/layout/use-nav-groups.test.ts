import { describe, expect, it } from 'vitest';
import { findNavItem } from '@/app/layout/navigation';
import { navItemFor } from '@/app/layout/use-nav-groups';
import { SIGNED_OUT_AUTH } from '@/lib/auth/auth-context';
import { demoUser, signedIn } from '@/test/render';

describe('"Quick tip" in the navigation', () => {
  const quickTip = findNavItem('quickTip');

  it('opens inside the app, with the recipient picker, for a signed-in person', () => {
    expect(navItemFor(quickTip, signedIn())).toMatchObject({
      path: '/quick-tip/send',
      reloadDocument: false,
    });
  });

  it('loads the light quick-tip page for a visitor and in the demo', () => {
    expect(navItemFor(quickTip, SIGNED_OUT_AUTH)).toMatchObject({ path: '/quick-tip', reloadDocument: true });
    expect(navItemFor(quickTip, demoUser())).toMatchObject({ path: '/quick-tip', reloadDocument: true });
  });
});
