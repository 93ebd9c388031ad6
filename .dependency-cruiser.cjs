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
    exclude: { path: '(^|/)(node_modules|dist)/' },
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
