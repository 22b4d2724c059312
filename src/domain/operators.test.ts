import { describe, expect, it } from 'vitest';
import { gameInfos } from '../games/index.ts';
import type { OperatorRow } from '../store/operators.repo.ts';
import {
  acceptedSecrets,
  checkOperatorInput,
  newOperatorFields,
  type OperatorInput,
  operatorView,
  rtpVariantChoices,
  signingSecret,
} from './operators.ts';

const URL_OK = 'https://wallet.casino.example/rf';
const SECRET = 's'.repeat(16);

function row(fields: Partial<OperatorRow> = {}): OperatorRow {
  return {
    id: 'op_1',
    name: 'Casino',
    currency: 'USD',
    status: 'active',
    wallet_mode: 'internal',
    wallet_base_url: null,
    wallet_secret: null,
    rtp_variant: null,
    language: null,
    is_demo: false,
    demo_enabled: true,
    default_jurisdiction: 'default',
    wallet_secret_next: null,
    wallet_secret_switch_at: null,
    created_at: new Date('2025-01-01T00:00:00Z'),
    updated_at: new Date('2025-01-02T00:00:00Z'),
    ...fields,
  };
}

function problems(input: OperatorInput, existing?: OperatorRow): string[] {
  const result = checkOperatorInput(input, existing);
  return result.ok ? [] : result.problems;
}

describe('rtpVariantChoices', () => {
  it('offers only the variants every game has', () => {
    const choices = rtpVariantChoices();
    expect(choices.length).toBeGreaterThan(0);
    for (const id of choices) {
      for (const game of gameInfos) expect(game.rtpVariants.map((variant) => variant.id)).toContain(id);
    }
  });
});

