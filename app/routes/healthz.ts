import { json } from '@remix-run/node'

/** For load balancers: 200 while this process can serve. server.ts answers 503 while shutting down. */
export function loader() {
	return json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
}
