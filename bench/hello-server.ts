// A bare Fastify hello-world, the baseline bench/verify.ts compares /auth/verify against.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => 'hello world');
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
