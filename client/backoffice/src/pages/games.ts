// Games: artwork upload with a preview beside the generated fallback; live on/off.
import { type Game, games, gameTitle, HttpError, json, request } from '../api.ts';
import { h } from '../dom.ts';
import { action, allowed, badge, clear, field, heading, needs, notice } from '../ui.ts';

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Admin images need the session cookie and CSRF header: fetched, then shown from a blob URL. */
async function blobUrl(path: string): Promise<string> {
  const response = await request('GET', path);
  return URL.createObjectURL(await response.blob());
}

function gameCard(game: Game, out: ReturnType<typeof notice>, isAdmin: boolean, urls: string[]): HTMLElement {
  const title = gameTitle(game);
  const current = h('img', {
    src: `/api/provider/v1/game-art/${encodeURIComponent(game.symbol)}?v=${Date.now()}`,
    alt: `${title}: artwork shown to operators`,
    width: 240,
    height: 180,
  });
  const generated = h('img', { alt: `${title}: generated fallback art`, width: 240, height: 180 });
  blobUrl(`/api/admin/v1/games/${encodeURIComponent(game.symbol)}/generated-art`).then(
    (url) => {
      urls.push(url);
      generated.src = url;
    },
    () => {
      generated.alt = `${title}: generated art could not be loaded`;
    },
  );
  const preview = h('img', {
    alt: `${title}: preview of the chosen file`,
    width: 240,
    height: 180,
    hidden: true,
  });
  const previewFigure = h(
    'figure',
    { class: 'preview', hidden: true },
    preview,
    h('figcaption', null, 'Your file (preview)'),
  );
  const file = h('input', { type: 'file', name: 'artwork', accept: TYPES.join(',') });
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    const url = URL.createObjectURL(chosen);
    urls.push(url);
    preview.src = url;
    preview.hidden = false;
    previewFigure.hidden = false;
  });
  const upload = h(
    'form',
    { class: 'inline-form', 'aria-label': `Upload artwork for ${title}` },
    field(`Artwork for ${title} (PNG, JPEG or WebP)`, file),
    h('button', { type: 'submit' }, 'Upload'),
  );
  upload.addEventListener(
    'submit',
    action(out, async () => {
      const chosen = file.files?.[0];
      if (!chosen) throw new Error('Choose an image file first.');
      const type = TYPES.includes(chosen.type) ? chosen.type : 'application/octet-stream';
      const response = await request(
        'PUT',
        `/api/admin/v1/games/${encodeURIComponent(game.symbol)}/thumbnail`,
        chosen,
        type,
      );
      const stored = (await response.json()) as { width: number; height: number };
      current.src = `/api/provider/v1/game-art/${encodeURIComponent(game.symbol)}?v=${Date.now()}`;
      out.ok(`${title}: artwork uploaded (${stored.width}×${stored.height}, stored as WebP).`);
    }),
  );
  const remove = h('button', { type: 'button', class: 'secondary' }, 'Use generated art');
  remove.addEventListener(
    'click',
    action(out, async () => {
      try {
        await json('DELETE', `/api/admin/v1/games/${encodeURIComponent(game.symbol)}/thumbnail`);
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 404)) throw error;
      }
      current.src = `/api/provider/v1/game-art/${encodeURIComponent(game.symbol)}?v=${Date.now()}`;
      out.ok(`${title}: back to the generated art.`);
    }),
  );
  const live = h('button', { type: 'button' }, game.live ? 'Take off live' : 'Make live');
  const state = badge(game.live ? 'live' : 'not live', game.live ? 'ok' : 'off');
  live.addEventListener(
    'click',
    action(out, async () => {
      const answer = await json<{ approval?: { id: string }; game?: { live: boolean } }>(
        'PUT',
        `/api/admin/v1/games/${encodeURIComponent(game.symbol)}/live`,
        { live: !game.live },
      );
      if (answer?.approval)
        out.ok(`${title}: going live waits for a second admin (approval ${answer.approval.id}).`);
      else {
        game.live = answer?.game?.live ?? !game.live;
        live.textContent = game.live ? 'Take off live' : 'Make live';
        state.textContent = game.live ? 'live' : 'not live';
        state.className = `badge ${game.live ? 'ok' : 'off'}`;
        out.ok(`${title} is ${game.live ? 'live' : 'not live'} now.`);
        await games(true);
      }
    }),
  );
  const certified = game.variants.every((v) => v.certified);
  return h(
    'article',
    { class: 'game-card', 'aria-labelledby': `game-${game.symbol}` },
    h('h2', { id: `game-${game.symbol}` }, title, ' ', state),
    h(
      'p',
      { class: 'meta' },
      `${game.symbol} · variants ${game.variants.map((v) => `${v.variant} ${v.rtp}${v.certified ? '' : ' (uncertified)'}`).join(', ')}`,
    ),
    h(
      'div',
      { class: 'art-row' },
      h('figure', null, current, h('figcaption', null, 'Shown now')),
      h('figure', null, generated, h('figcaption', null, 'Generated fallback')),
      previewFigure,
    ),
    isAdmin
      ? [
          upload,
          h(
            'div',
            { class: 'actions' },
            remove,
            certified ? live : h('span', { class: 'note' }, 'Uncertified: cannot go live.'),
          ),
        ]
      : null,
  );
}

export async function gamesPage(main: HTMLElement): Promise<() => void> {
  const out = notice();
  const isAdmin = allowed('admin');
  const urls: string[] = [];
  const list = await games(true);
  clear(
    main,
    heading('Games', 'Artwork operators show in their lobbies, and whether each game is live.'),
    out.element,
    isAdmin ? null : needs('admin', 'Uploading artwork or changing live'),
    h(
      'div',
      { class: 'cards' },
      list.map((game) => gameCard(game, out, isAdmin, urls)),
    ),
  );
  return () => {
    for (const url of urls) URL.revokeObjectURL(url);
  };
}
