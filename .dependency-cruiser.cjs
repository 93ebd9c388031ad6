const path = require('node:path');

/**
 * Module boundaries, checked by `npm run lint` (docs/decisions/0017-module-boundaries.md).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: modules that need each other cannot be understood, tested or moved apart.',
      from: { path: '^(apps/(server|web)/src|packages/shared/src)/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'Server folders (each module, integration, db/, http/, lib/, test/ ...) need each other in a circle. ' +
        'Move what both need to the lower one or to lib/, or let the lower one offer an interface the higher one fills.',
      scope: 'folder',
      from: { path: '^apps/server/src/.+' },
      to: { path: '^apps/server/src/', circular: true },
    },
    {
      name: 'composition-root-on-top',
      severity: 'error',
      comment:
        'Only the test harness may import the app itself (app.ts, main.ts, shutdown.ts): the top of apps/server/src ' +
        'assembles the modules. Folders may import only context.ts, config.ts, clock.ts and version.ts from there.',
      from: { path: '^apps/server/src/[^/]+/', pathNot: '^apps/server/src/test/' },
      to: {
        path: '^apps/server/src/[^/]+[.]ts$',
        pathNot: '^apps/server/src/(context|config|clock|version)[.]ts$',
      },
    },
    {
      name: 'kernel-imports-no-module',
      severity: 'error',
      comment:
        'config.ts, clock.ts and version.ts are used by every module, so they import none (context.ts names the ' +
        'services the app hands to modules, and is the one exception: docs/decisions/0017-module-boundaries.md).',
      from: { path: '^apps/server/src/(config|clock|version)[.]ts$' },
      to: { path: '^apps/server/src/(modules|integrations|migrations|demo|test)/' },
    },
    {
      name: 'no-cross-feature',
      severity: 'error',
      comment:
        'A web feature imports another feature. Move what both need to components/, hooks/ or lib/, or link by route.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'shared-web-code-not-features',
      severity: 'error',
      comment:
        'components/, hooks/, lib/, i18n/ and the quick-tip page sit below the features: they must not import one.',
      from: { path: '^apps/web/src/(components|hooks|lib|i18n|styles|test|quick-tip)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'shared-stays-independent',
      severity: 'error',
      comment: 'packages/shared is used by every app and imports none of them.',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only; shared shapes live in packages/shared.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server does not import web code; shared rules live in packages/shared.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import the rules cannot follow would hide a cycle or a cross-feature import.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Server test files sit above everything they test (they build the whole app), so they are not
    // part of any module: leaving them out lets no-module-cycle see the modules and their fixtures.
    exclude: { path: ['(^|/)(node_modules|dist)/', '^apps/server/src/.+[.]test[.]ts$'] },
    babelConfig: { fileName: path.join(__dirname, 'tooling/dependency-cruiser.babel.cjs') },
    tsPreCompilationDeps: true,
    webpackConfig: { fileName: path.join(__dirname, 'tooling/dependency-cruiser.resolve.cjs') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
