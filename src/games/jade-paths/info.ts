import type { GameInfo } from '../types.ts';

export const info: GameInfo = {
  symbol: 'rf_jade_paths',
  slug: 'jade-paths',
  title: 'Jade Paths',
  family: 'ways-slot',
  lines: 243,
  tagline: '243 ways to win; three gates open a lotus pick of cash prizes and multiplier boosts.',
  features: {
    bonus: true,
    collect: false,
    free_spins: false,
    buy_feature: false,
    special_bet: false,
    respins: false,
    tumbles: false,
    multipliers: true,
  },
  specialBetProfile: null,
  rtpVariants: [
    { id: '96.5', target: '96.50' },
    { id: '94.5', target: '94.50' },
  ],
  defaultVariant: '96.5',
  palette: { background: '#06281d', accent: '#3ddc97', text: '#effff7' },
  live: true,
};
