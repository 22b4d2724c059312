// Great Britain: the Gambling Commission's remote technical standards (RTS) for online slots and
// the statutory stake limits of 2025.
import type { Profile } from '../profile.ts';

const RTS = 'UKGC Remote gambling and software technical standards';
const RTS14 = `${RTS}, RTS 14 – Responsible product design (requirements 14C–14F apply to slots), https://www.gamblingcommission.gov.uk/standards/remote-gambling-and-software-technical-standards/rts-14-responsible-product-design`;
const FEATURE_BUY =
  "UKGC, 'Games warning for online operators' (17 January 2020): 'feature buy-in' on slots-style games found against RTS requirements 3A and 14A (no product may encourage a customer to increase their stake or the amount they decided to gamble); every operator contacted removed it, https://www.gamblingcommission.gov.uk/news-action-and-statistics/news/2020/Games-warning-for-online-operators.aspx";
const STAKES =
  'The Gambling Act 2005 (Operating Licence Conditions) (Amendment) Regulations 2025 (SI 2025/215), reg. 2 inserting reg. 5(2) into the 2007 Regulations: £5 per game cycle of an online slots game, £2 where the individual is under 25 (£5 from 9 April 2025, £2 from 21 May 2025), https://www.legislation.gov.uk/uksi/2025/215/made';

const INCENTIVES =
  'LCCP Social Responsibility Code 5.1.1 (Rewards and bonuses) as reworded from 19 January 2026, with new provision 5.1.1(3b): incentives are allowed, one type of gambling product in each (a slot tournament or drop on slots and paid in cash or free spins is one), https://www.gamblingcommission.gov.uk/blog/post/socially-responsible-incentives-what-operators-need-to-know';

export const ukProfile: Profile = {
  code: 'uk',
  name: 'Great Britain',
  version: '2026-01-19',
  rules: {
    min_cycle_ms: {
      value: 2500,
      source: `${RTS14}: at least 2.5 seconds between the starts of two slot game cycles`,
    },
    autoplay: {
      value: {
        allowed: false,
        max_rounds: null,
        requires_loss_limit: true,
        requires_single_win_limit: false,
      },
      source: `${RTS}, RTS 8A: the customer must commit to each game cycle individually (no auto-play for gaming)`,
    },
    turbo_allowed: {
      value: false,
      source: `${RTS14}: no feature that reduces the time until the result (turbo, quick spin)`,
    },
    super_turbo_allowed: {
      value: false,
      source: `${RTS14}: no feature that reduces the time until the result`,
    },
    quick_stop_allowed: { value: false, source: `${RTS14}: slam stop is not permitted` },
    celebrate_at_or_below_stake: {
      value: false,
      source: `${RTS14}: no celebration (sound or imagery) of a return equal to or less than the stake`,
    },
    show_net_position: {
      value: true,
      source: `${RTS14}: the customer's net position is displayed during the session`,
    },
    show_session_time: { value: true, source: `${RTS14}: the elapsed session time is displayed` },
    feature_buy_allowed: { value: false, source: FEATURE_BUY },
    one_game_at_a_time: { value: true, source: `${RTS14}: no play of several slot games at the same time` },
    max_stake: {
      value: { currency: 'GBP', amount: '5.00', by_age_band: { '18-24': '2.00', '25+': '5.00' } },
      source: STAKES,
    },
    promotions_allowed: { value: true, source: INCENTIVES },
    promotion_opt_in_required: {
      value: true,
      source:
        "Not certain: no UKGC clause found that requires an explicit opt-in to an in-game promotion as such; the Commission's promotions guidance (LCCP 7.1, 'Transparency', https://www.gamblingcommission.gov.uk/licensees-and-businesses/guide/page/transparency) requires every significant condition before the consumer signs up, so the conservative value: the player opts in after seeing the rules",
    },
  },
};
