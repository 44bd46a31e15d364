import { PGlite } from '@electric-sql/pglite'
const db = await PGlite.create(process.argv[2])
for (const q of process.argv.slice(3)) {
  const t = performance.now()
  const r = await db.query('EXPLAIN ANALYZE ' + q)
  console.log(r.rows.map(r => r['QUERY PLAN']).join('\n'))
  console.log('---', (performance.now()-t).toFixed(1), 'ms\n')
}
await db.close()
