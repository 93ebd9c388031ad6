/**
 * Test files that replace a module with `vi.mock`: they run in modules of their own (the root
 * config's `web-isolated` project), since a module an earlier file loaded would keep the real one
 * (decision 0059).
 */
export const MODULE_MOCKING_TESTS = ['src/app/router.test.tsx', 'src/components/qr-scan/scan-panel.test.tsx'];
