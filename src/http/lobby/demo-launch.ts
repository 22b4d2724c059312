// The lobby's side of the operator integration path: it is the demo operator's server. It reads the
// catalog and creates launch URLs through the provider API, with the demo operator's key, exactly as
// an operator would (in-process, through app.inject, so no key ever reaches the browser).
import type { FastifyInstance } from 'fastify';
import { type DemoOperator, ensureDemoOperator } from '../../demo.ts';
import type { Services } from '../../services/index.ts';

export interface LobbyGame {
  symbol: string;
  title: string;
  family?: string;
  rtp?: string | number | null;
  lines?: number;
  provider_tagline?: string;
  thumbnail_url?: string;
  features: Record<string, boolean>;
  /** The certified hooks (catalog, since 1.2.0): null while a variant is not certified. */
  max_win?: { multiplier: string; kind: string } | null;
  volatility?: { level: number; band: string; sd: string } | null;
}

export type LaunchResult = { ok: true; launchUrl: string } | { ok: false; status: number; detail: string };

export interface DemoLauncher {
  catalog(): Promise<LobbyGame[]>;
  launch(input: {
    symbol: string;
    playerId: string;
    device: string;
    returnUrl: string;
  }): Promise<LaunchResult>;
}

export function demoLauncher(app: FastifyInstance, services: Services): DemoLauncher {
  let demo: Promise<DemoOperator> | undefined;
  const key = async (): Promise<string> => {
    demo ??= ensureDemoOperator(services).catch((error) => {
      demo = undefined; // a later request tries again
      throw error;
    });
    return (await demo).apiKey;
  };
  return {
    async catalog() {
      const response = await app.inject({
        method: 'GET',
        url: '/api/provider/v1/games',
        headers: { 'x-provider-api-key': await key() },
      });
      if (response.statusCode !== 200) throw new Error(`demo catalog answered ${response.statusCode}`);
      return (response.json() as { data: { items: LobbyGame[] } }).data.items;
    },
    async launch(input) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/provider/v1/launch-url',
        headers: { 'x-provider-api-key': await key(), 'content-type': 'application/json' },
        payload: {
          symbol: input.symbol,
          external_player_id: input.playerId,
          device: input.device,
          return_url: input.returnUrl,
        },
      });
      const body = response.json() as { launch_url?: string; detail?: string };
      if (response.statusCode !== 200 || !body.launch_url) {
        return { ok: false, status: response.statusCode, detail: body.detail ?? 'launch failed' };
      }
      return { ok: true, launchUrl: body.launch_url };
    },
  };
}
