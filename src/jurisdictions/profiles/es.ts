// Spain: the basic regulation of the slot-machine game (Orden HAP/1370/2014) under Ley 13/2011.
import type { Profile } from '../profile.ts';

const ORDEN = 'Orden HAP/1370/2014, de 25 de julio, reglamentación básica del juego de máquinas de azar';

const PROMOTIONS =
  'Real Decreto 958/2020 (comunicaciones comerciales de las actividades de juego) art. 13, promociones, with 13.1 and 13.3 annulled by the Tribunal Supremo (STS 527/2024, 2 April 2024, https://mse.dlapiper.com/post/102j584/the-spanish-supreme-court-issues-a-ruling-derogating-key-provisions-of-the-royal)';

export const esProfile: Profile = {
  code: 'es',
  name: 'Spain',
  version: '2024-04-02',
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
    promotions_allowed: {
      value: true,
      source: `${PROMOTIONS}: promotions are regulated, not banned, for verified players' accounts`,
    },
    promotion_opt_in_required: {
      value: true,
      source: `${PROMOTIONS}. Not certain what the remaining art. 13 requires of taking part; the conservative value: the player opts in`,
    },
  },
};
