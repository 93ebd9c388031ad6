import type { Config } from '../../config.ts';
import type { CardProcessor } from './processor.ts';
import { SandboxCardProcessor } from './sandbox.ts';

/** The built-in sandbox: the only processor for now (a real adapter will be chosen by its own variable). */
export function createCardProcessor(config: Pick<Config, 'cardSettlementDelayMs'>): CardProcessor {
  return new SandboxCardProcessor({ settlementDelayMs: config.cardSettlementDelayMs });
}
