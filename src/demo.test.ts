import { describe, expect, it } from 'vitest';
import { demoBanner } from './demo.ts';

describe('demoBanner', () => {
  it('prints what a first run needs: the operator, its key, the admin token, the back office', () => {
    const text = demoBanner(
      'http://localhost:8080',
      { operatorId: 'op_demo', apiKey: 'rf_live_demo', created: true },
      'rf_admin_demo',
    );
    expect(text).toContain('demo operator : op_demo (created now)');
    expect(text).toContain("-H 'x-provider-api-key: rf_live_demo'");
    expect(text).toContain('admin token   : rf_admin_demo');
    expect(text).toContain('http://localhost:8080/backoffice (first admin: npm run cli -- staff create');
  });
});
