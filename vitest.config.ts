import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fast-check-setup.ts'],
    // Property tests play whole matches; give them room on a 2-core CI machine.
    testTimeout: 60_000,
    pool: 'threads',
  },
});
