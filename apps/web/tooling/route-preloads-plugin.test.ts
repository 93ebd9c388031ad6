import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ChunkInfo, routePreloadsOf, routeSourcesOf } from './route-preloads-plugin.ts';

const routerSource = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/app/router.tsx'),
  'utf8',
);

describe('the screens the build preloads', () => {
  it("finds every screen of the router's table, with its layout and whether it needs sign-in", () => {
    const found = routeSourcesOf(routerSource);

    // Every screen the router imports is found, but the signed-in quick tip, whose path is a
    // constant (it preloads nothing beyond the entry's then).
    const screenImports = [...routerSource.matchAll(/import\('@\/features\/[^']+'\)/g)];
    expect(found).toHaveLength(screenImports.length - 1);
    expect(new Set(found.map((route) => route.path)).size).toBe(found.length);
    expect(found).toContainEqual({
      path: '/wallet',
      layout: 'app',
      requiresSignIn: true,
      module: '@/features/wallet/pages/wallet-page',
    });
    expect(found).toContainEqual({
      path: '/auth',
      layout: 'public',
      requiresSignIn: false,
      module: '@/features/auth/pages/auth-page',
    });
    expect(found.find((route) => route.path === '/qr/:code')?.layout).toBe('public');
  });

  it("lists a screen's chunks after what they import, without those the entry already loads", () => {
    const chunks: ChunkInfo[] = [
      {
        fileName: 'assets/main.js',
        moduleIds: ['/src/main.tsx'],
        imports: ['assets/react.js'],
        css: ['assets/main.css'],
      },
      { fileName: 'assets/react.js', moduleIds: ['/nm/react'], imports: [], css: [] },
      {
        fileName: 'assets/app-layout.js',
        moduleIds: ['/src/app/layout/app-layout.tsx'],
        imports: ['assets/react.js'],
        css: [],
      },
      {
        fileName: 'assets/guard.js',
        moduleIds: ['/src/app/guards/require-access.tsx'],
        imports: [],
        css: [],
      },
      {
        fileName: 'assets/list.js',
        moduleIds: ['/src/components/list.tsx'],
        imports: ['assets/react.js'],
        css: ['assets/list.css', 'assets/main.css'],
      },
      {
        fileName: 'assets/wallet-page.js',
        moduleIds: ['/src/features/wallet-page.tsx'],
        imports: ['assets/list.js', 'assets/react.js'],
        css: [],
      },
      { fileName: 'assets/user-menu.js', moduleIds: ['/src/app/layout/user-menu.tsx'], imports: [], css: [] },
      // The session's contract loads after the first screen (with zod): never preloaded.
      { fileName: 'assets/session.js', moduleIds: ['/shared/contracts/auth.ts'], imports: [], css: [] },
    ];
    const files: Record<string, string> = {
      '@/app/layout/app-layout': '/src/app/layout/app-layout.tsx',
      '@/app/guards/require-access': '/src/app/guards/require-access.tsx',
      '@/features/wallet-page': '/src/features/wallet-page.tsx',
      '@/app/layout/user-menu': '/src/app/layout/user-menu.tsx',
      '@ztart/shared/contracts/auth': '/shared/contracts/auth.ts',
    };

    const [wallet] = routePreloadsOf(
      [{ path: '/wallet', layout: 'app', requiresSignIn: true, module: '@/features/wallet-page' }],
      chunks,
      (module) => files[module] ?? null,
      '/src/main.tsx',
    );

    expect(wallet).toEqual({
      path: '/wallet',
      modules: ['/assets/app-layout.js', '/assets/guard.js', '/assets/list.js', '/assets/wallet-page.js'],
      signedInModules: ['/assets/user-menu.js'],
      styles: ['/assets/list.css'],
    });
  });
});