describe('checkOperatorInput: create', () => {
  it('applies the defaults of an internal operator', () => {
    expect(checkOperatorInput({ name: '  Casino  ', wallet_mode: 'internal' }, undefined)).toEqual({
      ok: true,
      value: {
        fields: { name: 'Casino', currency: 'USD', status: 'active', wallet_mode: 'internal' },
        generatedSecret: undefined,
      },
    });
  });

  it.each([
    [{ currency: 'eur' }, { currency: 'EUR' }],
    [{ currency: 'BTC' }, { currency: 'BTC' }],
    [{ status: 'inactive' }, { status: 'inactive' }],
    [{ wallet_base_url: `${URL_OK}///` }, { wallet_base_url: URL_OK }],
    [{ wallet_base_url: null }, { wallet_base_url: null }],
    [{ wallet_secret: SECRET }, { wallet_secret: SECRET }],
    [{ wallet_secret: 'x'.repeat(256) }, { wallet_secret: 'x'.repeat(256) }],
    [{ rtp_variant: null }, { rtp_variant: null }],
    [
      { currency: null, status: null },
      { currency: 'USD', status: 'active' },
    ],
    [{ name: 'n'.repeat(200) }, { name: 'n'.repeat(200) }],
  ])('accepts %j', (patch, expected) => {
    const result = checkOperatorInput({ name: 'Casino', wallet_mode: 'internal', ...patch }, undefined);
    expect(result.ok && result.value.fields).toMatchObject(expected);
  });

  it('accepts every RTP variant choice', () => {
    for (const rtp_variant of rtpVariantChoices()) {
      expect(problems({ name: 'C', wallet_mode: 'internal', rtp_variant })).toEqual([]);
    }
  });

  it.each([
    [{ name: undefined }, 'name must be a string of 1 to 200 characters'],
    [{ name: '   ' }, 'name must be a string of 1 to 200 characters'],
    [{ name: 'n'.repeat(201) }, 'name must be a string of 1 to 200 characters'],
    [{ name: 42 }, 'name must be a string of 1 to 200 characters'],
    [{ currency: 'XXX' }, 'currency must be a supported 3-letter currency code'],
    [{ currency: 840 }, 'currency must be a supported 3-letter currency code'],
    [{ status: 'paused' }, 'status must be active or inactive'],
    [{ status: 'ACTIVE' }, 'status must be active or inactive'],
    [{ wallet_mode: undefined }, 'wallet_mode must be internal or callback'],
    [{ wallet_mode: 'seamless' }, 'wallet_mode must be internal or callback'],
    [{ wallet_base_url: 'ftp://wallet.example' }, 'wallet_base_url must be an absolute http(s) URL'],
    [{ wallet_base_url: '/wallet' }, 'wallet_base_url must be an absolute http(s) URL'],
    [{ wallet_base_url: `${URL_OK}?token=1` }, 'wallet_base_url must be an absolute http(s) URL'],
    [{ wallet_base_url: `${URL_OK}#frag` }, 'wallet_base_url must be an absolute http(s) URL'],
    [{ wallet_base_url: 7 }, 'wallet_base_url must be a string'],
    [{ wallet_secret: 's'.repeat(15) }, 'wallet_secret must be a string of 16 to 256 characters'],
    [{ wallet_secret: 's'.repeat(257) }, 'wallet_secret must be a string of 16 to 256 characters'],
    [{ wallet_secret: 1234567890123456 }, 'wallet_secret must be a string of 16 to 256 characters'],
    [{ rtp_variant: '12.5' }, 'rtp_variant must be null or one of'],
    [{ rtp_variant: 96.5 }, 'rtp_variant must be null or one of'],
  ])('refuses %j', (patch, problem) => {
    const found = problems({ name: 'Casino', wallet_mode: 'internal', ...patch } as OperatorInput);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(problem);
  });

  it('lists every problem at once', () => {
    expect(problems({ name: '', currency: 'ZZZ', status: 'x', wallet_mode: 'y' })).toEqual([
      'name must be a string of 1 to 200 characters',
      'currency must be a supported 3-letter currency code',
      'status must be active or inactive',
      'wallet_mode must be internal or callback',
    ]);
  });

  it('callback mode needs a wallet_base_url', () => {
    expect(problems({ name: 'C', wallet_mode: 'callback' })).toEqual([
      'wallet_base_url is required when wallet_mode is callback',
    ]);
    expect(problems({ name: 'C', wallet_mode: 'callback', wallet_base_url: null })).toEqual([
      'wallet_base_url is required when wallet_mode is callback',
    ]);
  });

  it('callback mode without a secret generates one, once', () => {
    const result = checkOperatorInput(
      { name: 'C', wallet_mode: 'callback', wallet_base_url: URL_OK },
      undefined,
    );
    if (!result.ok) throw new Error(result.problems.join());
    const { generatedSecret, fields } = result.value;
    expect(generatedSecret).toMatch(/^rf_whsec_[0-9A-Za-z]{43}$/);
    expect(fields.wallet_secret).toBe(generatedSecret);
    const again = checkOperatorInput(
      { name: 'C', wallet_mode: 'callback', wallet_base_url: URL_OK },
      undefined,
    );
    expect(again.ok && again.value.generatedSecret).not.toBe(generatedSecret);
  });

  it('callback mode keeps a given secret', () => {
    const result = checkOperatorInput(
      { name: 'C', wallet_mode: 'callback', wallet_base_url: URL_OK, wallet_secret: SECRET },
      undefined,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { generatedSecret: undefined, fields: { wallet_secret: SECRET } },
    });
  });
});

