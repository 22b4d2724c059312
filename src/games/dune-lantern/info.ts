import type { GameInfo } from '../types.ts';

export const info: GameInfo = {
  symbol: 'rf_dune_lantern',
  slug: 'dune-lantern',
  title: 'Lantern of the Dunes',
  family: 'video-slot',
  lines: 10,
  tagline: 'One symbol is chosen before free spins and expands over whole reels.',
  features: {
    bonus: false,
    collect: false,
    free_spins: true,
    buy_feature: true,
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
  palette: { background: '#2a1a06', accent: '#f2c14e', text: '#fff8e7' },
  live: true,
};
