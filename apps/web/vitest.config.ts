import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // the first test of a file transforms antd on a cold cache
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
