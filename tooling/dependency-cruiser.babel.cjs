// Babel settings dependency-cruiser uses to read TypeScript and TSX files. TypeScript 7 has no
// JavaScript API, so Babel strips the types. Type-only imports and re-exports are turned into
// bare imports first, so a feature that imports only a type from another still counts as a
// dependency.
function keepTypeOnlyImports({ types: t }) {
  const bare = (path) => path.replaceWith(t.importDeclaration([], t.stringLiteral(path.node.source.value)));
  return {
    name: 'keep-type-only-imports',
    visitor: {
      Program(program) {
        program.traverse({
          ImportDeclaration(path) {
            const typeOnly =
              path.node.importKind === 'type' ||
              (path.node.specifiers.length > 0 &&
                path.node.specifiers.every((specifier) => specifier.importKind === 'type'));
            if (typeOnly) bare(path);
          },
          ExportNamedDeclaration(path) {
            if (path.node.source && path.node.exportKind === 'type') bare(path);
          },
          ExportAllDeclaration(path) {
            if (path.node.exportKind === 'type') bare(path);
          },
        });
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
  plugins: [keepTypeOnlyImports],
};
