// Spain: the basic regulation of the slot-machine game (Orden HAP/1370/2014) under Ley 13/2011.
import type { Profile } from '../profile.ts';

const ORDEN = 'Orden HAP/1370/2014, de 25 de julio, reglamentación básica del juego de máquinas de azar';

export const esProfile: Profile = {
  code: 'es',
  name: 'Spain',
  version: '2014-07-25',
  rules: {
    session_limits_required: {
      value: true,
      source: `${ORDEN}: before a session the player sets its duration and the amount to play; the session ends when either is reached`,
    },
    show_session_time: { value: true, source: `${ORDEN}: the player sees the time played at every moment` },
    show_net_position: {
      value: true,
      source: `${ORDEN}: the player sees the amount played and the results of the session at every moment`,
    },
    show_rtp: { value: true, source: `${ORDEN}: the game shows its payout percentage and prize table` },
  },
};
