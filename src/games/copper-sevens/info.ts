import type { GameInfo } from '../types.ts';

export const info: GameInfo = {
  symbol: 'rf_copper_sevens',
  slug: 'copper-sevens',
  title: 'Copper Sevens',
  family: 'classic-slot',
  lines: 5,
  tagline:
    'A calm three-reel classic: five lines, frequent small wins, and stacked copper coins worth up to 500× the bet.',
  features: {
    bonus: false,
    collect: false,
    free_spins: false,
    buy_feature: false,
    special_bet: false,
    respins: false,
    tumbles: false,
    multipliers: false,
  },
  specialBetProfile: null,
  rtpVariants: [
    { id: '96.5', target: '96.50' },
    { id: '94.5', target: '94.50' },
  ],
  defaultVariant: '96.5',
  palette: { background: '#2b1608', accent: '#d9823b', text: '#fff1e2' },
  live: true,
};
