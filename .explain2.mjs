import { PGlite } from '@electric-sql/pglite'
const db = await PGlite.create(process.argv[2])
const R = `o.status = 'paid' AND o.paid_at >= now() - interval '30 days'`
const C = `o.created_at >= now() - interval '30 days'`
const L = `l.created_at >= now() - interval '30 days'`
const qs = {
 product: `SELECT o.item_code, c.name, o.currency, count(*), sum(o.quantity), sum(o.amount_minor) FROM orders o JOIN catalog_items c ON c.code=o.item_code WHERE ${R} GROUP BY 1,2,3`,
 byday: `SELECT to_char(o.paid_at AT TIME ZONE 'UTC','YYYY-MM-DD'), o.currency, sum(o.amount_minor) FROM orders o WHERE ${R} GROUP BY 1,2`,
 funnel: `SELECT count(*), count(*) FILTER (WHERE o.paid_at IS NOT NULL) FROM orders o WHERE ${C}`,
 signups: `SELECT l.list, to_char(l.created_at AT TIME ZONE 'UTC','YYYY-MM-DD'), count(*) FROM leads l WHERE ${L} GROUP BY 1,2`,
 passes: `SELECT count(*), count(p.claimed_at) FROM passes p JOIN orders o ON o.id=p.order_id WHERE o.status='paid'`,
 seats: `SELECT coalesce(sum(o.quantity) FILTER (WHERE o.status='paid'),0), coalesce(sum(o.quantity),0) FROM orders o JOIN catalog_items c ON c.code=o.item_code WHERE c.course_slug='ai-driven-dev' AND (o.status='paid' OR (o.status='pending' AND o.expires_at > now()))`,
}
for (const [k,q] of Object.entries(qs)) { await db.query(q); const t=performance.now(); await db.query(q); console.log(k, (performance.now()-t).toFixed(1)) }
await db.close()
