// No market: every switch open, nothing enforced. Operators switch displays on per session.
import type { Profile } from '../profile.ts';

export const defaultProfile: Profile = {
  code: 'default',
  name: 'No jurisdiction rules',
  version: '2026-11-23',
  rules: {},
};
