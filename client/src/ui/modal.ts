// The one way a modal <dialog> opens: focus lands on its heading, never on an action button, so a
// Space or Enter the player was already pressing (to spin, to skip) cannot answer it unread.
// Every dialog of the game opens here (client/src/ui/modal.test.ts holds the others to it).

const ACTIVATING = new Set([' ', 'Enter']);

export function showModal(dialog: HTMLDialogElement): void {
  if (!dialog.isConnected) document.body.append(dialog);
  // A key that went down before the dialog opened must not activate anything in it when it comes up.
  const downHere = new Set<string>();
  dialog.addEventListener('keydown', (event) => downHere.add(event.key), true);
  dialog.addEventListener(
    'keyup',
    (event) => {
      if (ACTIVATING.has(event.key) && !downHere.has(event.key)) event.preventDefault();
      downHere.delete(event.key);
    },
    true,
  );
  dialog.showModal();
  dialog.scrollTop = 0;
  const heading = dialog.querySelector<HTMLElement>('h1, h2, h3') ?? dialog.querySelector<HTMLElement>('p');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  } else {
    dialog.setAttribute('tabindex', '-1');
    dialog.focus({ preventScroll: true });
  }
}
