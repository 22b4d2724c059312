// Lobby page: tells the Play forms which layout to launch (phone-sized screens get mobile) and makes
// the category chips filter the tiles (each tile lists its categories in data-tags).
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-800.css';
import './styles/lobby.css';

const mobile = window.matchMedia('(max-width: 760px), (pointer: coarse)').matches;
for (const input of document.querySelectorAll<HTMLInputElement>('input[name="device"]')) {
  input.value = mobile ? 'mobile' : 'desktop';
}

/** Shows the tiles of one category (or all) and says how many there are. */
function showCategory(filter: string): void {
  const tiles = [...document.querySelectorAll<HTMLElement>('.tiles .tile')];
  let shown = 0;
  for (const tile of tiles) {
    const match = filter === 'all' || (tile.dataset.tags ?? '').split(' ').includes(filter);
    tile.hidden = !match;
    if (match) shown++;
  }
  for (const chip of document.querySelectorAll<HTMLButtonElement>('.chips .chip')) {
    chip.setAttribute('aria-pressed', String(chip.dataset.filter === filter));
  }
  const chosen = document.querySelector<HTMLButtonElement>(`.chips .chip[data-filter="${filter}"]`);
  const title = document.querySelector('.bar-title');
  if (title && chosen) {
    title.firstChild?.replaceWith(`${filter === 'all' ? 'All games' : chosen.textContent} `);
  }
  const count = document.querySelector('.bar-title .count');
  if (count) count.textContent = `${shown} ${shown === 1 ? 'game' : 'games'}`;
  const empty = document.querySelector<HTMLElement>('.empty');
  if (empty) empty.hidden = shown > 0;
}

const chips = document.querySelector<HTMLElement>('.chips');
if (chips?.querySelector('.chip')) {
  chips.hidden = false;
  chips.addEventListener('click', (event) => {
    const chip = (event.target as HTMLElement).closest<HTMLButtonElement>('.chip');
    if (chip?.dataset.filter) showCategory(chip.dataset.filter);
  });
}
