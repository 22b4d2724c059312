// The baseline of every HTTP figure: a bare Fastify hello-world, run the same way as the service.
// `/sized/<bytes>` answers a JSON body of exactly that many bytes, sent as ready bytes as Reelforge
// sends its catalog: the same hello-world with an endpoint's body size, to tell the cost of moving
// the bytes from the cost of Reelforge's own work.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const bodies = new Map<number, Buffer>();
app.get<{ Params: { bytes: string } }>('/sized/:bytes', async (request, reply) => {
  const bytes = Math.min(Math.max(Number.parseInt(request.params.bytes, 10) || 0, 12), 1 << 20);
  let body = bodies.get(bytes);
  if (!body) {
    body = Buffer.from(`{"pad":"${'x'.repeat(bytes - 10)}"}`);
    bodies.set(bytes, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url })}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
