// The launch ceiling sends LAUNCH_SQL itself (the endpoint's statement, prepared under its name), so
// it must send every parameter the statement takes: a column added to the launch (default_bet) once
// left `npm run bench` failing with "bind message supplies 20 parameters, but … requires 21".
import { describe, expect, it } from 'vitest';
import { LAUNCH_SQL } from '../src/store/sessions.repo.ts';
import { launchValues } from './ceiling.ts';

describe('the launch ceiling', () => {
  it('sends one array for each of the launch statement’s parameters', () => {
    const parameters = Math.max(...[...LAUNCH_SQL.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
    const values = launchValues({ reality_check_interval: null }, 'op_c', 'k1', new Date(0));
    expect(values).toHaveLength(parameters);
    for (const value of values) expect(value).toHaveLength(1);
  });
});