describe('checkOperatorInput: patch', () => {
  const callback = row({ wallet_mode: 'callback', wallet_base_url: URL_OK, wallet_secret: SECRET });

  it('changes only the given fields', () => {
    expect(checkOperatorInput({}, row())).toEqual({
      ok: true,
      value: { fields: {}, generatedSecret: undefined },
    });
    expect(checkOperatorInput({ status: 'inactive', name: undefined }, row())).toEqual({
      ok: true,
      value: { fields: { status: 'inactive' }, generatedSecret: undefined },
    });
  });

  it.each([
    ['switching to callback without a URL', row(), { wallet_mode: 'callback' }],
    ['clearing the URL of a callback operator', callback, { wallet_base_url: null }],
  ])('refuses %s', (_name, existing, patch) => {
    expect(problems(patch, existing)).toEqual(['wallet_base_url is required when wallet_mode is callback']);
  });

  it.each([
    [{ status: null }, 'status must be active or inactive'],
    [{ currency: null }, 'currency must be a supported 3-letter currency code'],
    [{ name: null }, 'name must be a string of 1 to 200 characters'],
    [{ wallet_mode: null }, 'wallet_mode must be internal or callback'],
  ])('refuses %j instead of resetting the field to its default', (patch, problem) => {
    expect(problems(patch as OperatorInput, row({ status: 'inactive', currency: 'EUR' }))).toEqual([problem]);
  });

  it('switching to callback with a stored URL generates the missing secret', () => {
    const result = checkOperatorInput({ wallet_mode: 'callback' }, row({ wallet_base_url: URL_OK }));
    expect(result.ok && result.value.generatedSecret).toMatch(/^rf_whsec_/);
  });

  it('keeps the stored secret of a callback operator', () => {
    const result = checkOperatorInput({ name: 'Renamed' }, callback);
    expect(result).toEqual({ ok: true, value: { fields: { name: 'Renamed' }, generatedSecret: undefined } });
  });

  it('clearing the secret of a callback operator rotates it', () => {
    const result = checkOperatorInput({ wallet_secret: null }, callback);
    expect(result.ok && result.value.generatedSecret).toMatch(/^rf_whsec_/);
    expect(result.ok && result.value.fields.wallet_secret).toBe(result.ok && result.value.generatedSecret);
  });

  it('switching to internal keeps the callback settings for later', () => {
    expect(checkOperatorInput({ wallet_mode: 'internal' }, callback)).toEqual({
      ok: true,
      value: { fields: { wallet_mode: 'internal' }, generatedSecret: undefined },
    });
  });
});

describe('newOperatorFields and operatorView', () => {
  it('fills the defaults of a new operator', () => {
    expect(newOperatorFields({ name: 'C' })).toEqual({
      name: 'C',
      currency: 'USD',
      status: 'active',
      wallet_mode: 'internal',
      wallet_base_url: null,
      wallet_secret: null,
      rtp_variant: null,
      demo_enabled: true,
      language: null,
      default_jurisdiction: 'default',
    });
  });

  it('keeps a known default jurisdiction and refuses others', () => {
    const checked = checkOperatorInput(
      { name: 'C', wallet_mode: 'internal', default_jurisdiction: 'uk' },
      undefined,
    );
    expect(checked.ok && checked.value.fields.default_jurisdiction).toBe('uk');
    expect(problems({ name: 'C', wallet_mode: 'internal', default_jurisdiction: 'xx' })[0]).toMatch(
      /^default_jurisdiction must be one of default, uk, de/,
    );
  });

  it('keeps a supported language in its catalog spelling and refuses others', () => {
    const checked = checkOperatorInput({ name: 'C', wallet_mode: 'internal', language: 'PT-br' }, undefined);
    expect(checked.ok && checked.value.fields.language).toBe('pt-BR');
    expect(problems({ name: 'C', wallet_mode: 'internal', language: 'nl' })[0]).toMatch(/^language must be/);
    expect(problems({ name: 'C', wallet_mode: 'internal', language: 3 })[0]).toMatch(/^language must be/);
  });

  it('never shows the wallet secret, only whether one is set', () => {
    const view = operatorView(row({ wallet_secret: SECRET }));
    expect(JSON.stringify(view)).not.toContain(SECRET);
    expect(view).toMatchObject({
      wallet_secret_set: true,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-02T00:00:00.000Z',
    });
    expect(view).not.toHaveProperty('wallet_secret');
    expect(view).not.toHaveProperty('is_demo');
    expect(operatorView(row()).wallet_secret_set).toBe(false);
  });
});

describe('wallet secret rotation', () => {
  const at = new Date('2026-05-01T12:00:00Z');
  const rotating = row({
    wallet_secret: 'old-secret-0123456789',
    wallet_secret_next: 'new-secret-0123456789',
    wallet_secret_switch_at: at,
  });

  it('signs with the old secret before switch_at and the new one from then on', () => {
    expect(signingSecret(rotating, new Date(at.getTime() - 1))).toBe('old-secret-0123456789');
    expect(signingSecret(rotating, at)).toBe('new-secret-0123456789');
    expect(signingSecret(row({ wallet_secret: SECRET }), at)).toBe(SECRET);
  });

  it('accepts both until the switch, then only the new one', () => {
    expect(acceptedSecrets(rotating, new Date(at.getTime() - 1))).toEqual([
      'old-secret-0123456789',
      'new-secret-0123456789',
    ]);
    expect(acceptedSecrets(rotating, at)).toEqual(['new-secret-0123456789']);
  });
});
