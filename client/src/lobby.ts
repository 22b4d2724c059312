// Lobby page: tells the Play forms which layout to launch (phone-sized screens get mobile).
import './styles/lobby.css';

const mobile = window.matchMedia('(max-width: 760px), (pointer: coarse)').matches;
for (const input of document.querySelectorAll<HTMLInputElement>('input[name="device"]')) {
  input.value = mobile ? 'mobile' : 'desktop';
}
