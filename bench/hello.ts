// The baseline of every HTTP figure: a bare Fastify hello-world, run the same way as the service.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url })}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
