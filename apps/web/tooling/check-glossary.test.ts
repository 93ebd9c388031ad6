import { describe, expect, it } from 'vitest';
import {
  type CatalogueEntry,
  checkEntries,
  checkGlossaries,
  describeProblem,
  type Glossary,
} from './check-glossary.ts';

const GLOSSARY: Glossary = {
  language: 'es',
  terms: [
    { concept: 'amount', preferred: 'importe', forbidden: ['monto', 'montos'] },
    { concept: 'no fee', preferred: 'Sin comisión', forbidden: ['Gratis'], keys: ['noFee'] },
  ],
};
const entry = (key: string, text: string): CatalogueEntry => ({
  source: 'locales/es/wallet.json',
  key,
  text,
});

describe('the glossary check', () => {
  it('every catalogue of every language follows its glossary (docs/glossary/<lang>.json)', async () => {
    const problems = await checkGlossaries();
    expect(problems.map(describeProblem)).toEqual([]);
  });

  it('finds a forbidden variant as a whole word in any case, and not inside another word', () => {
    const problems = checkEntries(GLOSSARY, [
      entry('flows.amount', 'Monto'),
      entry('flows.hint', 'Divídelo en montos más pequeños.'),
      entry('flows.other', 'El importe te convence; desmontoso no es palabra.'),
      entry('flows.noFee', 'Sin comisión'),
    ]);
    expect(problems.map((problem) => [problem.kind, problem.term, problem.entry?.key])).toEqual([
      ['forbidden', 'monto', 'flows.amount'],
      ['forbidden', 'montos', 'flows.hint'],
    ]);
  });

  it('requires the preferred term in the keys a term is scoped to, and only there', () => {
    const problems = checkEntries(GLOSSARY, [
      entry('flows.noFee', 'Gratis'),
      entry('plans.free', 'Gratis'),
      entry('flows.amount', 'Importe'),
    ]);
    expect(problems.map((problem) => [problem.kind, problem.term, problem.entry?.key])).toEqual([
      ['forbidden', 'Gratis', 'flows.noFee'],
      ['not_preferred', 'Sin comisión', 'flows.noFee'],
      ['unused', 'Sin comisión', undefined],
    ]);
  });

  it('reports a preferred term that no string uses any more', () => {
    const problems = checkEntries(GLOSSARY, [entry('flows.noFee', 'Sin comisión')]);
    expect(problems.map(describeProblem)).toEqual(['[es] "importe" (amount) is used nowhere']);
  });
});
