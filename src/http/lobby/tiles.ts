// The demo lobby's tiles and filter chips, as HTML from the catalog the demo operator reads: the
// hooks a lobby manager sells a game by (max win, volatility, features) and its key art made for the
// tile's own 4:3 shape, so the title lettered on it is never cropped.
import { escapeHtml } from '../gs2c/client-dist.ts';
import type { LobbyGame } from './demo-launch.ts';

/** A feature as a badge on the tile, and the filter tag it gives the tile. */
const FEATURES: ReadonlyArray<{ tag: string; label: string; has: (game: LobbyGame) => boolean }> = [
  { tag: 'free-spins', label: 'Free spins', has: (g) => g.features.free_spins === true },
  { tag: 'pick-bonus', label: 'Pick bonus', has: (g) => g.features.bonus === true },
  {
    tag: 'hold-collect',
    label: 'Hold & collect',
    has: (g) => g.features.respins === true || g.features.collect === true,
  },
  { tag: 'tumbles', label: 'Tumbles', has: (g) => g.features.tumbles === true },
  { tag: 'multipliers', label: 'Multipliers', has: (g) => g.features.multipliers === true },
  { tag: 'buy', label: 'Bonus buy', has: (g) => g.features.buy_feature === true },
  { tag: 'ante', label: 'Ante bet', has: (g) => g.features.special_bet === true },
];

/** The filter chips, in order; a chip no game of the catalog matches is not shown. */
export const CHIPS: ReadonlyArray<{ id: string; label: string; has: (game: LobbyGame) => boolean }> = [
  { id: 'free-spins', label: 'Free spins', has: (g) => g.features.free_spins === true },
  {
    id: 'bonus',
    label: 'Bonus games',
    has: (g) => g.features.bonus === true || g.features.respins === true || g.features.collect === true,
  },
  { id: 'buy', label: 'Bonus buy', has: (g) => g.features.buy_feature === true },
  { id: 'high-volatility', label: 'High volatility', has: (g) => (g.volatility?.level ?? 0) >= 4 },
  { id: 'classic', label: 'Classic', has: (g) => g.family === 'classic-slot' },
];

const BANDS: Record<string, string> = {
  low: 'Low',
  medium_low: 'Medium-low',
  medium: 'Medium',
  high: 'High',
  very_high: 'Very high',
};

/** "5000.00" → "5,000", "1104.36" → "1,104.36": digits grouped, no float on the way. */
export function groupedMultiplier(multiplier: string): string | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(multiplier.trim());
  if (!match) return null;
  const whole = (match[1] as string).replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The art the tile shows: the catalog's artwork URL asked for the 4:3 card shape the tile has. */
export function cardArtUrl(thumbnailUrl: string): string {
  if (/[?&]size=/.test(thumbnailUrl)) return thumbnailUrl;
  return `${thumbnailUrl}${thumbnailUrl.includes('?') ? '&' : '?'}size=card`;
}

function tagsOf(game: LobbyGame): string[] {
  return [
    ...FEATURES.filter((f) => f.has(game)).map((f) => f.tag),
    ...CHIPS.filter((c) => c.has(game)).map((c) => c.id),
  ].filter((tag, i, all) => all.indexOf(tag) === i);
}

function volatilityHtml(game: LobbyGame): string {
  const volatility = game.volatility;
  if (!volatility) return '';
  const band = BANDS[volatility.band] ?? volatility.band;
  const bars = '<i></i>'.repeat(5);
  return `<p class="volatility" data-level="${volatility.level}"><span class="label">Volatility</span><span class="meter" aria-hidden="true">${bars}</span><span class="band">${escapeHtml(band)}</span></p>`;
}

export function tile(game: LobbyGame): string {
  const title = escapeHtml(game.title);
  const symbol = escapeHtml(game.symbol);
  const id = `game-${symbol}`;
  const maxWin = game.max_win ? groupedMultiplier(game.max_win.multiplier) : null;
  const hook = maxWin
    ? `<p class="hook">Win up to <strong>${escapeHtml(maxWin)}×</strong></p>`
    : `<p class="hook">${escapeHtml(game.provider_tagline ?? '')}</p>`;
  const badges = FEATURES.filter((f) => f.has(game))
    .map((f) => `<li>${escapeHtml(f.label)}</li>`)
    .join('');
  const rtp = game.rtp ? `<p class="rtp">RTP ${escapeHtml(String(game.rtp))}%</p>` : '';
  const art = game.thumbnail_url
    ? `<img src="${escapeHtml(cardArtUrl(game.thumbnail_url))}" alt="" width="480" height="360" decoding="async">`
    : '';
  return `<li class="tile" data-symbol="${symbol}" data-tags="${escapeHtml(tagsOf(game).join(' '))}">
<article aria-labelledby="${id}">
<div class="art">${art}<span class="play-mark" aria-hidden="true"></span></div>
<div class="info"><h2 id="${id}">${title}</h2>${hook}
<div class="facts">${volatilityHtml(game)}${rtp}</div>
${badges ? `<ul class="badges" aria-label="Features">${badges}</ul>` : ''}
<form method="post" action="/lobby/play"><input type="hidden" name="symbol" value="${symbol}"><input type="hidden" name="device" value="desktop"><button type="submit" class="play" aria-label="Play ${title}">Play</button></form></div>
</article></li>`;
}

/** The chips (All first) for the categories some game of the catalog is in. */
export function chips(games: LobbyGame[]): string {
  const shown = CHIPS.filter((chip) => games.some(chip.has));
  return [
    '<button type="button" class="chip" data-filter="all" aria-pressed="true">All</button>',
    ...shown.map(
      (chip) =>
        `<button type="button" class="chip" data-filter="${chip.id}" aria-pressed="false">${escapeHtml(chip.label)}</button>`,
    ),
  ].join('');
}
