// How dependency-cruiser resolves the web app's `@/` imports (the `paths` entry of
// apps/web/tsconfig.json), given in the webpack shape that dependency-cruiser reads.
const path = require('node:path');

module.exports = {
  resolve: {
    alias: { '@': path.resolve(__dirname, '../apps/web/src') },
  },
};
