import type { GameInfo } from '../types.ts';

export const info: GameInfo = {
  symbol: 'rf_ember_crown',
  slug: 'ember-crown',
  title: 'Ember Crown',
  family: 'video-slot',
  lines: 20,
  tagline:
    'Scatter crowns light free spins with doubling wilds; the ember ante brings them about 1.8 times as often.',
  features: {
    bonus: false,
    collect: false,
    free_spins: true,
    buy_feature: false,
    special_bet: true,
    respins: false,
    tumbles: false,
    multipliers: true,
  },
  specialBetProfile: {
    symbol: 'rf_ember_crown',
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
  palette: { background: '#3b0d0c', accent: '#ff8a3d', text: '#fff4e0' },
  live: true,
};
