/**
 * The physical limit on this machine: a minimal Fastify process serving the same answers,
 * captured once from Firemark, from memory. Run by bench/compare.ts: ANSWERS (a JSON file of
 * { url, body, total }), PORT.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

interface Answer {
  url: string;
  body: string;
  total: string | null;
}

const answers = new Map<string, Answer>();
for (const answer of JSON.parse(readFileSync(process.env.ANSWERS!, 'utf8')) as Answer[]) answers.set(answer.url, answer);

const app = Fastify({ logger: false });
app.get('/*', async (request, reply) => {
  const answer = answers.get(request.url);
  if (!answer) return reply.status(404).send({ message: 'Not captured' });
  if (answer.total !== null) reply.header('x-total-count', answer.total);
  return reply.type('application/json; charset=utf-8').send(answer.body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => void app.close());
