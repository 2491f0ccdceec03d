// A bare Fastify hello-world, the baseline bench/verify.ts compares /auth/verify against; it
// answers /auth/verify too, so both are loaded with the same requests.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const hello = async () => 'hello world';
app.get('/', hello);
app.get('/auth/verify', hello);
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
