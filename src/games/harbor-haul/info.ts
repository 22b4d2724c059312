import type { GameInfo } from '../types.ts';

export const info: GameInfo = {
  symbol: 'rf_harbor_haul',
  slug: 'harbor-haul',
  title: 'Harbor Haul',
  family: 'hold-and-collect',
  lines: 10,
  tagline:
    'Crates carry cash; the harbormaster collects every crate in view, and six crates start free respins that hold them.',
  features: {
    bonus: false,
    collect: true,
    free_spins: false,
    buy_feature: true,
    special_bet: false,
    respins: true,
    tumbles: false,
    multipliers: false,
  },
  specialBetProfile: null,
  rtpVariants: [
    { id: '96.5', target: '96.50' },
    { id: '94.5', target: '94.50' },
  ],
  defaultVariant: '96.5',
  palette: { background: '#062a3a', accent: '#4fd1e8', text: '#eafcff' },
  live: true,
};
