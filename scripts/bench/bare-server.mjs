// The machine's ceiling: Fastify answering one fixed product as JSON, with no database, no schema,
// no logger and no plugins. The bench drives it with the same client settings as the real API.
// With BARE_DATABASE_URL (PostgreSQL), a second route reads the product by id with one prepared
// statement through a node-postgres pool the size of the API's: the cheapest a database-backed answer
// can be on this machine, for reference.
import Fastify from 'fastify';
import pg from 'pg';

const product = JSON.parse(process.env.BARE_PRODUCT_JSON ?? '{}');
const app = Fastify({ logger: false });
app.get('/bare/products/:id', async () => product);

const pool = process.env.BARE_DATABASE_URL
  ? new pg.Pool({
      connectionString: process.env.BARE_DATABASE_URL,
      max: Number(process.env.BARE_POOL_SIZE ?? 20),
    })
  : undefined;
if (pool) {
  pool.on('error', () => {});
  app.get('/bare-db/products/:id', async (req, reply) => {
    const { rows } = await pool.query({
      name: 'bare_by_id',
      text: 'select * from products where id = $1',
      values: [/** @type {{ id: string }} */ (req.params).id],
    });
    return rows[0] ?? reply.code(404).send({ code: 'NOT_FOUND' });
  });
}

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3499) });
console.log('bare server listening');

const shutdown = async () => {
  await app.close();
  await pool?.end();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
