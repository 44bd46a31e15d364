import { PGlite } from '@electric-sql/pglite'
const db = await PGlite.create(process.argv[2])
const R = `o.status = 'paid' AND o.paid_at >= now() - interval '30 days'`
const L = `l.created_at >= now() - interval '30 days'`
const qs = {
 byday_date: `SELECT d::text, currency, amount FROM (SELECT (o.paid_at AT TIME ZONE 'UTC')::date AS d, o.currency, sum(o.amount_minor) AS amount FROM orders o WHERE ${R} GROUP BY 1,2) t`,
 byday_epoch: `SELECT floor(extract(epoch FROM o.paid_at) / 86400)::int AS d, o.currency, sum(o.amount_minor) FROM orders o WHERE ${R} GROUP BY 1,2`,
 signups_date: `SELECT list, d::text, c FROM (SELECT l.list, (l.created_at AT TIME ZONE 'UTC')::date AS d, count(*) c FROM leads l WHERE ${L} GROUP BY 1,2) t`,
 signups_count: `SELECT count(*) FROM leads l WHERE ${L}`,
 all_orders_grouped: `SELECT (o.paid_at AT TIME ZONE 'UTC')::date AS d, o.item_code, o.region, o.currency, o.affiliate, count(*), sum(o.quantity), sum(o.amount_minor) FROM orders o WHERE ${R} GROUP BY 1,2,3,4,5`,
}
for (const [k,q] of Object.entries(qs)) { await db.query(q); const t=performance.now(); const r = await db.query(q); console.log(k, (performance.now()-t).toFixed(1), r.rows.length) }
await db.close()
