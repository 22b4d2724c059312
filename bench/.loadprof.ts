import { load, startChild } from './http.ts';

const node = await startChild<{ url: string; apiKey: string }>('bench/serve.ts', {
  NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/cpuprof4',
});
const h = { 'x-provider-api-key': node.info.apiKey };
const which = process.argv[2] ?? 'games';
const path =
  which === 'games'
    ? '/api/provider/v1/games'
    : which === 'art'
      ? '/api/provider/v1/game-art/rf_ember_crown?title=Ember%20Crown&slug=ember-crown'
      : '/api/provider/v1/games/rf_ember_crown';
console.log(await load(which, node.info.url + path, { duration: 8, connections: 20 }, { headers: h }));
await node.stop();
