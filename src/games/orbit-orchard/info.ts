import type { GameInfo } from '../types.ts';

export const info: GameInfo = {
  symbol: 'rf_orbit_orchard',
  slug: 'orbit-orchard',
  title: 'Orbit Orchard',
  family: 'cluster-slot',
  lines: 20,
  tagline:
    'Eight of a kind pay anywhere; wins tumble away and planets multiply them, most of all in free spins.',
  features: {
    bonus: false,
    collect: false,
    free_spins: true,
    buy_feature: true,
    special_bet: true,
    respins: false,
    tumbles: true,
    multipliers: true,
  },
  specialBetProfile: {
    symbol: 'rf_orbit_orchard',
    buttons: 1,
    bls: [20, 25],
    default_bl: 20,
    service_version: '1',
    cver: '1',
  },
  rtpVariants: [
    { id: '96.5', target: '96.50' },
    { id: '94.5', target: '94.50' },
  ],
  defaultVariant: '96.5',
  palette: { background: '#140b33', accent: '#7cf29c', text: '#f2f0ff' },
  live: true,
};
