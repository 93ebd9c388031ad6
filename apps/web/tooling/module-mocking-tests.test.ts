import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { MODULE_MOCKING_TESTS } from './module-mocking-tests.ts';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

it('lists every web test file that replaces a module, so that it runs isolated (decision 0059)', () => {
  const mocking = readdirSync(path.join(webDir, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(path.join(webDir, file), 'utf8')));
  expect(mocking.sort()).toEqual([...MODULE_MOCKING_TESTS].sort());
});
